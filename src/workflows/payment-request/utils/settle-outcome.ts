/*
 * The payment request settlement's input and outcome (the settlement itself is the workflow step
 * workflows/payment-request/steps/settle-payment-request.ts): here, below the workflows, so the routes,
 * jobs and the record's reading of an outcome (outcome-from-record.ts) share them.
 */

/** Who asked; `checkout`: a new payment for the cart is about to start (settle-earlier-payments.ts). */
export type PaymentRequestSource = "notification" | "return" | "poll" | "admin" | "checkout"

export type PaymentRequestOutcome =
  /** A checkout link was paid and its cart became this order. */
  | { outcome: "completed"; orderId: string }
  /** An order link was paid: the order's payment is captured. */
  | { outcome: "captured"; orderId: string; paymentId: string }
  | { outcome: "already-completed"; orderId: string }
  /** Not paid yet. */
  | { outcome: "pending" }
  /** Cannot be paid any more (EXPIRED, CLOSED, …) and was not paid. */
  | { outcome: "closed"; status: string }
  /** An invoice link: its payments and refunds were read again. */
  | { outcome: "updated" }
  /** Paid, but it cannot become a captured Medusa payment: kept in the record and logged as an error. */
  | { outcome: "problem"; problem: string }
  /** Not a payment request of this store. */
  | { outcome: "unknown" }
  /** Nothing decided (Tikkie unreachable, cart being completed elsewhere): the poll retries. */
  | { outcome: "retry"; reason: string; handOver?: boolean }

/** Which payment request to settle, and who asks. */
export interface SettlePaymentRequestInput {
  paymentRequestToken: string
  source: PaymentRequestSource
  /** How long to wait for the request's lock before answering "retry" (default 60 s; the checkout guard's is short). */
  lockWaitSeconds?: number
  /**
   * The return route: the work after the record lookup runs in one of the store's inline slots
   * (workflows/utils/inline-settlement-slots.ts), taken under the request's lock, so a return waiting
   * for that lock holds no slot. No slot free: answers `retry` with `handOver`, nothing read.
   */
  inlineSlot?: boolean
  /** The how-manyth try after a lost database connection this is (workflows/utils/retry-soon.ts). */
  retry?: number
}

/**
 * A paid request whose completion failed is retried for a time budget from its first failure, and at least
 * this many times (workflows/utils/completion-budget.ts); then the poll stops; the record stays.
 */
export { MAX_COMPLETION_ATTEMPTS } from "../../utils/completion-budget"
