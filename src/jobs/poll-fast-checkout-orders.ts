import type { MedusaContainer } from "@medusajs/framework/types"
import { tikkieScheduledJobsOff } from "../utils/job-schedule"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { mapConcurrently } from "../utils/map-concurrently"
import { forRecentSessionPages, type RecentSession } from "../workflows/utils/missing-sessions"
import { paidTooLongWithoutOrder, paidWithoutOrderProblem } from "../workflows/utils/paid-without-order"
import { pollBatchSize, STALE_AFTER_MS, UNREAD_AFTER_EXPIRY_MS } from "../workflows/utils/poll-schedule"
import { TIKKIE_MODULE } from "../modules/tikkie"
import type TikkieModuleService from "../modules/tikkie/service"
import { FAST_CHECKOUT_PROVIDER_PREFIX } from "../providers/provider-keys"
import { recordFastCheckoutSession } from "../workflows/fast-checkout/utils/record-session"
import { MAX_COMPLETION_ATTEMPTS, type SettleOutcome } from "../workflows/fast-checkout/utils/settle-outcome"
import { settleFastCheckoutOrder } from "../workflows/fast-checkout/settle-fast-checkout-order"
import {
  claimFastCheckoutWebhookRead,
  releaseFastCheckoutWebhookRead,
} from "../workflows/fast-checkout/utils/webhook-read-claim"

/** Settlements at once per poll: each holds a database connection a while (pool: 10 by default). */
const POLL_CONCURRENCY = 4

/**
 * Polls unsettled Fast Checkout orders (a webhook may never come): at most `batch` a run, PAID without an
 * order first, then the unpaid ones due (poll-schedule.ts), each read within the store-wide GET limit
 * and under the order's read claim (webhook-read-claim.ts): one read inside someone else's interval is
 * left due, for the next run. Also records sessions a crash left without a record, and the run.
 */
export async function pollFastCheckoutOrders(
  container: MedusaContainer,
  opts: { batch?: number; now?: Date } = {}
): Promise<SettleOutcome[]> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  await recordMissingSessions(container)
  // Taken after the missing sessions were recorded: a record made just now is due in this run.
  const now = opts.now ?? new Date()
  const due = await tikkie.listDueFastCheckoutOrderTokens({
    limit: opts.batch ?? pollBatchSize(),
    maxAttempts: MAX_COMPLETION_ATTEMPTS,
    expiredAfter: new Date(now.getTime() - STALE_AFTER_MS),
    unreadExpiredAfter: new Date(now.getTime() - UNREAD_AFTER_EXPIRY_MS),
    now,
  })
  const outcomes = await mapConcurrently(due, POLL_CONCURRENCY, async (orderToken) => {
    const claim = await claimFastCheckoutWebhookRead(container, orderToken, { deferred: true })
    if (claim.action !== "read") return undefined
    const outcome = await settleFastCheckoutOrder(container, { orderToken, source: "poll" })
    if (outcome.outcome === "retry" && outcome.lockBusy)
      await releaseFastCheckoutWebhookRead(container, orderToken, claim.claimedAt)
    if (outcome.outcome === "retry") await boundPaidWithoutOrder(container, orderToken, outcome.reason, now)
    return outcome
  })
  await tikkie.notePollRun("poll:fast_checkout")
  return outcomes.filter((o): o is SettleOutcome => o !== undefined)
}

/** A PAID order still without an order after PAID_WITHOUT_ORDER_LIMIT_HOURS: a recorded problem, no more retries. */
async function boundPaidWithoutOrder(container: MedusaContainer, orderToken: string, reason: string, now: Date) {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [record] = await tikkie.listFastCheckoutOrders({ order_token: orderToken })
  if (
    !record ||
    record.status !== "PAID" ||
    record.medusa_order_id ||
    !paidTooLongWithoutOrder(new Date(record.created_at), now)
  )
    return
  const problem = paidWithoutOrderProblem(new Date(record.created_at), now, reason)
  // Final at once: attempts at the limit and no retry time left (workflows/utils/completion-budget.ts).
  await tikkie.updateFastCheckoutOrders({
    id: record.id,
    problem,
    attempts: Math.max(record.attempts, MAX_COMPLETION_ATTEMPTS),
    retry_until: null,
  })
  container.resolve(ContainerRegistrationKeys.LOGGER).error(`Tikkie Fast Checkout order ${orderToken}: ${problem}`)
}

/** Records the last day's sessions that have no record (a crash between the two), a page at a time. */
export async function recordMissingSessions(container: MedusaContainer) {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const tokenOf = (s: RecentSession) => (typeof s.data?.orderToken === "string" ? s.data.orderToken : undefined)
  await forRecentSessionPages(
    container,
    {
      providerPrefix: FAST_CHECKOUT_PROVIDER_PREFIX,
      since: new Date(Date.now() - STALE_AFTER_MS),
      fields: ["id", "provider_id", "data", "status"],
    },
    async (sessions) => {
      const tokens = sessions.map(tokenOf).filter((t): t is string => !!t)
      if (!tokens.length) return
      const known = new Set(
        (
          await tikkie.listFastCheckoutOrders({ order_token: tokens }, { select: ["order_token"], take: tokens.length })
        ).map((r) => r.order_token)
      )
      for (const s of sessions) {
        const token = tokenOf(s)
        if (token && !known.has(token)) await recordFastCheckoutSession(container, s)
      }
    }
  )
}

export default async function pollFastCheckoutOrdersJob(container: MedusaContainer) {
  if (tikkieScheduledJobsOff()) return
  const outcomes = await pollFastCheckoutOrders(container)
  const completed = outcomes.filter((o) => o.outcome === "completed").length
  if (completed) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`Tikkie Fast Checkout poll: ${completed} order(s) completed`)
  }
}

export const config = {
  name: "tikkie-poll-fast-checkout-orders",
  schedule: "* * * * *",
}
