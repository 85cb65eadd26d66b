import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { startFastCheckoutWorkflow } from "../../src/workflows/fast-checkout/start-fast-checkout"
import { recordFastCheckoutSessionStepId } from "../../src/workflows/fast-checkout/steps/record-fast-checkout-session"
import { startPaymentRequestCheckoutWorkflow } from "../../src/workflows/payment-request/start-checkout"
import { createOrderPaymentLinkWorkflow } from "../../src/workflows/payment-request/create-order-link"
import { createInvoicePaymentLinkWorkflow } from "../../src/workflows/payment-request/create-invoice-link"
import { createInvoicePaymentRequestStepId } from "../../src/workflows/payment-request/steps/create-invoice-payment-request"
import { recordInvoiceLinkStepId } from "../../src/workflows/payment-request/steps/record-invoice-link"
import { recordSessionLinkStepId } from "../../src/workflows/payment-request/steps/record-session-link"
import { subscribePaymentRequestNotifications } from "../../src/workflows/payment-request/utils/subscribe-notifications"
import { settleFastCheckoutOrderWorkflow } from "../../src/workflows/fast-checkout/settle-fast-checkout-order"
import { settleFastCheckoutOrderStepId } from "../../src/workflows/fast-checkout/steps/settle-fast-checkout-order"
import { settlePaymentRequestWorkflow } from "../../src/workflows/payment-request/settle-payment-request"
import { settlePaymentRequestStepId } from "../../src/workflows/payment-request/steps/settle-payment-request"
import { adminHeaders, enablePaymentLinks } from "../helpers/payment-request-env"
import {
  eventually,
  orderForCart,
  ordersForCartCount,
  type SeededStore,
  seedStore,
  storeApi,
  useReadyCarts,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { failingAfter } from "../helpers/failing-after"
import { refuseCaptureBookings } from "../helpers/refuse-capture-booking"
import { completionParts, leaveHalfMade } from "../helpers/half-made"
import { finishHalfMadeOrderWorkflow } from "../../src/workflows/checkout/finish-half-made-order"
import { storeSuite } from "../helpers/store-suites"

/**
 * The payment request workflows undo what their earlier steps made when a later step fails. The failure
 * is injected the way Medusa's own tests do it: an action appended after a step that throws.
 */
export default storeSuite("payment-request-workflows", {
  testSuite: ({ api, getContainer, tikkie }) => {
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)

    // Every test here takes one cart at most: each finds this one, as the restore before it puts it back.
    const carts = useReadyCarts(1)

    // Seeded once: the test runner restores the database to what it was after these hooks before every test.
    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      await enablePaymentLinks(getContainer(), store.regionId)
      await carts.make(shop, store)
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
      await subscribePaymentRequestNotifications(getContainer(), { force: true })
    })

    /** An order paid by checkout link, then edited by the shop so that it owes the added product. */
    const orderThatOwes = async () => {
      const cart = await carts.take(shop, store)
      const { data: started } = await api.post(
        `/store/carts/${cart.id}/tikkie-payment-request`,
        {},
        { headers: shop.headers }
      )
      await tikkie.control.post(`/_sandbox/paymentrequests/${started.payment_request_token}/pay`, {})
      const orderId = (await eventually(
        async () =>
          (await records().listPaymentRequests({ payment_request_token: started.payment_request_token }))[0]?.order_id,
        20_000
      )) as string
      const headers = await adminHeaders(api, getContainer())
      const { data: edit } = await api.post("/admin/order-edits", { order_id: orderId }, { headers })
      await api.post(
        `/admin/order-edits/${edit.order_change.order_id}/items`,
        { items: [{ variant_id: store.variantIds["stroopwafels-2"], quantity: 1 }] },
        { headers }
      )
      await api.post(`/admin/order-edits/${orderId}/request`, {}, { headers })
      await api.post(`/admin/order-edits/${orderId}/confirm`, {}, { headers })
      return { orderId, headers }
    }

    const collections = async (orderId: string) => {
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: [
            "summary.*",
            "payment_collections.id",
            "payment_collections.amount",
            "payment_collections.status",
            "payment_collections.payment_sessions.id",
          ],
          filters: { id: orderId },
        })
      const order = data[0] as any
      return {
        pending: Number(order.summary.pending_difference),
        collections: (order.payment_collections ?? [])
          .map((c: any) => ({
            id: c.id,
            amount: Number(c.amount),
            status: c.status,
            sessions: (c.payment_sessions ?? []).length,
          }))
          .sort((a: any, b: any) => a.id.localeCompare(b.id)),
      }
    }

    describe("create order link", () => {
      it("taking over the order edit's unpaid collection: a failure after the record gives the amount back, drops the session, cancels the record and frees the order's lock", async () => {
        const { orderId, headers } = await orderThatOwes()
        const before = await collections(orderId)
        const unpaid = before.collections.find((c: any) => c.status === "not_paid")
        expect(unpaid).toBeDefined()

        const { errors } = await failingAfter(
          createOrderPaymentLinkWorkflow(getContainer()),
          recordSessionLinkStepId
        ).run({ input: { orderId, amountInCents: 100 }, throwOnError: false })
        expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])

        // The payment request was made at Tikkie (it cannot be closed there) ...
        const made = await tikkie.control.requests("paymentRequestsV2.createPaymentRequest")
        expect(made).toHaveLength(2) // the checkout link and this one
        // ... and its record stays, cancelled, so a payment on it is still seen.
        const links = await records().listPaymentRequests({ order_id: orderId, kind: "order" })
        expect(links).toHaveLength(1)
        expect(links[0].cancelled_at).toBeTruthy()
        // The collection has its amount back and no session; nothing else was added.
        expect(await collections(orderId)).toEqual(before)

        // The order's lock was released and the cancelled link asks for nothing: a new link gets all that is owed.
        const { data } = await api.post(`/admin/orders/${orderId}/tikkie-payment-links`, {}, { headers })
        expect(data.payment_link.amount_in_cents).toBe(Math.round(before.pending * 100))
      })

      it("with a collection of its own: a failure after the record deletes that collection and its link to the order", async () => {
        const { orderId, headers } = await orderThatOwes()
        // A first link for part of the amount takes over the edit's collection; the rest needs a new one.
        await api.post(`/admin/orders/${orderId}/tikkie-payment-links`, { amount_in_cents: 100 }, { headers })
        const before = await collections(orderId)

        const { errors } = await failingAfter(
          createOrderPaymentLinkWorkflow(getContainer()),
          recordSessionLinkStepId
        ).run({ input: { orderId }, throwOnError: false })
        expect(errors).toHaveLength(1)

        expect(await collections(orderId)).toEqual(before)
        const { data: list } = await api.get(`/admin/orders/${orderId}/tikkie-payment-links`, { headers })
        expect(list.payment_links.filter((l: any) => l.kind === "order")).toHaveLength(2)
        const { data: again } = await api.post(`/admin/orders/${orderId}/tikkie-payment-links`, {}, { headers })
        expect(again.payment_link.amount_in_cents).toBe(Math.round(before.pending * 100) - 100)
      })
    })

    describe("settle", () => {
      it("Fast Checkout: a failure after the settlement undoes nothing of it: the paid order stays one Medusa order, and a rerun finds it", async () => {
        const cart = await carts.take(shop, store)
        const started = await shop.startFastCheckout(cart.id)
        await tikkie.control.setDeliveryBehaviour("fail", 1)
        await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)

        const { errors } = await failingAfter(
          settleFastCheckoutOrderWorkflow(getContainer()),
          settleFastCheckoutOrderStepId
        ).run({
          input: { orderToken: started.order_token, source: "poll" },
          throwOnError: false,
        })
        expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])
        const order = await orderForCart(getContainer(), cart.id)
        expect(order?.payment_collections?.[0]?.payments?.[0]?.captured_at).toBeTruthy()
        const [record] = await records().listFastCheckoutOrders({ order_token: started.order_token })
        expect(record.medusa_order_id).toBe(order!.id)

        const { result } = await settleFastCheckoutOrderWorkflow(getContainer()).run({
          input: { orderToken: started.order_token, source: "poll" },
        })
        expect(result).toEqual({ outcome: "already-completed", orderId: order!.id })
        expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      })

      it("payment link: a failure after the settlement undoes nothing of it: the captured payment and the order stay", async () => {
        const cart = await carts.take(shop, store)
        const { data: started } = await api.post(
          `/store/carts/${cart.id}/tikkie-payment-request`,
          {},
          { headers: shop.headers }
        )
        await tikkie.control.setDeliveryBehaviour("fail", 1)
        await tikkie.control.post(`/_sandbox/paymentrequests/${started.payment_request_token}/pay`, {})

        const { errors } = await failingAfter(
          settlePaymentRequestWorkflow(getContainer()),
          settlePaymentRequestStepId
        ).run({
          input: { paymentRequestToken: started.payment_request_token, source: "poll" },
          throwOnError: false,
        })
        expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])
        const order = await orderForCart(getContainer(), cart.id)
        expect(order?.payment_collections?.[0]?.payments?.[0]?.captured_at).toBeTruthy()
        const [record] = await records().listPaymentRequests({ payment_request_token: started.payment_request_token })
        expect(record.order_id).toBe(order!.id)
        expect(record.medusa_payment_id).toBeTruthy()
      })
    })

    /**
     * A process that died inside Medusa's completeCartWorkflow (leaveHalfMade: the real workflow, its
     * connection cut at one write and every undo cut too) leaves the order half made: the next settlement
     * finishes it (complete-cart-once.ts) and books the payment once, however often it runs.
     */
    describe("a completion whose process died half way", () => {
      const paidFastCheckout = async () => {
        const cart = await carts.take(shop, store)
        const started = await shop.startFastCheckout(cart.id)
        await tikkie.control.setDeliveryBehaviour("fail", 100)
        await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
        const settle = async () =>
          (
            await settleFastCheckoutOrderWorkflow(getContainer()).run({
              input: { orderToken: started.order_token, source: "poll" },
            })
          ).result
        const recordedOrder = async () =>
          (await records().listFastCheckoutOrders({ order_token: started.order_token }))[0].medusa_order_id
        return { cart, sessionId: started.payment_session_id as string, settle, recordedOrder }
      }
      const paidLink = async () => {
        const cart = await carts.take(shop, store)
        const { data: started } = await api.post(
          `/store/carts/${cart.id}/tikkie-payment-request`,
          {},
          { headers: shop.headers }
        )
        await tikkie.control.setDeliveryBehaviour("fail", 100)
        await tikkie.control.post(`/_sandbox/paymentrequests/${started.payment_request_token}/pay`, {})
        const settle = async () =>
          (
            await settlePaymentRequestWorkflow(getContainer()).run({
              input: { paymentRequestToken: started.payment_request_token, source: "poll" },
            })
          ).result
        const recordedOrder = async () =>
          (await records().listPaymentRequests({ payment_request_token: started.payment_request_token }))[0].order_id
        return { cart, sessionId: started.payment_session_id as string, settle, recordedOrder }
      }

      it.each([
        ["Fast Checkout", "payment"],
        ["Fast Checkout", "order_transaction"],
        ["payment link", "payment"],
        ["payment link", "order_transaction"],
      ] as const)(
        "%s, the process dead at Medusa's write of the %s: the next settlement authorizes the payment and books its capture on the order, once; finishing again books nothing",
        async (kind, at) => {
          const container = getContainer()
          const paid = kind === "Fast Checkout" ? await paidFastCheckout() : await paidLink()
          const { ordersSince } = await leaveHalfMade(container, paid.settle, at)
          const [orderId] = await ordersSince()
          expect(await ordersSince()).toEqual([orderId])

          // What the dead attempt left: the order linked, the cart completed and the stock reserved; the
          // payment not authorized (at "payment") or captured without the order's capture transaction.
          const left = await completionParts(container, orderId, paid.sessionId)
          expect(left).toMatchObject({
            cartLinked: 1,
            cartCompleted: true,
            reservations: 2,
            payments: at === "payment" ? 0 : 1,
            captured: at === "payment" ? 0 : 1,
            transactions: [],
          })

          expect(await paid.settle()).toEqual({ outcome: "already-completed", orderId })
          const done = await completionParts(container, orderId, paid.sessionId)
          expect(done).toMatchObject({ cartLinked: 1, cartCompleted: true, reservations: 2, payments: 1, captured: 1 })
          expect(done.captures).toHaveLength(1)
          expect(done.transactions).toEqual([
            { reference: "capture", reference_id: done.captures[0], cents: Math.round(paid.cart.total * 100) },
          ])
          expect(await paid.recordedOrder()).toBe(orderId)

          // Finishing again (another instance's settlement, a retry) books nothing twice.
          const { result: again } = await finishHalfMadeOrderWorkflow(container).run({
            input: { cartId: paid.cart.id, paymentSessionId: paid.sessionId, orderId },
          })
          expect(again).toBe(false)
          expect(await paid.settle()).toEqual({ outcome: "already-completed", orderId })
          expect(await completionParts(container, orderId, paid.sessionId)).toEqual(done)
          expect(await ordersSince()).toEqual([orderId])
          expect(await ordersForCartCount(container, paid.cart.id)).toBe(1)
        }
      )

      it("order link, the process dead inside Medusa's processPaymentWorkflow after the capture, before the order's capture transaction: the next settlement books it once, and the order owes nothing", async () => {
        const container = getContainer()
        const { orderId } = await orderThatOwes()
        const owed = (await collections(orderId)).pending
        expect(owed).toBeGreaterThan(0)
        const { result: link } = await createOrderPaymentLinkWorkflow(container).run({ input: { orderId } })
        const token = link.payment_request_token as string
        await tikkie.control.setDeliveryBehaviour("fail", 100)
        await tikkie.control.post(`/_sandbox/paymentrequests/${token}/pay`, {})
        const sessionId = (await records().listPaymentRequests({ payment_request_token: token }))[0].payment_session_id!
        const settle = async () =>
          (
            await settlePaymentRequestWorkflow(container).run({
              input: { paymentRequestToken: token, source: "poll" },
            })
          ).result
        const { ordersSince } = await leaveHalfMade(container, settle, "order_transaction", {
          existingOrderId: orderId,
        })
        expect(await ordersSince()).toEqual([])

        // What the dead attempt left: the link's payment captured, the order's books without it.
        const left = await completionParts(container, orderId, sessionId)
        expect(left).toMatchObject({ payments: 1, captured: 1 })
        expect(left.captures).toHaveLength(1)
        expect(left.transactions.filter((t) => t.reference_id === left.captures[0])).toEqual([])

        // The next settlement (the cut one may have recorded its outcome, or not) books it.
        const next = (await settle()) as { outcome: string; orderId: string }
        expect(["captured", "already-completed"]).toContain(next.outcome)
        expect(next.orderId).toBe(orderId)
        const done = await completionParts(container, orderId, sessionId)
        expect(done.captures).toEqual(left.captures)
        expect(done.transactions.filter((t) => t.reference_id === done.captures[0])).toEqual([
          { reference: "capture", reference_id: done.captures[0], cents: Math.round(owed * 100) },
        ])
        expect((await collections(orderId)).pending).toBe(0)

        // Settled again (a late notification, the poll): nothing booked twice.
        await settle()
        expect(await completionParts(container, orderId, sessionId)).toEqual(done)
        expect((await collections(orderId)).pending).toBe(0)
      })
    })

    describe("create invoice link", () => {
      it.each([
        ["the record", () => recordInvoiceLinkStepId],
        ["the payment request, before the record", () => createInvoicePaymentRequestStepId],
      ])(
        "a failure after %s keeps the payable link in sight: one record, cancelled, shown in the admin's list",
        async (_, stepId) => {
          const { errors } = await failingAfter(createInvoicePaymentLinkWorkflow(getContainer()), stepId()).run({
            input: { amountInCents: 1234, description: "Factuur 2026-118" },
            throwOnError: false,
          })
          expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])
          const [made] = await tikkie.control.requests("paymentRequestsV2.createPaymentRequest")
          expect(made).toBeDefined()
          const invoices = await records().listPaymentRequests({ kind: "invoice" })
          expect(invoices).toHaveLength(1)
          expect(invoices[0]).toEqual(
            expect.objectContaining({ amount_in_cents: 1234, description: "Factuur 2026-118" })
          )
          expect(invoices[0].cancelled_at).toBeTruthy()
          const headers = await adminHeaders(api, getContainer())
          const { data } = await api.get("/admin/tikkie/payment-requests", { headers })
          expect(data.payment_requests).toEqual([
            expect.objectContaining({
              payment_request_token: invoices[0].payment_request_token,
              cancelled_at: expect.any(String),
            }),
          ])
        }
      )
    })

    it("payment link: the record's write refused after the cart became an order keeps the order and its capture; the next settlement records it", async () => {
      const container = getContainer()
      const cart = await carts.take(shop, store)
      const { data: started } = await api.post(
        `/store/carts/${cart.id}/tikkie-payment-request`,
        {},
        { headers: shop.headers }
      )
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/paymentrequests/${started.payment_request_token}/pay`, {})
      const pg = container.resolve<{ raw(sql: string, bindings: unknown[]): Promise<unknown> }>(
        ContainerRegistrationKeys.PG_CONNECTION
      )
      // Only the write naming the order is refused: the settlement's last step fails, after the order exists.
      await pg.raw(
        `create or replace function tikkie_test_refuse_link_order() returns trigger language plpgsql as $$
        begin if new.order_id is not null then raise exception 'the record refuses its order'; end if; return new; end $$`,
        []
      )
      await pg.raw(
        `create trigger tikkie_test_refuse_link_order before update on tikkie_payment_request
        for each row execute function tikkie_test_refuse_link_order()`,
        []
      )
      let first: unknown
      try {
        first = (
          await settlePaymentRequestWorkflow(container).run({
            input: { paymentRequestToken: started.payment_request_token, source: "poll" },
          })
        ).result
      } finally {
        await pg.raw(`drop trigger if exists tikkie_test_refuse_link_order on tikkie_payment_request`, [])
      }
      const order = (await orderForCart(container, cart.id))!
      expect(first).toEqual({ outcome: "completed", orderId: order.id })
      expect(order.payment_collections[0].payments[0].captured_at).toBeTruthy()
      const [unwritten] = await records().listPaymentRequests({ payment_request_token: started.payment_request_token })
      expect(unwritten.order_id).toBeNull()

      const { result: again } = await settlePaymentRequestWorkflow(container).run({
        input: { paymentRequestToken: started.payment_request_token, source: "poll" },
      })
      expect(again).toEqual({ outcome: "already-completed", orderId: order.id })
      const [record] = await records().listPaymentRequests({ payment_request_token: started.payment_request_token })
      expect(record.order_id).toBe(order.id)
      expect(record.medusa_payment_id).toBeTruthy()
      expect(await ordersForCartCount(container, cart.id)).toBe(1)
    })

    it("payment link: a completion Medusa undoes after capturing the payment refunds nothing at Tikkie and keeps the session; the next settlement makes the order", async () => {
      const container = getContainer()
      const cart = await carts.take(shop, store)
      const { data: started } = await api.post(
        `/store/carts/${cart.id}/tikkie-payment-request`,
        {},
        { headers: shop.headers }
      )
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/paymentrequests/${started.payment_request_token}/pay`, {})
      const settle = async () =>
        (
          await settlePaymentRequestWorkflow(container).run({
            input: { paymentRequestToken: started.payment_request_token, source: "poll" },
          })
        ).result
      const liftFault = await refuseCaptureBookings(container.resolve(ContainerRegistrationKeys.PG_CONNECTION))
      let first: unknown
      try {
        first = await settle()
      } finally {
        await liftFault()
      }
      expect(first).not.toMatchObject({ outcome: "completed" })
      // Medusa's undo tried to refund the payer and give the cart a new session: both refused.
      expect(await tikkie.control.requests("paymentRequestsV2.createRefund")).toHaveLength(0)
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "cart",
        fields: ["payment_collection.payment_sessions.id"],
        filters: { id: cart.id },
      })
      expect((data[0] as any).payment_collection.payment_sessions.map((s: any) => s.id)).toEqual([
        started.payment_session_id,
      ])

      const again = await settle()
      const order = (await orderForCart(container, cart.id))!
      expect(again).toMatchObject({ orderId: order.id })
      const [payment] = order.payment_collections.flatMap((pc: any) => pc.payments)
      expect(payment.captured_at).toBeTruthy()
      expect(await tikkie.control.requests("paymentRequestsV2.createRefund")).toHaveLength(0)
      const [record] = await records().listPaymentRequests({ payment_request_token: started.payment_request_token })
      expect(record).toMatchObject({ order_id: order.id, problem: null })
      expect(await ordersForCartCount(container, cart.id)).toBe(1)
    })

    describe("start checkout", () => {
      const sessionsOf = async (cartId: string) => {
        const { data } = await getContainer()
          .resolve(ContainerRegistrationKeys.QUERY)
          .graph({ entity: "cart", fields: ["payment_collection.payment_sessions.id"], filters: { id: cartId } })
        return ((data[0] as any).payment_collection?.payment_sessions ?? []).map((s: any) => s.id)
      }

      it("by payment link: a failure after the record drops the session, cancels the record and frees the cart's lock", async () => {
        const cart = await carts.take(shop, store)
        const { errors } = await failingAfter(
          startPaymentRequestCheckoutWorkflow(getContainer()),
          recordSessionLinkStepId
        ).run({
          input: { cartId: cart.id },
          throwOnError: false,
        })
        expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])
        expect(await sessionsOf(cart.id)).toEqual([])
        const [given] = await records().listPaymentRequests({ cart_id: cart.id })
        expect(given.cancelled_at).toBeTruthy()

        // The shopper's next try gets a new link, not the given-up one.
        const { data: started } = await api.post(
          `/store/carts/${cart.id}/tikkie-payment-request`,
          {},
          { headers: shop.headers }
        )
        expect(started.payment_request_token).not.toBe(given.payment_request_token)
        expect(await sessionsOf(cart.id)).toEqual([started.payment_session_id])
      })

      it("by Fast Checkout: a failure after the record drops the session and frees the cart's lock; the record stays", async () => {
        const cart = await carts.take(shop, store)
        const { errors } = await failingAfter(
          startFastCheckoutWorkflow(getContainer()),
          recordFastCheckoutSessionStepId
        ).run({
          input: { cartId: cart.id },
          throwOnError: false,
        })
        expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])
        expect(await sessionsOf(cart.id)).toEqual([])
        // Tikkie cannot cancel the order: its record stays, so a payment on its page is still seen.
        const [kept] = await records().listFastCheckoutOrders({ cart_id: cart.id })
        expect(kept).toBeDefined()

        const started = await shop.startFastCheckout(cart.id)
        expect(started.order_token).not.toBe(kept.order_token)
        expect(await sessionsOf(cart.id)).toEqual([started.payment_session_id])
      })
    })
  },
})
