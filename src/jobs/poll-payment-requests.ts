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
import { settlePaymentRequest } from "../workflows/payment-request/settle-payment-request"
import { claimPaymentRequestRead, releasePaymentRequestRead } from "../workflows/payment-request/utils/read-claim"

/** Settlements at once per poll: each takes a database connection for a while (pool: 10 by default). */
const POLL_CONCURRENCY = 4
const DAY_MS = 86_400_000
/** A link closed by its first payment is watched this long for a second (a page opened before it). */
const SECOND_PAYMENT_WATCH_HOURS = 24
/** Refunds are followed this long after the request was made; a bank pays a refund out within days. */
const REFUNDS_FOLLOWED_FOR_DAYS = 60

/**
 * Polls what Tikkie may have news about (notifications are best effort): unsettled and open invoice links
 * (paid ones first, then those due), links with a PENDING refund (in the record or the payment's data),
 * and settled links that may still take a second payment. Each settles under the request's lock and its
 * read claim (read-claim.ts: one read inside a return's interval is left due, for the next run); also
 * records sessions the start route did not see, and the run for the health card.
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
    const claim = await claimPaymentRequestRead(container, token)
    if (claim.action !== "read") return undefined
    const outcome = await settlePaymentRequest(container, { paymentRequestToken: token, source: "poll" })
    if (outcome.outcome === "retry" && outcome.lockBusy)
      await releasePaymentRequestRead(container, token, claim.claimedAt)
    if (outcome.outcome === "retry") await boundPaidWithoutOrder(container, token, outcome.reason, now)
    return outcome
  })
  await tikkie.notePollRun("poll:payment_requests")
  return outcomes.filter((o): o is PaymentRequestOutcome => o !== undefined)
}

/** A paid link still unsettled PAID_WITHOUT_ORDER_LIMIT_HOURS after its first payment: a recorded problem. */
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

/** Links whose captured payment holds a PENDING refund the link's record may have missed. */
async function tokensWithPendingRefundsInPayments(
  container: MedusaContainer,
  since: Date,
  limit: number
): Promise<string[]> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment",
    fields: ["id", "data", "tikkie_payment_request.payments"],
    filters: {
      provider_id: { $like: `${PAYMENT_REQUEST_PROVIDER_PREFIX}%` },
      captured_at: { $gt: since },
      refunds: { id: { $ne: null } },
    },
    pagination: { take: limit, order: { captured_at: "ASC" } },
  })
  type Row = {
    data?: { paymentRequestToken?: unknown; payments?: StoredPayment[] } | null
    tikkie_payment_request?: { payments?: { items?: StoredPayment[] } | null } | null
  }
  return (data as Row[]).flatMap((p) => {
    const settled = new Set(
      (p.tikkie_payment_request?.payments?.items ?? []).flatMap((x) =>
        (x.refunds ?? []).filter((r) => r.status !== "PENDING").map((r) => r.refundToken)
      )
    )
    const pending = (p.data?.payments ?? []).some((x) =>
      (x.refunds ?? []).some((r) => r.status === "PENDING" && !settled.has(r.refundToken))
    )
    return pending && typeof p.data?.paymentRequestToken === "string" ? [p.data.paymentRequestToken] : []
  })
}

export async function recordMissingSessions(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const tokenOf = (s: RecentSession) =>
    typeof s.data?.paymentRequestToken === "string" ? s.data.paymentRequestToken : undefined
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
