/**
 * The health card's rules (GET /admin/tikkie/health): facts in, a status per check out. Each check has a
 * `code` and `values` the admin words in its own language, and an English `message` for a monitoring
 * system's log. No check carries a credential, a payer or an address.
 */
export type HealthStatus = "green" | "amber" | "red"
export type HealthArea = "fast_checkout" | "payment_requests_v2" | "payment_requests_v1" | "bank" | "store"
export type HealthValues = Record<string, string | number | null>

export interface HealthCheck {
  area: HealthArea
  check: string
  status: HealthStatus
  code: string
  values: HealthValues
  message: string
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** The poll runs every minute: a due record waiting this long means it is behind. */
export const POLL_BEHIND_AMBER_MS = 5 * MINUTE
export const POLL_BEHIND_RED_MS = 30 * MINUTE
/** The store-wide GET order budget: a second at this share of the limit is close to making reads wait. */
export const READ_BUDGET_AMBER_SHARE = 0.8
/** A refund owed this old has kept a payer waiting too long. */
export const REFUND_OWED_RED_MS = 14 * DAY
/**
 * How long a bank consent lasts before the bank asks the holder again (PSD2 re-authentication; the
 * token answers name no end, the sandbox keeps a refresh token 90 days): the card warns ahead of it.
 */
export const CONSENT_DAYS = 90
export const CONSENT_AMBER_DAYS = 14
/** The reconciliation runs every 30 minutes. */
export const RECONCILIATION_AMBER_MS = 2 * HOUR
export const RECONCILIATION_RED_MS = DAY

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
const check = (
  area: HealthArea,
  name: string,
  status: HealthStatus,
  code: string,
  values: HealthValues,
  message: string
): HealthCheck => ({ area, check: name, status, code, values, message })

export interface CallMarks {
  last_ok_at?: Date | null
  last_refused_at?: Date | null
  refused_code?: string | null
  refused_status?: number | null
  last_failed_at?: Date | null
  failed_code?: string | null
  last_webhook_at?: Date | null
}

const after = (a: Date | null | undefined, b: Date | null | undefined) => !!a && (!b || a.getTime() > b.getTime())

/** Credentials: red while the last word from the service is a refusal, amber while it is no answer. */
export function credentialsCheck(area: HealthArea, m: CallMarks | undefined): HealthCheck {
  const values: HealthValues = {
    last_ok_at: iso(m?.last_ok_at),
    last_refused_at: iso(m?.last_refused_at),
    refused_code: m?.refused_code ?? null,
    last_failed_at: iso(m?.last_failed_at),
    failed_code: m?.failed_code ?? null,
  }
  if (after(m?.last_refused_at, m?.last_ok_at))
    return check(
      area,
      "credentials",
      "red",
      "refused",
      values,
      `Tikkie refused the credentials (${m!.refused_code ?? m!.refused_status}) at ${values.last_refused_at}; no call was accepted since.`
    )
  if (after(m?.last_failed_at, m?.last_ok_at))
    return check(
      area,
      "credentials",
      "amber",
      "unreachable",
      values,
      `Tikkie did not answer (${m!.failed_code ?? "no answer"}) at ${values.last_failed_at}; no call was accepted since.`
    )
  if (!m?.last_ok_at) return check(area, "credentials", "green", "no_calls", values, "No call to Tikkie yet.")
  return check(area, "credentials", "green", "working", values, `Tikkie accepted a call at ${values.last_ok_at}.`)
}

/**
 * The last webhook or notification. Tikkie sends one only when something happens, so silence is no fault;
 * amber only when notifications are meant to come and no subscription is stored.
 */
export function webhookCheck(
  area: HealthArea,
  m: CallMarks | undefined,
  subscription?: "subscribed" | "missing" | "off"
): HealthCheck {
  const values: HealthValues = { last_at: iso(m?.last_webhook_at) }
  if (subscription === "missing")
    return check(
      area,
      "webhook",
      "amber",
      "not_subscribed",
      values,
      "No notification subscription is stored: paid links are found by the poll only."
    )
  if (subscription === "off")
    return check(
      area,
      "webhook",
      "green",
      "notifications_off",
      values,
      "Notifications are off (subscribeNotifications): the poll finds payments."
    )
  return m?.last_webhook_at
    ? check(area, "webhook", "green", "received", values, `The last one arrived at ${values.last_at}.`)
    : check(area, "webhook", "green", "none_yet", values, "None received yet.")
}

export interface PollFacts {
  lastRunAt: Date | null | undefined
  due: { count: number; oldest: Date | null }
}

/** The poll: behind when a record due for a read waits longer than a few runs, or the poll stopped. */
export function pollCheck(area: HealthArea, f: PollFacts, now: Date): HealthCheck {
  const behindMs = f.due.count && f.due.oldest ? Math.max(0, now.getTime() - f.due.oldest.getTime()) : 0
  const sinceRunMs = f.lastRunAt ? now.getTime() - f.lastRunAt.getTime() : null
  const values: HealthValues = {
    last_run_at: iso(f.lastRunAt),
    behind_minutes: Math.floor(behindMs / MINUTE),
    due: f.due.count,
  }
  const behind = `${f.due.count} record(s) due, the oldest waiting ${values.behind_minutes} min`
  if (behindMs > POLL_BEHIND_RED_MS)
    return check(area, "poll", "red", "behind", values, `The poll is behind: ${behind}.`)
  if (behindMs > POLL_BEHIND_AMBER_MS)
    return check(area, "poll", "amber", "behind", values, `The poll is behind: ${behind}.`)
  if (sinceRunMs !== null && sinceRunMs > POLL_BEHIND_AMBER_MS)
    return check(
      area,
      "poll",
      "amber",
      "not_running",
      values,
      `The poll last ran at ${values.last_run_at}: it runs every minute on a worker.`
    )
  return check(
    area,
    "poll",
    "green",
    f.lastRunAt ? "on_time" : "no_run_yet",
    values,
    f.lastRunAt ? `On time: last run at ${values.last_run_at}.` : "No run recorded yet."
  )
}

/** The store-wide GET order budget: amber when a second came close to the limit or Tikkie answered 429. */
export function readBudgetCheck(f: { busiest: number; held: number; limit: number }): HealthCheck {
  const values: HealthValues = { busiest: f.busiest, limit: f.limit, held: f.held }
  if (f.held > 0)
    return check(
      "fast_checkout",
      "read_budget",
      "amber",
      "throttled",
      values,
      `Tikkie answered "too many requests" in ${f.held} second(s) of the last hour; busiest second ${f.busiest} of ${f.limit} reads.`
    )
  const near = f.busiest >= Math.ceil(f.limit * READ_BUDGET_AMBER_SHARE)
  return check(
    "fast_checkout",
    "read_budget",
    near ? "amber" : "green",
    near ? "near_limit" : "room",
    values,
    `Busiest second of the last hour: ${f.busiest} of ${f.limit} order reads.`
  )
}

/** Money paid without an order: amber while the poll retries, red once it gave up (the admin must act). */
export function paidWithoutOrderCheck(f: { count: number; oldest: Date | null }, limitHours: number, now: Date) {
  const values: HealthValues = { count: f.count, oldest_at: iso(f.oldest) }
  if (!f.count)
    return check("store", "paid_without_order", "green", "none", values, "Every Tikkie payment is an order.")
  const givenUp = !!f.oldest && now.getTime() - f.oldest.getTime() > limitHours * HOUR
  return check(
    "store",
    "paid_without_order",
    givenUp ? "red" : "amber",
    givenUp ? "given_up" : "waiting",
    values,
    `${f.count} payment(s) at Tikkie without an order${givenUp ? `, the oldest for more than ${limitHours} hours` : ""}.`
  )
}

/** Refunds owed: amber while any is open, red when one waits longer than REFUND_OWED_RED_MS. */
export function refundsOwedCheck(f: { count: number; oldest: Date | null }, now: Date): HealthCheck {
  const values: HealthValues = { count: f.count, oldest_at: iso(f.oldest) }
  if (!f.count) return check("store", "refunds_owed", "green", "none", values, "No refund is owed.")
  const old = !!f.oldest && now.getTime() - f.oldest.getTime() > REFUND_OWED_RED_MS
  return check(
    "store",
    "refunds_owed",
    old ? "red" : "amber",
    old ? "overdue" : "open",
    values,
    `${f.count} refund(s) owed to payers${old ? ", the oldest for more than 14 days" : ""}.`
  )
}

export interface BankConnectionFacts {
  status: "connected" | "needs_consent"
  problem: string | null
  created_at: Date
  last_synced_at: Date | null
}

/** The consent: when the bank will ask for it again, and red once it has (a refresh was refused). */
export function consentCheck(c: BankConnectionFacts | undefined, now: Date): HealthCheck {
  if (!c) return check("bank", "consent", "amber", "not_connected", {}, "No bank account is connected.")
  const ends = new Date(c.created_at.getTime() + CONSENT_DAYS * DAY)
  const daysLeft = Math.floor((ends.getTime() - now.getTime()) / DAY)
  const values: HealthValues = { given_at: iso(c.created_at), ends_at: iso(ends), days_left: daysLeft }
  if (c.status === "needs_consent")
    return check(
      "bank",
      "consent",
      "red",
      "needs_consent",
      { ...values, problem: c.problem },
      "The bank connection needs consent again: connect the account again on the Bank tab."
    )
  if (daysLeft <= CONSENT_AMBER_DAYS)
    return check(
      "bank",
      "consent",
      "amber",
      "ends_soon",
      values,
      `The bank may stop the token refresh from ${values.ends_at}: renew the consent before then.`
    )
  return check(
    "bank",
    "consent",
    "green",
    "valid",
    values,
    `Consent given ${values.given_at}; renew by ${values.ends_at}.`
  )
}

/** The reconciliation: it runs every 30 minutes; overdue payouts need a look. */
export function reconciliationCheck(
  c: BankConnectionFacts | undefined,
  f: { overdue: number; mismatch: number },
  now: Date
): HealthCheck {
  const values: HealthValues = { last_run_at: iso(c?.last_synced_at), overdue: f.overdue, mismatch: f.mismatch }
  if (!c)
    return check("bank", "reconciliation", "amber", "not_connected", values, "Starts once a bank account is connected.")
  const age = c.last_synced_at ? now.getTime() - c.last_synced_at.getTime() : Infinity
  if (age > RECONCILIATION_RED_MS && now.getTime() - c.created_at.getTime() > RECONCILIATION_AMBER_MS)
    return check("bank", "reconciliation", "red", "stale", values, "No reconciliation in the last 24 hours.")
  if (age > RECONCILIATION_AMBER_MS && now.getTime() - c.created_at.getTime() > RECONCILIATION_AMBER_MS)
    return check("bank", "reconciliation", "amber", "late", values, "No reconciliation in the last 2 hours.")
  if (f.overdue || f.mismatch)
    return check(
      "bank",
      "reconciliation",
      "amber",
      "payouts_to_check",
      values,
      `${f.overdue} payout(s) overdue, ${f.mismatch} with another amount.`
    )
  return check(
    "bank",
    "reconciliation",
    "green",
    c.last_synced_at ? "matched" : "first_run_pending",
    values,
    c.last_synced_at ? `Last reconciled at ${values.last_run_at}.` : "The first reconciliation runs within 30 minutes."
  )
}

const RANK: Record<HealthStatus, number> = { green: 0, amber: 1, red: 2 }

/** The card's overall status: its worst check. */
export function overallStatus(checks: HealthCheck[]): HealthStatus {
  return checks.reduce<HealthStatus>((worst, c) => (RANK[c.status] > RANK[worst] ? c.status : worst), "green")
}
