import type { MedusaContainer } from "@medusajs/framework/types"
import { tooBusyToSettleInline } from "../../workflows/utils/inline-settlement-slots"
import type { RouteTiming } from "../../utils/settlement-timing"

type Retry = { outcome: "retry"; reason: string; handOver?: boolean; lockBusy?: boolean }

/** How one return route claims, settles, gives back and hands over (Fast Checkout's and the payment link's). */
export interface ReturnSettlement<O> {
  claim(): Promise<{ action: "read"; claimedAt: string } | { action: "defer" | "skip" }>
  /** The record's answer when someone else read moments ago; never "not paid" from such a read. */
  fromRecordReadMomentsAgo(): O | undefined
  settleInline(): Promise<O | Retry>
  release(claimedAt: string): Promise<void>
  /** Emits the read this return claimed to the workers. */
  handOver(): Promise<void>
}

/**
 * A return the record cannot answer: with the order's read claimed it settles inline in one of the store's
 * slots, or hands the read to the workers (a busy server of several instances, every slot taken) and
 * answers PROCESSING, so the storefront asks again. A lock held by another settlement gives the claim back.
 */
export async function settleOnReturn<O>(
  scope: MedusaContainer,
  steps: ReturnSettlement<O>,
  timing?: RouteTiming
): Promise<O | Retry> {
  const claim = await steps.claim()
  timing?.mark("claim")
  if (claim.action !== "read")
    return steps.fromRecordReadMomentsAgo() ?? { outcome: "retry", reason: "read moments ago" }
  const busy = tooBusyToSettleInline(scope)
  const outcome: O | Retry = busy
    ? { outcome: "retry", reason: "handed over to the workers: the server is busy", handOver: true }
    : await steps.settleInline()
  const retry = isRetry(outcome) ? outcome : undefined
  timing?.mark(busy ? "server busy" : retry?.handOver ? "settlement: no slot" : "settlement")
  if (!retry) return outcome
  if (retry.lockBusy) await steps.release(claim.claimedAt)
  if (!retry.handOver) return outcome
  await steps.handOver()
  timing?.mark("enqueue (handed over)")
  return outcome
}

function isRetry(outcome: unknown): outcome is Retry {
  return (outcome as { outcome?: unknown }).outcome === "retry"
}
