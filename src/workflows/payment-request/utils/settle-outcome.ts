/** `checkout`: a new payment for the cart is about to start. */
export type PaymentRequestSource = "notification" | "return" | "poll" | "admin" | "checkout"

export type PaymentRequestOutcome =
  | { outcome: "completed"; orderId: string }
  | { outcome: "captured"; orderId: string; paymentId: string }
  | { outcome: "already-completed"; orderId: string }
  | { outcome: "pending" }
  | { outcome: "closed"; status: string }
  | { outcome: "updated" }
  /** Paid, but it cannot become a captured payment: kept in the record and logged. */
  | { outcome: "problem"; problem: string }
  | { outcome: "unknown" }
  | { outcome: "retry"; reason: string; handOver?: boolean; lockBusy?: boolean }

export interface SettlePaymentRequestInput {
  paymentRequestToken: string
  source: PaymentRequestSource
  lockWaitSeconds?: number
  inlineSlot?: boolean
  retry?: number
  traceparent?: string
}

export { MAX_COMPLETION_ATTEMPTS } from "../../utils/completion-budget"
