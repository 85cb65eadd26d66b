import { MathBN } from "@medusajs/framework/utils"
import { amountToRestore } from "../../src/workflows/payment-request/steps/find-reusable-order-collection"

/**
 * The order-link workflow takes over an unpaid collection and, when a later step fails, gives it back its
 * amount (issue 19 point 9): exactly the amount it had, in Medusa's BigNumber math, never through a float.
 */
describe("the amount an order-link's compensation gives back to a taken-over collection", () => {
  it("is exact for a sub-cent amount with more digits than a float holds", () => {
    const raw = { value: "19.99500000000000000001", precision: 20 }
    const restored = amountToRestore({ amount: 19.995, raw_amount: raw })
    expect(restored).toBe("19.99500000000000000001")
    expect(MathBN.eq(restored, raw.value)).toBe(true)
  })

  it("reads Medusa's raw amount shape ({ value, precision }) when no number is given", () => {
    expect(amountToRestore({ raw_amount: { value: "0.005", precision: 20 } })).toBe("0.005")
  })

  it("keeps a plain amount and answers 0 for none", () => {
    expect(amountToRestore({ amount: 12.34 })).toBe("12.34")
    expect(amountToRestore({})).toBe("0")
  })
})
