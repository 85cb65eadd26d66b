import { linkState, stillPayable } from "../../src/admin/lib/link-status"

const link = (over: Partial<Parameters<typeof linkState>[0]>) => ({
  status: "OPEN",
  paid_in_cents: 0,
  refunded_in_cents: 0,
  cancelled_at: null,
  problem: null,
  ...over,
})

/** What the admin reads on a link: the money decides before Tikkie's status, a problem before all. */
describe("linkState", () => {
  it.each([
    [{ status: "MAX_SUCCESSFUL_PAYMENTS_REACHED", paid_in_cents: 2080 }, "paid", "green"],
    [{ status: "OPEN", paid_in_cents: 500 }, "paid", "green"],
    [{ status: "EXPIRED", paid_in_cents: 500 }, "paid", "green"],
    [{ status: "OPEN" }, "open", "orange"],
    [{ status: "EXPIRED" }, "expired", "grey"],
    [{ status: "CLOSED" }, "closed", "grey"],
    [{ status: "OPEN", cancelled_at: "2026-11-25T10:00:00Z" }, "cancelled", "grey"],
    [{ status: "MAX_SUCCESSFUL_PAYMENTS_REACHED", paid_in_cents: 2080, refunded_in_cents: 2080 }, "refunded", "purple"],
    [
      { status: "MAX_SUCCESSFUL_PAYMENTS_REACHED", paid_in_cents: 2080, refunded_in_cents: 80 },
      "partlyRefunded",
      "purple",
    ],
    [
      { status: "MAX_SUCCESSFUL_PAYMENTS_REACHED", paid_in_cents: 4160, problem: "paid twice" },
      "needsAttention",
      "red",
    ],
  ])("%j → %s", (over, state, color) => {
    expect(linkState(link(over))).toEqual({ state, color })
  })
})

describe("stillPayable: a link's QR code is shown only while it can be paid", () => {
  const TODAY = "2026-11-28"
  const open = {
    status: "OPEN",
    paid_in_cents: 0,
    refunded_in_cents: 0,
    cancelled_at: null,
    problem: null,
    amount_in_cents: 1261,
    expiry_date: "2026-12-01",
  }
  it("an open, unpaid link until its day; an open-amount link after a payment too", () => {
    expect(stillPayable(open, TODAY)).toBe(true)
    expect(stillPayable({ ...open, expiry_date: TODAY }, TODAY)).toBe(true)
    expect(stillPayable({ ...open, amount_in_cents: null, paid_in_cents: 500 }, TODAY)).toBe(true)
  })
  it("not a paid, expired, cancelled or closed one", () => {
    expect(stillPayable({ ...open, paid_in_cents: 1261 }, TODAY)).toBe(false)
    expect(stillPayable({ ...open, expiry_date: "2026-11-27" }, TODAY)).toBe(false)
    expect(stillPayable({ ...open, cancelled_at: "2026-11-28T10:00:00Z" }, TODAY)).toBe(false)
    expect(stillPayable({ ...open, status: "EXPIRED" }, TODAY)).toBe(false)
    expect(stillPayable({ ...open, status: "MAX_SUCCESSFUL_PAYMENTS_REACHED" }, TODAY)).toBe(false)
  })
})
