import fc from "fast-check"
import { MedusaError } from "@medusajs/framework/utils"
import { fastCheckoutLinesFromCart, type CartForFastCheckout } from "../../src/providers/fast-checkout/cart-to-order"
import { amountToPayInCents, CreateOrderBodySchema } from "tikkie-client/fast-checkout"

const line = (
  id: string,
  quantity: number,
  originalTotal: number | string,
  product = "Stroopwafels",
  variant = "8 stuks"
) => ({
  id,
  product_title: product,
  variant_title: variant,
  title: variant,
  quantity,
  original_total: originalTotal,
})

const cart = (over: Partial<CartForFastCheckout> = {}): CartForFastCheckout => ({
  id: "cart_1",
  currency_code: "eur",
  total: 0,
  items: [line("li_1", 2, "9.56")],
  shipping_methods: [{ name: "PostNL", original_total: "5.99" }],
  ...over,
})

describe("cart to Fast Checkout order", () => {
  it("sends tax-inclusive unit prices, shipping and a discount that make the payment amount exactly", () => {
    const lines = fastCheckoutLinesFromCart(cart(), 1411)
    expect(lines.items).toEqual([{ itemName: "Stroopwafels - 8 stuks", priceInCents: 478, quantity: 2 }])
    expect(lines.shippingCostsInCents).toBe(599)
    expect(lines.discountInCents).toBe(956 + 599 - 1411)
    expect(amountToPayInCents(lines)).toBe(1411)
  })

  it("splits a line whose total is not a whole number of cents per unit, so it still sums to the cent", () => {
    const lines = fastCheckoutLinesFromCart(cart({ items: [line("li_1", 3, "10.00")], shipping_methods: [] }), 1000)
    expect(lines.items).toEqual([
      { itemName: "Stroopwafels - 8 stuks", priceInCents: 334, quantity: 1 },
      { itemName: "Stroopwafels - 8 stuks", priceInCents: 333, quantity: 2 },
    ])
    expect(lines.discountInCents).toBe(0)
  })

  it.each([
    ["a currency other than EUR", cart({ currency_code: "usd" }), 1000, /EUR only/],
    ["an empty cart", cart({ items: [] }), 599, /empty/],
    ["items over 50,000 euro", cart({ items: [line("li_1", 1, "50000.01")] }), 5_000_600, /at most €50000.00 of items/],
    ["a discount covering everything", cart(), 0, /Nothing to pay/],
    ["lines adding up to less than the amount", cart(), 9_999, /add up to less/],
  ])("refuses %s before anything is sent", (_what, c, amount, message) => {
    let error: unknown
    try {
      fastCheckoutLinesFromCart(c, amount)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(MedusaError)
    expect((error as MedusaError).type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect((error as Error).message).toMatch(message)
  })

  it("names a line after product and variant, leaving out Medusa's 'Default variant'", () => {
    const lines = fastCheckoutLinesFromCart(
      cart({ items: [line("li_1", 1, "12.50", "Delfts Blauw mok", "Default variant")], shipping_methods: [] }),
      1250
    )
    expect(lines.items[0].itemName).toBe("Delfts Blauw mok")
  })

  it("always sums exactly to the amount and passes Fast Checkout's own validation (property)", () => {
    const amountCents = fc.integer({ min: 1, max: 500_000 })
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 20 }),
            cents: amountCents,
            subCent: fc.integer({ min: 0, max: 99 }),
          }),
          { minLength: 1, maxLength: 8 }
        ),
        fc.integer({ min: 0, max: 2_000 }),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        (rows, shippingCents, discountShare) => {
          // Medusa line totals may carry sub-cent precision: "12.3456".
          const items = rows.map((r, i) =>
            line(
              `li_${i}`,
              r.quantity,
              `${Math.floor(r.cents / 100)}.${String(r.cents % 100).padStart(2, "0")}${String(r.subCent).padStart(2, "0")}`
            )
          )
          const itemsCents = rows.reduce((s, r) => s + r.cents + (r.subCent >= 50 ? 1 : 0), 0)
          const gross = itemsCents + shippingCents
          const amount = Math.max(1, gross - Math.floor(gross * discountShare))
          const c = cart({ items, shipping_methods: [{ name: "PostNL", original_total: shippingCents / 100 }] })
          let lines
          try {
            lines = fastCheckoutLinesFromCart(c, amount)
          } catch (e) {
            // Only the 50,000 euro cap may refuse a well-formed cart here.
            expect((e as Error).message).toMatch(/at most €50000.00/)
            expect(itemsCents).toBeGreaterThan(5_000_000)
            return
          }
          expect(amountToPayInCents(lines)).toBe(amount)
          expect(lines.items.every((i) => Number.isInteger(i.priceInCents) && i.priceInCents >= 0)).toBe(true)
          const body = {
            referenceId: "payses_1",
            currency: "EUR",
            expiration: 900,
            redirectUrl: "https://shop.example/return",
            items: lines.items,
            shippingCostsInCents: lines.shippingCostsInCents,
            ...(lines.discountInCents > 0 ? { discountInCents: lines.discountInCents } : {}),
          }
          expect(CreateOrderBodySchema.safeParse(body).success).toBe(true)
        }
      ),
      { numRuns: 300 }
    )
  })
})
