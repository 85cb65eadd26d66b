import { ContainerRegistrationKeys, defineConfig } from "@medusajs/framework/utils"
import checkPaymentDependencies from "../../../src/modules/tikkie/loaders/check-payment-dependencies"

/** The tikkie module's start-up check as Medusa runs it, on a configuration defineConfig resolved. */
function start(payment: Record<string, unknown>) {
  const configModule = defineConfig({ projectConfig: { databaseUrl: "postgres://x" }, modules: [payment] } as never)
  const container = {
    resolve: (key: string) => (key === ContainerRegistrationKeys.CONFIG_MODULE ? configModule : undefined),
  }
  return checkPaymentDependencies({ container, options: {} } as never)
}

const fastCheckout = {
  resolve: "./src/providers/fast-checkout",
  id: "tikkie",
  options: { apiKey: "k", merchantToken: "m", baseUrl: "http://127.0.0.1:4010", storeUrl: "http://localhost:9000" },
}

describe("the tikkie module's check of the payment module's dependencies", () => {
  it("stops the start when a Tikkie provider's payment module does not list the tikkie module, naming the line", async () => {
    await expect(
      start({ resolve: "@medusajs/medusa/payment", options: { providers: [fastCheckout] } })
    ).rejects.toThrow(
      'payment provider pp_tikkie-fast-checkout_tikkie needs the plugin\'s tikkie module: add dependencies: ["tikkie"] ' +
        "to the payment module's entry in medusa-config.ts"
    )
  })

  it("keeps what the entry lists already in the line it asks for", async () => {
    await expect(
      start({ resolve: "@medusajs/medusa/payment", dependencies: ["locking"], options: { providers: [fastCheckout] } })
    ).rejects.toThrow('add dependencies: ["locking","tikkie"]')
  })

  it("starts with the line, and without Tikkie providers", async () => {
    await expect(
      start({ resolve: "@medusajs/medusa/payment", dependencies: ["tikkie"], options: { providers: [fastCheckout] } })
    ).resolves.toBeUndefined()
    await expect(start({ resolve: "@medusajs/medusa/payment", options: { providers: [] } })).resolves.toBeUndefined()
  })
})
