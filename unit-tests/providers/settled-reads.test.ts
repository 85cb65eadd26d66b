import { handOverSettledRead, takeSettledRead } from "../../src/providers/shared/settled-reads"

describe("a settlement's read handed to the provider", () => {
  afterEach(() => jest.useRealTimers())

  it("is taken once", () => {
    handOverSettledRead("fast-checkout:a", { status: "PAID" })
    expect(takeSettledRead("fast-checkout:a")).toEqual({ status: "PAID" })
    expect(takeSettledRead("fast-checkout:a")).toBeUndefined()
    expect(takeSettledRead("fast-checkout:never-handed")).toBeUndefined()
  })

  it("is not taken once it is a minute old: the provider reads Tikkie again", () => {
    jest.useFakeTimers({ now: Date.parse("2026-11-23T12:00:00Z") })
    handOverSettledRead("payment-request:b", { status: "OPEN" })
    jest.setSystemTime(Date.parse("2026-11-23T12:01:01Z"))
    expect(takeSettledRead("payment-request:b")).toBeUndefined()
  })

  it("stays bounded under a flood of hand-overs: the oldest go first", () => {
    for (let i = 0; i < 10_050; i++) handOverSettledRead(`fast-checkout:${i}`, i)
    expect(takeSettledRead("fast-checkout:0")).toBeUndefined()
    expect(takeSettledRead("fast-checkout:10049")).toBe(10049)
  })
})
