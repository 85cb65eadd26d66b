import type { MedusaContainer } from "@medusajs/framework/types"
import { tikkieJobSchedule, tikkieScheduledJobsOff } from "../lib/job-schedule"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../modules/tikkie"
import type TikkieModuleService from "../modules/tikkie/service"
import { FAST_CHECKOUT_PROVIDER_PREFIX } from "../workflows/fast-checkout/provider-id"
import { recordFastCheckoutSession } from "../workflows/fast-checkout/record-session"
import {
  MAX_COMPLETION_ATTEMPTS,
  settleFastCheckoutOrder,
  type SettleOutcome,
} from "../workflows/fast-checkout/settle-fast-checkout-order"

/** How long after its expiration an order that Tikkie still calls NEW is asked about again. */
const STALE_AFTER_MS = 24 * 3_600_000
const BATCH = 500

/**
 * Polls Fast Checkout orders that are not settled yet (Tikkie recommends polling besides the webhook,
 * and a webhook may never come). Each read goes through the store-wide limit of GET order calls, so
 * however many instances run this, Tikkie's 250 a second is respected. Also records sessions that a
 * crash or a missed response left without a record.
 */
export async function pollFastCheckoutOrders(container: MedusaContainer): Promise<SettleOutcome[]> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  await recordMissingSessions(container)
  const open = await tikkie.listFastCheckoutOrders(
    {
      medusa_order_id: null,
      status: ["NEW", "PAID"],
      attempts: { $lt: MAX_COMPLETION_ATTEMPTS },
      expires_at: { $gt: new Date(Date.now() - STALE_AFTER_MS) },
    } as never,
    { take: BATCH, order: { expires_at: "ASC" } }
  )
  const outcomes: SettleOutcome[] = []
  for (const record of open) {
    outcomes.push(await settleFastCheckoutOrder(container, { orderToken: record.order_token, source: "poll" }))
  }
  return outcomes
}

async function recordMissingSessions(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "provider_id", "data", "status"],
    filters: {
      provider_id: { $like: `${FAST_CHECKOUT_PROVIDER_PREFIX}%` },
      created_at: { $gt: new Date(Date.now() - STALE_AFTER_MS) },
    } as never,
  })
  for (const s of data as Array<{ id: string; provider_id: string; data: Record<string, unknown> | null }>) {
    await recordFastCheckoutSession(container, s)
  }
}

export default async function pollFastCheckoutOrdersJob(container: MedusaContainer) {
  if (tikkieScheduledJobsOff()) return
  const outcomes = await pollFastCheckoutOrders(container)
  const completed = outcomes.filter((o) => o.outcome === "completed").length
  if (completed) {
    container.resolve(ContainerRegistrationKeys.LOGGER).info(`Tikkie Fast Checkout poll: ${completed} order(s) completed`)
  }
}

export const config = {
  name: "tikkie-poll-fast-checkout-orders",
  schedule: tikkieJobSchedule("* * * * *"),
}
