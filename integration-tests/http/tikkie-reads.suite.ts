import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { pollFastCheckoutOrders } from "../../src/jobs/poll-fast-checkout-orders"
import { FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS } from "../../src/workflows/fast-checkout/utils/webhook-read-claim"
import { pollPaymentRequests } from "../../src/jobs/poll-payment-requests"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { subscribePaymentRequestNotifications } from "../../src/workflows/payment-request/utils/subscribe-notifications"
import { enablePaymentLinks } from "../helpers/payment-request-env"
import {
  arriveAt,
  eventually,
  ordersForCartCount,
  type SeededStore,
  seedStore,
  settledOrder,
  storeApi,
  useReadyCarts,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { storeSuite } from "../helpers/store-suites"

/**
 * Tikkie's GET calls bound how fast a store can confirm orders (250 a second), so every read counts:
 * a paid order is read once on its way to a Medusa order, and the poll reads what is likely to have
 * changed, not the same abandoned checkouts every minute.
 */
export default storeSuite("tikkie-reads", {
  testSuite: ({ api, getContainer, tikkie }) => {
    const carts = useReadyCarts(5)
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
    const getOrderCalls = async () => (await tikkie.control.requests("fastCheckout.getOrder")).length

    // Seeded once: the test runner restores the database to what it was after these hooks before every test.
    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      await carts.make(shop, store)
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
    })

    const startedCheckout = async () => {
      const cart = await carts.take(shop, store)
      return { cart, started: await shop.startFastCheckout(cart.id) }
    }
    const abandonedCheckouts = async (n: number) => {
      const out: string[] = []
      for (let i = 0; i < n; i++) out.push((await startedCheckout()).started.order_token)
      return out
    }

    it("reads a paid Fast Checkout order from Tikkie once between its webhook and the Medusa order", async () => {
      const { cart, started } = await startedCheckout()
      await tikkie.control.clearRequests()
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const order = await settledOrder(getContainer(), started.order_token, cart.id)

      expect(order.payment_collections[0].payments[0].captured_at).toBeTruthy()
      expect(order.payment_collections[0].payments[0].data).toEqual(
        expect.objectContaining({ status: "PAID", orderToken: started.order_token })
      )
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      expect(await getOrderCalls()).toBe(1)
    })

    it("settles, in the first poll run, a paid checkout whose webhook was lost while more checkouts than the batch are open", async () => {
      const abandoned = await abandonedCheckouts(4)
      // The poll has met these before (a batch of 3: two runs read all four once).
      await pollFastCheckoutOrders(getContainer(), { batch: 3 })
      await pollFastCheckoutOrders(getContainer(), { batch: 3 })
      const { cart, started } = await startedCheckout()
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      expect((await tikkie.control.deliveries("fastCheckout.webhook"))[0].state).toBe("failed")

      await tikkie.control.clearRequests()
      const outcomes = await pollFastCheckoutOrders(getContainer(), { batch: 3 })

      expect(outcomes).toContainEqual(expect.objectContaining({ outcome: "completed" }))
      // It read the paid one (once, the completion took that read), not the open ones again.
      expect(await getOrderCalls()).toBe(1)
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      const open = await records().listFastCheckoutOrders({ order_token: abandoned })
      expect(open.every((r) => r.status === "NEW" && !r.medusa_order_id)).toBe(true)
    })

    it("backs off checkouts nobody came back to: the next poll run reads none of them, a shopper's return makes one due again", async () => {
      const abandoned = await abandonedCheckouts(3)
      await tikkie.control.clearRequests()

      expect(await pollFastCheckoutOrders(getContainer())).toEqual(abandoned.map(() => ({ outcome: "pending" })))
      const firstRun = await getOrderCalls()
      await pollFastCheckoutOrders(getContainer())
      const secondRun = (await getOrderCalls()) - firstRun

      expect(firstRun).toBe(3)
      expect(secondRun).toBe(0)
      const [scheduled] = await records().listFastCheckoutOrders({ order_token: abandoned[0] })
      expect(scheduled.next_check_at!.getTime()).toBeGreaterThan(Date.now())

      // One read per order per interval, whoever asks: a return inside the poll's interval answers from the
      // record ("confirming", never "not paid" from a read begun before it) and reads nothing.
      const returnTo = () =>
        arriveAt(`${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${scheduled.payment_session_id}`)
      const early = await returnTo()
      expect(early.location.searchParams.get("tikkie_status")).toBe("PROCESSING")
      expect(await getOrderCalls()).toBe(firstRun)
      const afterInterval = () => new Promise((r) => setTimeout(r, FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS))
      await afterInterval()

      // The shopper comes back from the checkout page without paying: looked at again in the next run
      // after the return's own interval (a run inside it reads nothing).
      const back = await returnTo()
      expect(back.location.searchParams.get("tikkie_status")).toBe("NEW")
      const beforeThirdRun = await getOrderCalls()
      await pollFastCheckoutOrders(getContainer())
      expect((await getOrderCalls()) - beforeThirdRun).toBe(0)
      await afterInterval()
      await pollFastCheckoutOrders(getContainer())
      expect((await getOrderCalls()) - beforeThirdRun).toBe(1)
    })

    it("authorizes from a settlement's read recorded by any instance, and never believes a read in the session's data", async () => {
      const payment = getContainer().resolve<IPaymentModuleService>(Modules.PAYMENT)
      // Recorded PAID moments ago, as another instance's settlement leaves it (paying at the sandbox would
      // send a webhook whose settlement reads too): authorized from the record, no read of Tikkie.
      const paid = (await startedCheckout()).started
      const [record] = await records().listFastCheckoutOrders({ order_token: paid.order_token })
      await records().updateFastCheckoutOrders({ id: record.id, status: "PAID", last_checked_at: new Date() })
      await tikkie.control.clearRequests()
      const captured = await payment.authorizePaymentSession(paid.payment_session_id, {})
      expect(captured?.id).toMatch(/^pay_/)
      expect(await getOrderCalls()).toBe(0)

      // Unpaid, with a "paid" read a storefront wrote into the session's data: Tikkie is read, nothing authorized.
      const open = (await startedCheckout()).started
      const [session] = await payment.listPaymentSessions({ id: open.payment_session_id })
      const forged = { status: "PAID", settledRead: { orderToken: open.order_token, status: "PAID" } }
      await payment.updatePaymentSession({
        id: session.id,
        amount: session.amount,
        currency_code: session.currency_code,
        data: { ...session.data, ...forged },
      })
      await tikkie.control.clearRequests()
      await expect(payment.authorizePaymentSession(open.payment_session_id, {})).rejects.toThrow(/not authorized/)
      expect(await getOrderCalls()).toBe(1)
    })

    describe("payment links", () => {
      beforeEach(async () => {
        await enablePaymentLinks(getContainer(), store.regionId)
        await subscribePaymentRequestNotifications(getContainer(), { force: true })
      })
      const startLink = async () => {
        const cart = await carts.take(shop, store)
        const { data } = await api.post(`/store/carts/${cart.id}/tikkie-payment-request`, {}, { headers: shop.headers })
        return { cart, token: (data as { payment_request_token: string }).payment_request_token }
      }
      const requestReads = async () => (await tikkie.control.requests("paymentRequestsV2.getPaymentRequest")).length

      it("reads a paid payment link from Tikkie once between its notification and the Medusa order", async () => {
        const { cart, token } = await startLink()
        await tikkie.control.clearRequests()
        await tikkie.control.post(`/_sandbox/paymentrequests/${token}/pay`, {})
        await eventually(
          async () => (await records().listPaymentRequests({ payment_request_token: token }))[0]?.medusa_payment_id,
          20_000
        )

        expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
        expect(await requestReads()).toBe(1)
      })

      it("backs off links nobody paid: the next poll run reads none of them", async () => {
        await startLink()
        await startLink()
        await tikkie.control.clearRequests()

        expect(await pollPaymentRequests(getContainer())).toEqual([{ outcome: "pending" }, { outcome: "pending" }])
        const firstRun = await requestReads()
        await pollPaymentRequests(getContainer())

        expect(firstRun).toBe(2)
        expect((await requestReads()) - firstRun).toBe(0)
      })
    })
  },
})
