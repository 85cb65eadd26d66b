import { pollFastCheckoutOrders } from "../../src/jobs/poll-fast-checkout-orders"
import { pollPaymentRequests } from "../../src/jobs/poll-payment-requests"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { adminHeaders, PAYMENT_REQUEST_PROVIDER } from "../helpers/payment-request-env"
import { eventually, type SeededStore, seedStore, settledOrder, storeApi, useReadyCarts } from "../helpers/store-flow"
import { storeSuite } from "../helpers/store-suites"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"

type Check = { area: string; check: string; status: string; code: string; values: Record<string, unknown> }
type Health = { status: string; checked_at: string; checks: Check[] }

/**
 * The health card's route, GET /admin/tikkie/health, as a monitoring system calls it (a secret API key,
 * HTTP Basic): green after working calls, red while Tikkie refuses the credentials, amber while the poll
 * is behind. First in its group: the marks of a call are written once per state change or 30 s per
 * process, and the test runner restores the database under the running app between tests.
 */
export default storeSuite("health", {
  testSuite: ({ api, getContainer, tikkie }) => {
    const carts = useReadyCarts(1)
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    let admin: { authorization: string }
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)

    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      await carts.make(shop, store)
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
      admin = await adminHeaders(api, getContainer())
    })

    const monitoring = async () => {
      const { data } = await api.post("/admin/api-keys", { title: "Monitoring", type: "secret" }, { headers: admin })
      return {
        authorization: `Basic ${Buffer.from(`${data.api_key.token}:`).toString("base64")}`,
        token: data.api_key.token,
      }
    }
    const health = async (headers: { authorization: string } = admin): Promise<Health> =>
      (await api.get("/admin/tikkie/health", { headers })).data
    const checkOf = (h: Health, area: string, check: string) =>
      h.checks.find((c) => c.area === area && c.check === check)
    const invoiceLink = (description: string) =>
      api.post(
        "/admin/tikkie/payment-requests",
        { description, provider_id: PAYMENT_REQUEST_PROVIDER },
        { headers: admin }
      )

    it("answers green to a secret API key after working calls, with no secret in the answer", async () => {
      const cart = await carts.take(shop, store)
      const started = await shop.startFastCheckout(cart.id)
      // Paid at Tikkie: its webhook reaches the store and the order is made.
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      await settledOrder(getContainer(), started.order_token, cart.id)
      await invoiceLink("Factuur 2026-201")
      await pollFastCheckoutOrders(getContainer())
      await pollPaymentRequests(getContainer())
      const key = await monitoring()

      // A call's mark is written beside the call, not awaited by it.
      const answer = await eventually(async () => {
        const h = await health(key)
        return checkOf(h, "fast_checkout", "credentials")?.code === "working" &&
          checkOf(h, "fast_checkout", "webhook")?.code === "received" &&
          checkOf(h, "payment_requests_v2", "credentials")?.code === "working"
          ? h
          : undefined
      })

      expect(answer.status).toBe("green")
      expect(answer.checks.map((c) => `${c.area}.${c.check}`).sort()).toEqual([
        "fast_checkout.credentials",
        "fast_checkout.poll",
        "fast_checkout.read_budget",
        "fast_checkout.webhook",
        "payment_requests_v2.credentials",
        "payment_requests_v2.poll",
        "payment_requests_v2.webhook",
        "store.paid_without_order",
        "store.refunds_owed",
      ])
      expect(checkOf(answer, "fast_checkout", "poll")).toEqual(
        expect.objectContaining({ status: "green", code: "on_time" })
      )
      expect(checkOf(answer, "fast_checkout", "webhook")).toEqual(
        expect.objectContaining({ status: "green", code: "received", values: { last_at: expect.any(String) } })
      )
      expect(checkOf(answer, "fast_checkout", "read_budget")?.values).toEqual(
        expect.objectContaining({ busiest: expect.any(Number), limit: 200, held: 0 })
      )
      const text = JSON.stringify(answer)
      for (const secret of [
        process.env.TIKKIE_API_KEY!,
        process.env.TIKKIE_MERCHANT_TOKEN!,
        process.env.TIKKIE_APP_TOKEN!,
        key.token,
      ])
        expect(text).not.toContain(secret)
      // Not without a key.
      const anonymous = await api.get("/admin/tikkie/health").catch((e: any) => e.response)
      expect(anonymous.status).toBe(401)
    })

    it("answers red with Tikkie's code while it refuses the app token, and green once a call is accepted again", async () => {
      const appToken = process.env.TIKKIE_APP_TOKEN!
      await tikkie.control.post(`/_sandbox/apps/${appToken}/disable`)
      try {
        const refused = await invoiceLink("Factuur 2026-202").catch((e: any) => e.response)
        expect(refused.status).toBeGreaterThanOrEqual(400)

        const red = await eventually(async () => {
          const h = await health()
          return h.status === "red" ? h : undefined
        })
        expect(checkOf(red, "payment_requests_v2", "credentials")).toEqual(
          expect.objectContaining({
            status: "red",
            code: "refused",
            values: expect.objectContaining({
              refused_code: "APP_TOKEN_DISABLED",
              last_refused_at: expect.any(String),
            }),
          })
        )
      } finally {
        await tikkie.control.post(`/_sandbox/apps/${appToken}/enable`)
      }

      await invoiceLink("Factuur 2026-203")
      const green = await eventually(async () => {
        const h = await health()
        return checkOf(h, "payment_requests_v2", "credentials")?.status === "green" ? h : undefined
      })
      expect(green.status).toBe("green")
      // The refusal stays on the card as history, with its code.
      expect(checkOf(green, "payment_requests_v2", "credentials")?.values).toEqual(
        expect.objectContaining({ refused_code: "APP_TOKEN_DISABLED", last_ok_at: expect.any(String) })
      )
    })

    it("answers amber while the poll is behind, and green once it has run", async () => {
      const { data } = await invoiceLink("Factuur 2026-204")
      const [record] = await records().listPaymentRequests({
        payment_request_token: data.payment_request.payment_request_token,
      })
      // Due for a read ten minutes ago, and no poll since.
      await records().updatePaymentRequests({ id: record.id, next_check_at: new Date(Date.now() - 10 * 60_000) })

      const behind = await health()
      expect(behind.status).toBe("amber")
      expect(checkOf(behind, "payment_requests_v2", "poll")).toEqual(
        expect.objectContaining({
          status: "amber",
          code: "behind",
          values: expect.objectContaining({ due: 1, behind_minutes: 10 }),
        })
      )

      await pollPaymentRequests(getContainer())
      const caughtUp = await health()
      expect(checkOf(caughtUp, "payment_requests_v2", "poll")).toEqual(
        expect.objectContaining({ status: "green", code: "on_time", values: expect.objectContaining({ due: 0 }) })
      )
    })
  },
})
