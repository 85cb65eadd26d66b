import type { FastCheckoutStatus } from "tikkie-client/fast-checkout"

/* The Fast Checkout settlement's input and outcome, below the workflows so routes and jobs share them. */

/** Who asked; `checkout`: a new payment for the cart is about to start (settle-earlier-payments.ts). */
export type SettleSource = "webhook" | "return" | "poll" | "checkout"

/** Which Fast Checkout order to settle: by orderToken, or the latest of a payment session. */
export interface SettleFastCheckoutInput {
  orderToken?: string
  sessionId?: string
  source: SettleSource
  /** What the caller was told; never trusted: a PAID hint only reads the cart while Tikkie is read. */
  hint?: FastCheckoutStatus
  /** How long to wait for the order's lock before answering "retry" (default 60 s). */
  lockWaitSeconds?: number
  /** The return route: settles in one of the store's inline slots (inline-settlement-slots.ts) or hands over. */
  inlineSlot?: boolean
  /** When the webhook's read was claimed (ISO): a later read that found the order unpaid answers it. */
  coveredAfter?: string
  /** The how-manyth try after a lost database connection (retry-soon.ts). */
  retry?: number
  traceparent?: string
}

export type SettleOutcome =
  | { outcome: "completed"; orderId: string }
  | { outcome: "already-completed"; orderId: string }
  | { outcome: "pending" }
  | { outcome: "closed"; status: Exclude<FastCheckoutStatus, "NEW" | "PAID"> }
  /** PAID, but it cannot become a Medusa order: kept in tikkie_fast_checkout_order and logged as an error. */
  | { outcome: "problem"; problem: string }
  | { outcome: "unknown" }
  /** Nothing decided; `handOver`: no inline slot was free, `lockBusy`: another settlement held the lock. */
  | { outcome: "retry"; reason: string; handOver?: boolean; lockBusy?: boolean }

/** How long the return route waits for a GET order slot before it answers PROCESSING. */
export const RETURN_RATE_WAIT_MS = 1_000

export { MAX_COMPLETION_ATTEMPTS } from "../../utils/completion-budget"
