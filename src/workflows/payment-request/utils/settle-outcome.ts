/* The payment request settlement's input and outcome, below the workflows so routes and jobs share them. */

/** Who asked; `checkout`: a new payment for the cart is about to start (settle-earlier-payments.ts). */
export type PaymentRequestSource = "notification" | "return" | "poll" | "admin" | "checkout"

export type PaymentRequestOutcome =
  | { outcome: "completed"; orderId: string }
  | { outcome: "captured"; orderId: string; paymentId: string }
  | { outcome: "already-completed"; orderId: string }
  | { outcome: "pending" }
  | { outcome: "closed"; status: string }
  /** An invoice link: its payments and refunds were read again. */
  | { outcome: "updated" }
  /** Paid, but it cannot become a captured Medusa payment: kept in the record and logged as an error. */
  | { outcome: "problem"; problem: string }
  | { outcome: "unknown" }
  /** Nothing decided (Tikkie unreachable, cart being completed elsewhere): the poll retries. */
  | { outcome: "retry"; reason: string; handOver?: boolean }

export interface SettlePaymentRequestInput {
  paymentRequestToken: string
  source: PaymentRequestSource
  /** How long to wait for the request's lock before answering "retry" (default 60 s). */
  lockWaitSeconds?: number
  /** The return route: settles in one of the store's inline slots (inline-settlement-slots.ts) or hands over. */
  inlineSlot?: boolean
  retry?: number
  traceparent?: string
}

export { MAX_COMPLETION_ATTEMPTS } from "../../utils/completion-budget"
