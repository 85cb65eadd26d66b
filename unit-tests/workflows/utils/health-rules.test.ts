import {
  consentCheck,
  credentialsCheck,
  overallStatus,
  paidWithoutOrderCheck,
  pollCheck,
  readBudgetCheck,
  reconciliationCheck,
  refundsOwedCheck,
  webhookCheck,
} from "../../../src/workflows/utils/health-rules"

/** The health card's rules (issue 38 point 2): what turns a check green, amber or red. */
describe("health card rules", () => {
  const now = new Date("2026-11-28T12:00:00Z")
  const ago = (ms: number) => new Date(now.getTime() - ms)
  const MIN = 60_000
  const DAY = 86_400_000

  describe("credentials", () => {
    it("are red while the last word of the service is a refusal, with its code", () => {
      const c = credentialsCheck("fast_checkout", {
        last_ok_at: ago(10 * MIN),
        last_refused_at: ago(MIN),
        refused_code: "ERR_4100_005",
        refused_status: 401,
      })
      expect(c).toEqual(
        expect.objectContaining({
          status: "red",
          code: "refused",
          values: expect.objectContaining({ refused_code: "ERR_4100_005" }),
        })
      )
    })
    it("are green again once a call is accepted after the refusal, which stays as history", () => {
      const c = credentialsCheck("fast_checkout", {
        last_ok_at: ago(MIN),
        last_refused_at: ago(10 * MIN),
        refused_code: "X",
      })
      expect(c.status).toBe("green")
      expect(c.values.refused_code).toBe("X")
    })
    it("are amber while the service does not answer", () => {
      expect(credentialsCheck("bank", { last_ok_at: ago(10 * MIN), last_failed_at: ago(MIN) }).status).toBe("amber")
    })
    it("are green without any call yet: nothing to check", () => {
      expect(credentialsCheck("payment_requests_v2", undefined)).toEqual(
        expect.objectContaining({ status: "green", code: "no_calls" })
      )
    })
  })

  describe("poll", () => {
    const due = (count: number, waitingMs: number) => ({ count, oldest: count ? ago(waitingMs) : null })
    it("is on time when what is due waits less than five minutes", () => {
      expect(pollCheck("fast_checkout", { lastRunAt: ago(30_000), due: due(3, 2 * MIN) }, now).status).toBe("green")
    })
    it("is amber behind five minutes and red behind thirty", () => {
      expect(pollCheck("fast_checkout", { lastRunAt: ago(30_000), due: due(1, 6 * MIN) }, now)).toEqual(
        expect.objectContaining({
          status: "amber",
          code: "behind",
          values: expect.objectContaining({ behind_minutes: 6, due: 1 }),
        })
      )
      expect(pollCheck("fast_checkout", { lastRunAt: null, due: due(1, 31 * MIN) }, now).status).toBe("red")
    })
    it("is amber when it has not run for five minutes, even with nothing due", () => {
      expect(pollCheck("fast_checkout", { lastRunAt: ago(6 * MIN), due: due(0, 0) }, now)).toEqual(
        expect.objectContaining({ status: "amber", code: "not_running" })
      )
    })
    it("is green with no run yet and nothing waiting", () => {
      expect(pollCheck("payment_requests_v2", { lastRunAt: null, due: due(0, 0) }, now).code).toBe("no_run_yet")
    })
  })

  it("read budget: amber from 80 % of the limit in one second, or any second Tikkie answered 429", () => {
    expect(readBudgetCheck({ busiest: 159, held: 0, limit: 200 }).status).toBe("green")
    expect(readBudgetCheck({ busiest: 160, held: 0, limit: 200 }).status).toBe("amber")
    expect(readBudgetCheck({ busiest: 12, held: 1, limit: 200 })).toEqual(
      expect.objectContaining({ status: "amber", code: "throttled" })
    )
  })

  it("webhooks: silence is no fault; a subscription that should be there and is not is amber", () => {
    expect(webhookCheck("fast_checkout", undefined).status).toBe("green")
    expect(webhookCheck("payment_requests_v2", undefined, "missing").status).toBe("amber")
    expect(webhookCheck("payment_requests_v2", undefined, "off").code).toBe("notifications_off")
  })

  it("paid without an order: amber while retried, red once the poll gave up", () => {
    expect(paidWithoutOrderCheck({ count: 0, oldest: null }, 24, now).status).toBe("green")
    expect(paidWithoutOrderCheck({ count: 2, oldest: ago(3_600_000) }, 24, now).status).toBe("amber")
    expect(paidWithoutOrderCheck({ count: 1, oldest: ago(25 * 3_600_000) }, 24, now).code).toBe("given_up")
  })

  it("refunds owed: amber while any is open, red after 14 days", () => {
    expect(refundsOwedCheck({ count: 0, oldest: null }, now).status).toBe("green")
    expect(refundsOwedCheck({ count: 1, oldest: ago(DAY) }, now).status).toBe("amber")
    expect(refundsOwedCheck({ count: 1, oldest: ago(15 * DAY) }, now).status).toBe("red")
  })

  describe("bank", () => {
    const connection = (consentedDaysAgo: number, extra: object = {}) => ({
      status: "connected" as const,
      problem: null,
      created_at: ago(consentedDaysAgo * DAY),
      last_synced_at: ago(10 * MIN),
      ...extra,
    })
    it("consent: green with the day its refresh may stop, amber in its last 14 days, red once refused", () => {
      expect(consentCheck(connection(10), now)).toEqual(
        expect.objectContaining({
          status: "green",
          values: expect.objectContaining({ ends_at: "2027-02-16T12:00:00.000Z", days_left: 80 }),
        })
      )
      expect(consentCheck(connection(80), now).code).toBe("ends_soon")
      expect(
        consentCheck(connection(1, { status: "needs_consent", problem: "refused (invalid_grant)" }), now).status
      ).toBe("red")
    })
    it("reconciliation: amber after two hours without a run or with payouts overdue, red after a day", () => {
      expect(reconciliationCheck(connection(10), { overdue: 0, mismatch: 0 }, now).status).toBe("green")
      expect(reconciliationCheck(connection(10), { overdue: 1, mismatch: 0 }, now).code).toBe("payouts_to_check")
      expect(
        reconciliationCheck(connection(10, { last_synced_at: ago(3 * 3_600_000) }), { overdue: 0, mismatch: 0 }, now)
          .code
      ).toBe("late")
      expect(
        reconciliationCheck(connection(10, { last_synced_at: ago(2 * DAY) }), { overdue: 0, mismatch: 0 }, now).status
      ).toBe("red")
      // Just connected: the first run comes within 30 minutes.
      expect(
        reconciliationCheck(connection(0.01, { last_synced_at: null }), { overdue: 0, mismatch: 0 }, now).code
      ).toBe("first_run_pending")
    })
  })

  it("the card's status is its worst check", () => {
    const green = credentialsCheck("fast_checkout", undefined)
    const amber = readBudgetCheck({ busiest: 200, held: 0, limit: 200 })
    const red = refundsOwedCheck({ count: 1, oldest: ago(20 * DAY) }, now)
    expect(overallStatus([green])).toBe("green")
    expect(overallStatus([green, amber])).toBe("amber")
    expect(overallStatus([amber, red, green])).toBe("red")
  })
})
