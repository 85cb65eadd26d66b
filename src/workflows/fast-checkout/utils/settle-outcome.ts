import type { FastCheckoutStatus } from "tikkie-client/fast-checkout"

/*
 * The Fast Checkout settlement's input and outcome (the settlement itself is the workflow step
 * workflows/fast-checkout/steps/settle-fast-checkout-order.ts): here, below the workflows, so the routes,
 * jobs and the record's reading of an outcome (outcome-from-record.ts) share them.
 */

/** Who asked; `checkout`: a new payment for the cart is about to start (settle-earlier-payments.ts). */
export type SettleSource = "webhook" | "return" | "poll" | "checkout"

/** Which Fast Checkout order to settle: by orderToken, or the latest of a payment session. */
export interface SettleFastCheckoutInput {
  orderToken?: string
  sessionId?: string
  source: SettleSource
  /**
   * What the caller was told, e.g. the webhook's status. Never trusted: a PAID hint only lets the
   * cart be read while Tikkie is read, so a paid order reaches completion sooner.
   */
  hint?: FastCheckoutStatus
  /** How long to wait for the order's lock before answering "retry" (default 60 s; the checkout guard's is short). */
  lockWaitSeconds?: number
  /**
   * The return route: the work after the record's early answers runs in one of the store's inline slots
   * (workflows/utils/inline-settlement-slots.ts), taken under the order's lock, so a return waiting for
   * that lock holds no slot. No slot free: answers `retry` with `handOver`, nothing read.
   */
  inlineSlot?: boolean
  /**
   * A settlement a webhook started (ISO time the webhook's read was claimed): when a read of Tikkie that
   * started after it found the order unpaid (the record's `last_checked_at`), that read answers it and
   * Tikkie is not read again.
   */
  coveredAfter?: string
  /** The how-manyth try after a lost database connection this is (workflows/utils/retry-soon.ts). */
  retry?: number
}

export type SettleOutcome =
  | { outcome: "completed"; orderId: string }
  | { outcome: "already-completed"; orderId: string }
  | { outcome: "pending" }
  | { outcome: "closed"; status: Exclude<FastCheckoutStatus, "NEW" | "PAID"> }
  /** PAID, but it cannot become a Medusa order: kept in tikkie_fast_checkout_order and logged as an error. */
  | { outcome: "problem"; problem: string }
  /** Not an order of this store (unknown or forged orderToken). */
  | { outcome: "unknown" }
  /** Nothing decided: Tikkie unreachable, or another instance is completing the cart. The poll retries. */
  /** `handOver`: no inline slot was free (nothing read); `lockBusy`: another settlement held the order's lock (nothing read). */
  | { outcome: "retry"; reason: string; handOver?: boolean; lockBusy?: boolean }

/**
 * How long the return route waits for a slot of the store-wide GET order limit before it redirects the
 * shopper with PROCESSING (the webhook's worker or the poll completes the order). A second: the limit's
 * windows are seconds, so a caller that waits longer is waiting behind a storm, not a burst.
 */
export const RETURN_RATE_WAIT_MS = 1_000

/**
 * A PAID order whose completion failed is retried for a time budget from its first failure, and at least
 * this many times (workflows/utils/completion-budget.ts); then the poll stops; the record stays.
 */
export { MAX_COMPLETION_ATTEMPTS } from "../../utils/completion-budget"
