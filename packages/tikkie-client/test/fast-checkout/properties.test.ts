import fc from "fast-check"
import { CreateOrderBodySchema, FAST_CHECKOUT_ERRORS, MAX_ITEMS_TOTAL_IN_CENTS, validateFastCheckout } from "../../src"
import { apiUrl, orderHeaders, raw, startHarness, type Harness } from "./helpers"

/** Property tests of the creation rules; BigInt arithmetic is the independent oracle for the sums. */

const item = fc.record({
  itemName: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0),
  priceInCents: fc.integer({ min: 0, max: 3_000_000 }),
  quantity: fc.integer({ min: 1, max: 5 }),
})

const base = {
  referenceId: "prop-1",
  currency: "EUR",
  expiration: 600,
  redirectUrl: "https://shop.example/done",
}

function bigSum(items: Array<{ priceInCents: number; quantity: number }>): bigint {
  return items.reduce((s, i) => s + BigInt(i.priceInCents) * BigInt(i.quantity), 0n)
}

function outcome(body: unknown): string {
  try {
    validateFastCheckout("fastCheckout.createOrder", CreateOrderBodySchema, body)
    return "OK"
  } catch (e) {
    return (e as { code: string }).code
  }
}

describe("Fast Checkout validators (properties)", () => {
  it("accepts an item list exactly when its items cost at most 50,000 euro together", () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 100_000 }),
        (items, shipping) => {
          const body = { ...base, shippingCostsInCents: shipping, items }
          const expected = bigSum(items) <= BigInt(MAX_ITEMS_TOTAL_IN_CENTS) ? "OK" : FAST_CHECKOUT_ERRORS.SEE_MESSAGE
          expect(outcome(body)).toBe(expected)
        }
      ),
      { numRuns: 500 }
    )
  })

  it("accepts a discount exactly when it is 0 or below items plus shipping", () => {
    const cheapItem = fc.record({
      itemName: fc.constant("x"),
      priceInCents: fc.integer({ min: 0, max: 50_000 }),
      quantity: fc.integer({ min: 1, max: 3 }),
    })
    fc.assert(
      fc.property(
        fc.array(cheapItem, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (items, shipping, discount) => {
          const total = bigSum(items) + BigInt(shipping)
          const expected = discount === 0 || BigInt(discount) < total ? "OK" : FAST_CHECKOUT_ERRORS.DISCOUNT_TOO_HIGH
          expect(outcome({ ...base, shippingCostsInCents: shipping, discountInCents: discount, items })).toBe(expected)
        }
      ),
      { numRuns: 500 }
    )
  })

  it("never accepts a fractional or negative amount", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true }).filter((d) => !Number.isInteger(d)),
          fc.integer({ max: -1 })
        ),
        fc.constantFrom("shippingCostsInCents", "discountInCents", "priceInCents"),
        (bad, field) => {
          const items = [{ itemName: "x", priceInCents: 1_000, quantity: 1 }]
          const body: Record<string, unknown> = { ...base, shippingCostsInCents: 0, items }
          if (field === "priceInCents") body.items = [{ ...items[0], priceInCents: bad }]
          else body[field] = bad
          expect(outcome(body)).toBe(FAST_CHECKOUT_ERRORS.INVALID)
        }
      )
    )
  })
})

describe("Fast Checkout client and sandbox agree (properties over real HTTP)", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({ getOrderRateLimitPerSecond: 0 })
  })
  afterAll(() => h.close())

  /** Mostly a valid value, sometimes a broken one, so most bodies break at most one rule. */
  const mostly = <T, U>(valid: fc.Arbitrary<T>, broken: fc.Arbitrary<U>) =>
    fc.oneof({ arbitrary: valid, weight: 12 }, { arbitrary: broken, weight: 1 })

  /** Bodies near the rules: mostly valid, some fields broken, missing or extra. */
  const body = fc
    .record({
      referenceId: mostly(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom("", "   ", undefined)),
      shippingCostsInCents: mostly(fc.integer({ min: 0, max: 2_000 }), fc.constantFrom(-1, 1.5, "100", undefined)),
      discountInCents: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
      currency: mostly(fc.constant("EUR"), fc.constantFrom("USD", "eur", undefined)),
      expiration: mostly(fc.integer({ min: 1, max: 3_600 }), fc.constantFrom(0, -5, 2.5)),
      redirectUrl: mostly(fc.webUrl(), fc.constantFrom("not-a-url", "ftp://x.example/", undefined)),
      notificationUrl: fc.option(fc.webUrl(), { nil: undefined }),
      addressRequired: fc.option(fc.boolean(), { nil: undefined }),
      items: mostly(
        fc.array(
          fc.record({
            itemName: fc.string({ minLength: 1, maxLength: 30 }),
            priceInCents: mostly(fc.integer({ min: 0, max: 400_000 }), fc.integer({ min: 2_000_000, max: 5_000_001 })),
            quantity: mostly(fc.integer({ min: 1, max: 3 }), fc.constant(0)),
          }),
          { minLength: 1, maxLength: 4 }
        ),
        fc.constantFrom([], undefined)
      ),
      extra: fc.option(fc.constant("surprise"), { nil: undefined, freq: 12 }),
    })
    .map((b) => JSON.parse(JSON.stringify(b)) as Record<string, unknown>)

  const valid = {
    referenceId: "cart_01",
    shippingCostsInCents: 495,
    currency: "EUR",
    expiration: 900,
    redirectUrl: "https://shop.example/return",
    items: [{ itemName: "Stroopwafels", priceInCents: 395, quantity: 2 }],
  }
  /** A valid body, one missing a field, one with a wrong value, one over the 50,000 euro cap. */
  const EXAMPLE_BODIES: Array<Record<string, unknown>> = [
    valid,
    { ...valid, referenceId: undefined },
    { ...valid, currency: "USD" },
    { ...valid, items: [{ itemName: "Fiets", priceInCents: 5_000_001, quantity: 1 }] },
  ].map((b) => JSON.parse(JSON.stringify(b)))

  it("gives the same answer on both sides: what the client accepts the sandbox creates, what it refuses the sandbox refuses with the same code", async () => {
    const seen = new Set<string>()
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const local = outcome(b)
        seen.add(local)
        const res = await raw("POST", apiUrl(h, "/orders"), { headers: orderHeaders(h.merchantToken), json: b })
        if (local === "OK") {
          expect(res.status).toBe(201)
          expect(typeof res.json.orderToken).toBe("string")
        } else {
          expect(res.status).toBe(400)
          expect(res.json.errors[0].code).toBe(local)
        }
      }),
      // Besides the random bodies, one of each kind always runs, so the check below cannot depend on luck.
      { numRuns: 200, examples: EXAMPLE_BODIES.map((b) => [b] as [Record<string, unknown>]) }
    )
    // Not vacuous: both sides created orders and refused bodies, with more than one code.
    expect(seen.has("OK")).toBe(true)
    expect(seen.size).toBeGreaterThanOrEqual(4)
  })
})
