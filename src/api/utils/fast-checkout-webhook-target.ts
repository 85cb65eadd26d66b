import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"
import { completionGivenUp } from "../../workflows/utils/completion-budget"

export type FastCheckoutWebhookTarget =
  /** No record has this orderToken: not an order of this store (or one whose session was never recorded, which the poll records and settles). */
  | "unknown"
  /** Already a Medusa order, closed, or a problem the poll no longer retries: a webhook changes nothing. */
  | "settled"
  /** Open: a settlement should read it. */
  | "open"

/**
 * What a webhook for this orderToken can change, from ONE read of the unique order_token index and
 * before any event is emitted: a flood of forged or repeated webhooks costs a primary-key-like lookup
 * each and no event-bus job, no settlement, no Tikkie read.
 *
 * Sessions created by a path that did not record them (the payment-session middleware records after
 * Medusa answered, so a crash between the two can lose it) have no record yet: their webhook is dropped
 * here, and the poll job's "sessions without a record" step records and settles them within a minute.
 */
export async function fastCheckoutWebhookTarget(
  container: MedusaContainer,
  orderToken: string
): Promise<FastCheckoutWebhookTarget> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [record] = await tikkie.listFastCheckoutOrders(
    { order_token: orderToken },
    { select: ["id", "status", "medusa_order_id", "problem", "attempts", "retry_until"], take: 1 }
  )
  if (!record) return "unknown"
  return isSettledFastCheckoutRecord(record) ? "settled" : "open"
}

/** A record no settlement will change any more (the same early answers settleFastCheckoutOrder gives). */
export function isSettledFastCheckoutRecord(record: {
  status: string
  medusa_order_id?: string | null
  problem?: string | null
  attempts?: number | null
  retry_until?: Date | string | null
}): boolean {
  if (record.medusa_order_id) return true
  if (record.status === "CANCELLED" || record.status === "EXPIRED" || record.status === "ERROR") return true
  return completionGivenUp(record)
}
