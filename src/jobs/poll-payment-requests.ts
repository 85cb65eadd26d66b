import type { MedusaContainer } from "@medusajs/framework/types"
import { forRecentSessionPages, type RecentSession } from "../workflows/utils/missing-sessions"
import { tikkieScheduledJobsOff } from "../utils/job-schedule"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { mapConcurrently } from "../utils/map-concurrently"
import { paidTooLongWithoutOrder, paidWithoutOrderProblem } from "../workflows/utils/paid-without-order"
import { pollBatchSize } from "../workflows/utils/poll-schedule"
import { TIKKIE_MODULE } from "../modules/tikkie"
import type TikkieModuleService from "../modules/tikkie/service"
import { addDays, amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { PAYMENT_REQUEST_PROVIDER_PREFIX } from "../providers/provider-keys"
import { paymentRequestProviders } from "../workflows/payment-request/utils/payment-request-providers"
import type { StoredPayment } from "../providers/payment-request/session-data"
import { recordPayments, recordSessionPaymentRequest } from "../workflows/payment-request/utils/record-payment-request"
import { MAX_COMPLETION_ATTEMPTS, type PaymentRequestOutcome } from "../workflows/payment-request/utils/settle-outcome"
import { settlePaymentRequestWorkflow } from "../workflows/payment-request/settle-payment-request"

/** Settlements at once per poll: each takes a database connection for a while (pool: 10 by default). */
const POLL_CONCURRENCY = 4
const DAY_MS = 86_400_000
/**
 * How long after a link's first payment the poll still looks for a second one when the first closed it
 * (MAX_SUCCESSFUL_PAYMENTS_REACHED). Tikkie names no time a payment page stays payable once open; a day
 * covers a second device or a shared link opened before the first payment, at one read per backoff step.
 */
const SECOND_PAYMENT_WATCH_HOURS = 24
/** Refunds are followed this long after the request was made; a bank pays a refund out within days. */
const REFUNDS_FOLLOWED_FOR_DAYS = 60

/**
 * Polls payment requests Tikkie may have news about: notifications are best effort (at most three
 * attempts) and a store may have no subscription at all, so the poll is what makes a lost notification
 * harmless. It reads:
 * - unsettled checkout and order links, and open invoice links, until a day after their expiry date (a
 *   link with a payment and no captured Medusa payment whatever its expiry, see workflows/utils/paid-without-order.ts):
 *   at most `batch` (TIKKIE_POLL_BATCH, 500) a run, those with a payment but no captured Medusa payment
 *   first, then those whose next check is due (sooner for young links, workflows/utils/poll-schedule.ts);
 * - paid links with a refund still PENDING, in the link's record or only in the Medusa payment's data (the
 *   provider wrote it there and the write into the record was lost), so it becomes PAID without a REFUND
 *   notification.
 * - settled checkout and order links that may still take a payment (OPEN and not expired, or closed by
 *   their first payment less than SECOND_PAYMENT_WATCH_HOURS ago), when due: a second payment on a shared
 *   link becomes a refund owed (extra-payments.ts) although v1 sends no notification and a v2
 *   notification may be lost.
 * It also records sessions made through Medusa's own payment-session route, which the plugin's start
 * route did not see. Every settlement runs under the request's lock, so overlapping polls of several
 * instances change nothing twice.
 */
export async function pollPaymentRequests(
  container: MedusaContainer,
  opts: { batch?: number; now?: Date } = {}
): Promise<PaymentRequestOutcome[]> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  await recordMissingSessions(container)
  // Taken after the missing sessions were recorded: a record made just now is due in this run.
  const now = opts.now ?? new Date()
  const yesterday = addDays(amsterdamDate(now.getTime()), -1)
  const batch = opts.batch ?? pollBatchSize()
  const open = await tikkie.listDuePaymentRequestTokens({
    limit: batch,
    maxAttempts: MAX_COMPLETION_ATTEMPTS,
    expiryDateFrom: yesterday,
    now,
  })
  const since = new Date(Date.now() - REFUNDS_FOLLOWED_FOR_DAYS * DAY_MS)
  const refunding = await tikkie.listRefundingPaymentRequestTokens({ since, limit: batch })
  const refundingInPayments = await tokensWithPendingRefundsInPayments(container, since, batch)
  const settledPayable = await tikkie.listSettledPayablePaymentRequestTokens({
    limit: batch,
    expiryDateFrom: amsterdamDate(now.getTime()),
    firstPaidAfter: new Date(now.getTime() - SECOND_PAYMENT_WATCH_HOURS * 3_600_000),
    now,
  })

  const tokens = new Set<string>([...open, ...refunding, ...refundingInPayments, ...settledPayable])
  const outcomes = await mapConcurrently([...tokens], POLL_CONCURRENCY, async (token) => {
    const outcome = (
      await settlePaymentRequestWorkflow(container).run({ input: { paymentRequestToken: token, source: "poll" } })
    ).result
    if (outcome.outcome === "retry") await boundPaidWithoutOrder(container, token, outcome.reason, now)
    return outcome
  })
  await tikkie.notePollRun("poll:payment_requests")
  return outcomes
}

/**
 * A paid checkout or order link the poll could not settle: after PAID_WITHOUT_ORDER_LIMIT_HOURS from its
 * first payment it becomes a recorded problem (workflows/utils/paid-without-order.ts) and an error in the log, and
 * the poll stops retrying it.
 */
async function boundPaidWithoutOrder(container: MedusaContainer, token: string, reason: string, now: Date) {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [record] = await tikkie.listPaymentRequests({ payment_request_token: token })
  const payments = record ? recordPayments(record) : []
  if (!record || record.kind === "invoice" || record.medusa_payment_id || !payments.length) return
  const since = new Date(Math.min(...payments.map((p) => new Date(p.createdDateTime).getTime())))
  if (!paidTooLongWithoutOrder(since, now)) return
  const problem = paidWithoutOrderProblem(since, now, reason)
  // Final at once: attempts at the limit and no retry time left (workflows/utils/completion-budget.ts).
  await tikkie.updatePaymentRequests({
    id: record.id,
    problem,
    attempts: Math.max(record.attempts, MAX_COMPLETION_ATTEMPTS),
    retry_until: null,
  })
  container.resolve(ContainerRegistrationKeys.LOGGER).error(`Tikkie payment request ${token}: ${problem}`)
}

/**
 * Links whose Medusa payment (captured since `since`) holds a PENDING refund in its data: the refund the
 * provider made is followed even if recordLinkRefundsWorkflow never wrote it into the link's record.
 */
async function tokensWithPendingRefundsInPayments(
  container: MedusaContainer,
  since: Date,
  limit: number
): Promise<string[]> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment",
    fields: ["id", "data"],
    filters: {
      provider_id: { $like: `${PAYMENT_REQUEST_PROVIDER_PREFIX}%` },
      captured_at: { $gt: since },
      refunds: { id: { $ne: null } },
    },
    pagination: { take: limit, order: { captured_at: "ASC" } },
  })
  return (data as Array<{ data?: { paymentRequestToken?: unknown; payments?: StoredPayment[] } | null }>).flatMap(
    (p) =>
      typeof p.data?.paymentRequestToken === "string" &&
      (p.data.payments ?? []).some((x) => (x.refunds ?? []).some((r) => r.status === "PENDING"))
        ? [p.data.paymentRequestToken]
        : []
  )
}

export async function recordMissingSessions(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const tokenOf = (s: RecentSession) =>
    typeof s.data?.paymentRequestToken === "string" ? s.data.paymentRequestToken : undefined
  // Bounded pages, newest first (workflows/utils/missing-sessions.ts), one lookup of their records per page.
  await forRecentSessionPages(
    container,
    {
      providerPrefix: PAYMENT_REQUEST_PROVIDER_PREFIX,
      since: new Date(Date.now() - DAY_MS),
      fields: ["id", "provider_id", "data", "payment_collection_id"],
    },
    async (sessions) => {
      const tokens = sessions.map(tokenOf).filter((t): t is string => !!t)
      if (!tokens.length) return
      // One read for the page: only sessions without a record are looked at further.
      const known = new Set(
        (
          await tikkie.listPaymentRequests(
            { payment_request_token: tokens },
            { select: ["payment_request_token"], take: tokens.length }
          )
        ).map((r) => r.payment_request_token)
      )
      for (const s of sessions) {
        const token = tokenOf(s)
        if (!token || known.has(token) || !s.payment_collection_id) continue
        const session = { ...s, payment_collection_id: s.payment_collection_id }
        const { data: carts } = await query.graph({
          entity: "cart_payment_collection",
          fields: ["cart_id"],
          filters: { payment_collection_id: s.payment_collection_id },
        })
        const cartId = (carts[0] as { cart_id?: string } | undefined)?.cart_id
        if (cartId) {
          const options = (await paymentRequestProviders(container)).find(
            (p) => p.providerId === s.provider_id
          )?.options
          await recordSessionPaymentRequest(container, session, {
            kind: "checkout",
            cartId,
            successUrl: options?.successUrl,
            failureUrl: options?.failureUrl,
          })
          continue
        }
        const { data: orders } = await query.graph({
          entity: "order_payment_collection",
          fields: ["order_id"],
          filters: { payment_collection_id: s.payment_collection_id },
        })
        const orderId = (orders[0] as { order_id?: string } | undefined)?.order_id
        if (orderId) await recordSessionPaymentRequest(container, session, { kind: "order", orderId })
      }
    }
  )
}

export default async function pollPaymentRequestsJob(container: MedusaContainer) {
  if (tikkieScheduledJobsOff()) return
  const outcomes = await pollPaymentRequests(container)
  const done = outcomes.filter((o) => o.outcome === "completed" || o.outcome === "captured").length
  if (done)
    container.resolve(ContainerRegistrationKeys.LOGGER).info(`Tikkie payment request poll: ${done} payment(s) settled`)
}

export const config = {
  name: "tikkie-poll-payment-requests",
  schedule: "* * * * *",
}
