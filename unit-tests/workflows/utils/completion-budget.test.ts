import {
  COMPLETION_RETRY_BUDGET_MS,
  completionGivenUp,
  MAX_COMPLETION_ATTEMPTS,
  retryUntilAfterProblem,
} from "../../../src/workflows/utils/completion-budget"

/**
 * The retry budget of a paid order or link that failed to complete (issue 19 point 9): counted in time from
 * the first failure, so a burst of passing failures (a webhook, the return route and the poll within a
 * minute) does not end the poll's retries.
 */
describe("completion retry budget", () => {
  const t0 = new Date("2026-11-25T12:00:00Z")
  const at = (ms: number) => new Date(t0.getTime() + ms)

  it("five failures within a minute do not end the retries", () => {
    let record = { problem: null as string | null, attempts: 0, retry_until: null as Date | null }
    for (let i = 0; i < MAX_COMPLETION_ATTEMPTS; i++) {
      const now = at(i * 10_000)
      record = {
        problem: "completing the cart failed: busy",
        attempts: record.attempts + 1,
        retry_until: retryUntilAfterProblem(record, now),
      }
    }
    expect(record.attempts).toBe(5)
    expect(record.retry_until).toEqual(at(COMPLETION_RETRY_BUDGET_MS))
    expect(completionGivenUp(record, at(60_000))).toBe(false)
    expect(completionGivenUp(record, at(COMPLETION_RETRY_BUDGET_MS - 1))).toBe(false)
  })

  it("ends them once the budget has passed and at least a few completions were tried", () => {
    const record = { problem: "p", attempts: MAX_COMPLETION_ATTEMPTS, retry_until: at(COMPLETION_RETRY_BUDGET_MS) }
    expect(completionGivenUp(record, at(COMPLETION_RETRY_BUDGET_MS))).toBe(true)
    // Past the budget with fewer tries (the poll was down): keeps trying until the few are done.
    expect(completionGivenUp({ ...record, attempts: 2 }, at(2 * COMPLETION_RETRY_BUDGET_MS))).toBe(false)
  })

  it("the window starts at the first failure: later failures do not push it on", () => {
    const first = retryUntilAfterProblem({ problem: null, retry_until: null }, t0)
    expect(retryUntilAfterProblem({ problem: "p", retry_until: first }, at(5 * 60_000))).toEqual(first)
  })

  it("no problem: nothing to give up; a record decided final (retry_until null, attempts at the limit) is given up at once", () => {
    expect(completionGivenUp({ problem: null, attempts: 99, retry_until: null }, t0)).toBe(false)
    expect(completionGivenUp({ problem: "p", attempts: MAX_COMPLETION_ATTEMPTS, retry_until: null }, t0)).toBe(true)
    expect(completionGivenUp({ problem: "p", attempts: MAX_COMPLETION_ATTEMPTS }, t0)).toBe(true)
  })
})
