import type { FastCheckoutStatus } from "tikkie-client/fast-checkout"

/** `checkout`: a new payment for the cart is about to start. */
export type SettleSource = "webhook" | "return" | "poll" | "checkout"

export interface SettleFastCheckoutInput {
  orderToken?: string
  sessionId?: string
  source: SettleSource
  /** Never trusted: a PAID hint only reads the cart while Tikkie is read. */
  hint?: FastCheckoutStatus
  lockWaitSeconds?: number
  inlineSlot?: boolean
  /** A later read that found the order unpaid answers the webhook claimed then. */
  coveredAfter?: string
  retry?: number
  traceparent?: string
}

export type SettleOutcome =
  | { outcome: "completed"; orderId: string }
  | { outcome: "already-completed"; orderId: string }
  | { outcome: "pending" }
  | { outcome: "closed"; status: Exclude<FastCheckoutStatus, "NEW" | "PAID"> }
  | { outcome: "problem"; problem: string }
  | { outcome: "unknown" }
  | { outcome: "retry"; reason: string; handOver?: boolean; lockBusy?: boolean }

export const RETURN_RATE_WAIT_MS = 1_000

export { MAX_COMPLETION_ATTEMPTS } from "../../utils/completion-budget"
