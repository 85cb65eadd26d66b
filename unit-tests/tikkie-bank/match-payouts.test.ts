import { matchPayouts } from "../../src/workflows/tikkie-bank/utils/match-payouts"
import { readPayoutReferences } from "../../src/workflows/tikkie-bank/utils/payout-reference"
import { payoutDescriptionLines } from "../../integration-tests/helpers/payout-lines"
import { addBankDays } from "../../src/workflows/tikkie-bank/utils/bank-days"

const token = "0123456789abcdef0123456789abcdef"
const payout = (id: string, amountInCents: number, paidDate: string, reference = `ref${id}`) => ({
  id,
  source: "fastcheckout",
  reference,
  amountInCents,
  currency: "EUR",
  paidDate,
})
const credit = (transactionId: string, amountInCents: number, bookDate: string, descriptionLines: string[] = []) => ({
  transactionId,
  amountInCents,
  currency: "EUR",
  bookDate,
  descriptionLines,
})

describe("payout reference convention", () => {
  it("fits a 32-character orderToken in the 32-character lines, and reads back case-insensitively", () => {
    const lines = payoutDescriptionLines("fastcheckout", token)
    expect(lines).toEqual(["TIKKIE FASTCHECKOUT", token])
    expect(lines.every((l) => l.length <= 32)).toBe(true)
    expect(readPayoutReferences(lines.map((l) => l.toUpperCase()))).toEqual([
      { source: "fastcheckout", reference: token },
    ])
    expect(
      readPayoutReferences(["Omschrijving", " tikkie  paymentrequest ", "ABC-123", "TIKKIE FASTCHECKOUT"])
    ).toEqual([{ source: "paymentrequest", reference: "abc-123" }])
    expect(() => payoutDescriptionLines("fastcheckout", token + "x")).toThrow(RangeError)
    expect(() => payoutDescriptionLines("fast checkout", token)).toThrow(RangeError)
  })
})

describe("addBankDays", () => {
  it("skips weekends", () => {
    expect(addBankDays("2026-11-20", 1)).toBe("2026-11-23") // Friday -> Monday
    expect(addBankDays("2026-11-21", 2)).toBe("2026-11-24") // Saturday -> Tuesday
    expect(addBankDays("2026-11-18", 0)).toBe("2026-11-18")
  })
})

describe("matchPayouts", () => {
  it("matches by reference first, whatever the amount and even when another payout has the same amount", () => {
    const m = matchPayouts(
      [payout("a", 1000, "2026-11-16"), payout("b", 1000, "2026-11-16", token)],
      [credit("t1", 1000, "2026-11-17", ["TIKKIE FASTCHECKOUT", token.toUpperCase()])],
      5
    )
    expect(m).toEqual([{ payoutId: "b", transactionId: "t1", matchedBy: "reference" }])
  })

  it("by amount and date: same amount, paid on or before the booking, within the window, oldest first, each once", () => {
    const payouts = [
      payout("late", 500, "2026-11-18"),
      payout("early", 500, "2026-11-16"),
      payout("other", 700, "2026-11-16"),
    ]
    const credits = [credit("t1", 500, "2026-11-18"), credit("t2", 500, "2026-11-18"), credit("t3", 500, "2026-11-19")]
    expect(matchPayouts(payouts, credits, 5)).toEqual([
      { payoutId: "early", transactionId: "t1", matchedBy: "amount_date" },
      { payoutId: "late", transactionId: "t2", matchedBy: "amount_date" },
    ])
  })

  it("never matches a credit booked before the payment or after the window, nor another currency", () => {
    expect(matchPayouts([payout("a", 500, "2026-11-18")], [credit("t1", 500, "2026-11-17")], 5)).toEqual([])
    expect(
      matchPayouts([payout("a", 500, "2026-11-16")], [credit("t1", 500, addBankDays("2026-11-16", 3))], 2)
    ).toEqual([])
    expect(
      matchPayouts([payout("a", 500, "2026-11-16")], [{ ...credit("t1", 500, "2026-11-16"), currency: "GBP" }], 2)
    ).toEqual([])
  })

  it("does not amount-match a credit that names a payment we do not know", () => {
    const m = matchPayouts(
      [payout("a", 500, "2026-11-16")],
      [credit("t1", 500, "2026-11-16", ["TIKKIE FASTCHECKOUT", "unknown"])],
      5
    )
    expect(m).toEqual([])
  })

  it("is deterministic and linear enough for 20,000 of each", () => {
    const payouts = Array.from({ length: 20_000 }, (_, i) => payout(`p${i}`, 100 + (i % 500), "2026-11-16", `r${i}`))
    const credits = Array.from({ length: 20_000 }, (_, i) =>
      i % 2
        ? credit(`t${i}`, 100 + (i % 500), "2026-11-17")
        : credit(`t${i}`, 1, "2026-11-17", ["TIKKIE FASTCHECKOUT", `r${i}`])
    )
    const started = Date.now()
    const a = matchPayouts(payouts, credits, 5)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(matchPayouts(payouts, [...credits].reverse(), 5)).toEqual(a)
    expect(a).toHaveLength(20_000)
    expect(new Set(a.map((x) => x.payoutId)).size).toBe(20_000)
  })
})
