import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { amsterdamDate } from "tikkie-client/account-information"
import { addDays } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type { HealthKey } from "../../modules/tikkie/call-health"
import type TikkieModuleService from "../../modules/tikkie/service"
import { TIKKIE_BANK_MODULE } from "../../modules/tikkie-bank"
import { currentConnection } from "../../modules/tikkie-bank/bank-session"
import type TikkieBankModuleService from "../../modules/tikkie-bank/service"
import { isFastCheckoutProvider } from "../../providers/provider-keys"
import {
  busiestRateSecondInRedis,
  FAST_CHECKOUT_GET_ORDER_CALLS_PER_SECOND,
  FAST_CHECKOUT_GET_ORDER_KEY,
} from "../../modules/tikkie/database-rate-limiter"
import { storeRedisOf } from "../../utils/store-redis"
import { MAX_COMPLETION_ATTEMPTS } from "./completion-budget"
import {
  type CallMarks,
  consentCheck,
  credentialsCheck,
  type HealthCheck,
  type HealthStatus,
  overallStatus,
  paidWithoutOrderCheck,
  pollCheck,
  readBudgetCheck,
  reconciliationCheck,
  refundsOwedCheck,
  webhookCheck,
} from "./health-rules"
import { PAID_WITHOUT_ORDER_LIMIT_HOURS } from "./paid-without-order"
import { STALE_AFTER_MS, UNREAD_AFTER_EXPIRY_MS } from "./poll-schedule"
import { paymentRequestProviders } from "../payment-request/utils/payment-request-providers"

export interface TikkieHealth {
  status: HealthStatus
  checked_at: string
  checks: HealthCheck[]
}

/**
 * The health card: every check of the Tikkie services this store runs (Fast Checkout, payment requests
 * v2 and v1, the bank when its module is configured) and of the money waiting on the admin. Reads the
 * plugin's records and marks only: no call to Tikkie, so a monitoring system may ask every minute.
 */
export async function tikkieHealth(container: MedusaContainer, now = new Date()): Promise<TikkieHealth> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const [marks, providers, linkProviders, paid, [owed, owedCount]] = await Promise.all([
    tikkie.listHealthMarks({}),
    payment.listPaymentProviders({ is_enabled: true }, { select: ["id"] }),
    paymentRequestProviders(container),
    tikkie.listPaidWithoutOrder({ limit: 1, offset: 0 }),
    tikkie.listAndCountRefundOweds(
      { status: "owed" },
      { take: 1, select: ["id", "created_at"], order: { created_at: "ASC" } }
    ),
  ])
  const mark = (key: string): CallMarks | undefined => marks.find((m) => m.key === key) as CallMarks | undefined
  const at = (key: string) => marks.find((m) => m.key === key)?.poll_run_at ?? null
  const checks: HealthCheck[] = []

  if (providers.some((p) => isFastCheckoutProvider(p.id))) {
    const [due, budget] = await Promise.all([
      tikkie.dueFastCheckoutOrders({
        maxAttempts: MAX_COMPLETION_ATTEMPTS,
        expiredAfter: new Date(now.getTime() - STALE_AFTER_MS),
        unreadExpiredAfter: new Date(now.getTime() - UNREAD_AFTER_EXPIRY_MS),
        now,
      }),
      busiestGetOrderSecond(container, tikkie, now),
    ])
    checks.push(
      credentialsCheck("fast_checkout", mark("fast_checkout")),
      webhookCheck("fast_checkout", mark("fast_checkout")),
      pollCheck("fast_checkout", { lastRunAt: at("poll:fast_checkout"), due }, now),
      readBudgetCheck({ ...budget, limit: FAST_CHECKOUT_GET_ORDER_CALLS_PER_SECOND })
    )
  }

  if (linkProviders.length) {
    const [due, subscriptions] = await Promise.all([
      tikkie.duePaymentRequests({
        maxAttempts: MAX_COMPLETION_ATTEMPTS,
        expiryDateFrom: addDays(amsterdamDate(now.getTime()), -1),
        now,
      }),
      tikkie.listNotificationSubscriptions({ provider_id: linkProviders.map((p) => p.providerId) }),
    ])
    // v1 and v2 providers share one poll; each API version is a service of its own at Tikkie.
    for (const version of ["v2", "v1"] as const) {
      const ofVersion = linkProviders.filter((p) => p.options.apiVersion === version)
      if (!ofVersion.length) continue
      const area = version === "v2" ? "payment_requests_v2" : "payment_requests_v1"
      checks.push(credentialsCheck(area, mark(area)))
      if (version === "v2") {
        const wanted = ofVersion.filter((p) => p.options.subscribeNotifications)
        const missing = wanted.some((p) => !subscriptions.some((s) => s.provider_id === p.providerId))
        checks.push(webhookCheck(area, mark(area), !wanted.length ? "off" : missing ? "missing" : "subscribed"))
      }
      checks.push(pollCheck(area, { lastRunAt: at("poll:payment_requests"), due }, now))
    }
  }

  const bank = container.hasRegistration(TIKKIE_BANK_MODULE)
    ? container.resolve<TikkieBankModuleService>(TIKKIE_BANK_MODULE)
    : undefined
  if (bank?.bankOptions) {
    const [connection, reconciliation] = await Promise.all([
      currentConnection(bank),
      bank.listReconciliation({
        today: amsterdamDate(now.getTime()),
        statuses: ["overdue"],
        limit: 1,
        offset: 0,
        credits: "tikkie",
      }),
    ])
    const facts = connection && {
      status: connection.status,
      problem: connection.problem,
      created_at: new Date(connection.created_at),
      last_synced_at: connection.last_synced_at ? new Date(connection.last_synced_at) : null,
    }
    checks.push(
      credentialsCheck("bank", mark("bank" satisfies HealthKey)),
      consentCheck(facts, now),
      reconciliationCheck(facts, reconciliation.counts, now)
    )
  }

  checks.push(
    paidWithoutOrderCheck(
      { count: paid.count, oldest: paid.rows[0] ? new Date(paid.rows[0].since) : null },
      PAID_WITHOUT_ORDER_LIMIT_HOURS,
      now
    ),
    refundsOwedCheck({ count: owedCount, oldest: owed[0] ? new Date(owed[0].created_at) : null }, now)
  )
  return { status: overallStatus(checks), checked_at: now.toISOString(), checks }
}

/** The busiest second of the last hour, in the database's windows and (on Redis) the minutes' peaks. */
async function busiestGetOrderSecond(container: MedusaContainer, tikkie: TikkieModuleService, now: Date) {
  const inDatabase = await tikkie.busiestRateSecond(FAST_CHECKOUT_GET_ORDER_KEY, new Date(now.getTime() - 3_600_000))
  const redis = storeRedisOf(container)
  const inRedis = redis
    ? await busiestRateSecondInRedis(redis, FAST_CHECKOUT_GET_ORDER_KEY, now.getTime()).catch(() => 0)
    : 0
  return { busiest: Math.max(inDatabase.busiest, inRedis), held: inDatabase.held }
}
