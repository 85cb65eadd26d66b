import fs from "node:fs"
import path from "node:path"
import { asValue } from "@medusajs/framework/awilix"
import { createMedusaContainer } from "@medusajs/framework/utils"
import { payGrantModulesOfProvider, V1_PAYMENT_MODULE_DEPENDENCIES } from "../../src/providers/payment-request/v1"

/**
 * The v1 provider takes its token from the admin's connection in the tikkie-bank module, under the
 * locking module, and reaches both only in its own container (the payment module's), where Medusa puts
 * the modules a store lists in the payment module's `dependencies`. A provider's container is an awilix
 * container like the one here; Medusa registers a listed module as a resolver that answers undefined
 * when the store has no such module.
 */
describe("the v1 provider's way to the pay grant", () => {
  it("without the payment module's dependencies: a v1 call says which line to add", () => {
    const providerContainer = createMedusaContainer()
    providerContainer.register("logger", asValue(console))
    expect(() => payGrantModulesOfProvider(providerContainer.cradle)).toThrow(
      'add dependencies: ["tikkie","tikkieBank","locking"] to the payment module\'s entry in medusa-config.ts'
    )
  })

  it("with them: the modules the store has, and undefined for one it lacks (then the pay grant names it)", () => {
    const bank = { bankOptions: {} }
    const providerContainer = createMedusaContainer()
    providerContainer.register("tikkieBank", asValue(bank))
    providerContainer.register("locking", asValue(undefined))
    expect(payGrantModulesOfProvider(providerContainer.cradle)).toEqual({ bank, locking: undefined })
  })

  it("the guide shows the same line the provider asks for", () => {
    const guide = fs.readFileSync(path.join(__dirname, "../../docs/payment-requests-v1.md"), "utf8")
    const block = guide.split("<!-- v1: payment module -->")[1]?.split("```")[1]
    const listed = block?.match(/dependencies: (\[[^\]]*\])/)?.[1]
    expect(listed && JSON.parse(listed)).toEqual([...V1_PAYMENT_MODULE_DEPENDENCIES])
    expect(block).toContain('resolve: "@medusajs/medusa/payment"')
  })
})
