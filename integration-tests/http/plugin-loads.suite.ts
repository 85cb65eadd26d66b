import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { bankSuite } from "../helpers/store-suites"

/** Run in the bank group: a store with no Tikkie payment provider configured, only the bank account. */
export default bankSuite("plugin-loads", {
  testSuite: ({ api, getContainer }) => {
    describe("the plugin in a Medusa store", () => {
      it("boots the store with the Tikkie module and its tables migrated", async () => {
        const health = await api.get("/health")
        expect(health.status).toBe(200)

        const tikkie = getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
        const created = await tikkie.createFastCheckoutOrders({
          order_token: "ot_plugin_loads",
          reference_id: "ref-1",
          checkout_url: "http://127.0.0.1:4010/checkout/fastcheckout/ot_plugin_loads",
          provider_id: "pp_tikkie-fast-checkout_tikkie",
          success_url: "http://localhost:8000/order/confirmed",
          failure_url: "http://localhost:8000/checkout",
          amount_in_cents: 1234,
          expires_at: new Date(Date.now() + 600_000),
        })
        expect(created.id).toMatch(/^tkfco_/)
        expect(created.status).toBe("NEW")

        const [found] = await tikkie.listFastCheckoutOrders({ order_token: "ot_plugin_loads" })
        expect(found.reference_id).toBe("ref-1")
        expect(Number(found.amount_in_cents)).toBe(1234)
      })

      it("keeps one record per orderToken", async () => {
        const tikkie = getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
        const record = {
          order_token: "ot_unique",
          reference_id: "ref-2",
          checkout_url: "http://127.0.0.1:4010/checkout/fastcheckout/ot_unique",
          provider_id: "pp_tikkie-fast-checkout_tikkie",
          success_url: "http://localhost:8000/order/confirmed",
          failure_url: "http://localhost:8000/checkout",
          amount_in_cents: 100,
          expires_at: new Date(Date.now() + 600_000),
        }
        await tikkie.createFastCheckoutOrders(record)
        await expect(tikkie.createFastCheckoutOrders(record)).rejects.toThrow(/already exists|unique/i)
      })
    })
  },
})
