import { BigNumber } from "@medusajs/framework/utils"
import { chooseExpressShipping, expressShippingView } from "../../../src/workflows/fast-checkout/utils/express-shipping"
import { parseTikkieModuleOptions } from "../../../src/modules/tikkie/options"

/** Which shipping option the express checkout takes of what Medusa offers a cart (docs/fast-checkout.md). */
describe("the express checkout's shipping option", () => {
  const offered = [
    { id: "so_standard", name: "PostNL", amount: 4.95, type: { code: "standard" } },
    { id: "so_mailbox", name: "Brievenbus", amount: new BigNumber(3.25), type: { code: "mailbox" } },
    { id: "so_evening", name: "Avond", amount: 6.95, type: { code: "evening" } },
    { id: "so_evening_2", name: "Avond DHL", amount: 6.5, type: { code: "evening" } },
    { id: "so_quote", name: "Op offerte", amount: null, type: { code: "quote" } },
  ]

  it("is the cheapest priced option when the shop names none (BigNumber and number amounts compared exactly)", () => {
    expect(chooseExpressShipping(offered, [])?.id).toBe("so_mailbox")
  })

  it("is the shop's first preference that is offered: by id, or the cheapest of a type code", () => {
    expect(chooseExpressShipping(offered, ["so_standard"])?.id).toBe("so_standard")
    expect(chooseExpressShipping(offered, ["express", "evening", "standard"])?.id).toBe("so_evening_2")
    expect(chooseExpressShipping(offered, ["so_gone", "quote"])?.id).toBe("so_mailbox")
  })

  it("is none when nothing priced is offered; ties go by name, the same every time", () => {
    expect(chooseExpressShipping([offered[4]], [])).toBeUndefined()
    const tie = [
      { id: "so_b", name: "B", amount: 1 },
      { id: "so_a", name: "A", amount: 1 },
    ]
    expect(chooseExpressShipping(tie, [])?.id).toBe("so_a")
    expect(chooseExpressShipping([...tie].reverse(), [])?.id).toBe("so_a")
  })

  it("is shown as the shopper pays it: with the country's VAT on a price without it, in whole cents", () => {
    expect(expressShippingView(offered[1], "eur", 21)).toEqual({
      id: "so_mailbox",
      name: "Brievenbus",
      amount: 3.93,
      amount_in_cents: 393,
      currency_code: "eur",
    })
    expect(expressShippingView({ ...offered[0], is_tax_inclusive: true }, "eur", 21).amount_in_cents).toBe(495)
    expect(expressShippingView(offered[2], "eur", 6).amount_in_cents).toBe(737)
  })

  it("takes the shop's choice from the plugin option expressShippingOptions, checked at start-up", () => {
    expect(parseTikkieModuleOptions({}).expressShippingOptions).toBeUndefined()
    expect(
      parseTikkieModuleOptions({ expressShippingOptions: ["so_01ABC", "standard"] }).expressShippingOptions
    ).toEqual(["so_01ABC", "standard"])
    expect(() => parseTikkieModuleOptions({ expressShippingOptions: "standard" })).toThrow(/must be a list/)
    expect(() => parseTikkieModuleOptions({ expressShippingOptions: ["a b"] })).toThrow(/type codes/)
  })
})
