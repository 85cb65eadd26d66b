import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { request } from "undici"
import { pollFastCheckoutOrders } from "../../src/jobs/poll-fast-checkout-orders"
import { FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS } from "../../src/workflows/fast-checkout/utils/webhook-read-claim"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import {
  arriveAt,
  BELGIAN_ADDRESS,
  BELGIAN_PAYER,
  GERMAN_PAYER,
  ROTTERDAM_PAYER,
  eventually,
  orderForCart,
  ordersForCartCount,
  type SeededStore,
  seedStore,
  settledOrder,
  storeApi,
  useReadyCarts,
} from "../helpers/store-flow"
import { adminHeaders } from "../helpers/admin-auth"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { storeSuite } from "../helpers/store-suites"

export default storeSuite("fast-checkout", {
  testSuite: ({ api, getContainer, tikkie }) => {
    const carts = useReadyCarts(2)
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
    const record = async (orderToken: string) =>
      (await records().listFastCheckoutOrders({ order_token: orderToken }))[0]
    const cents = (amount: number) => Math.round(amount * 100)

    // Seeded once: the test runner restores the database to what it was after these hooks before every test.
    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      await carts.make(shop, store)
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
    })

    const newCart = () => carts.take(shop, store)

    const webhook = (body: unknown) =>
      request(`${tikkie.storeUrl}/hooks/tikkie/fast-checkout`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })

    const returnTo = (sessionId: string) =>
      arriveAt(`${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${sessionId}`)

    it("pays a cart through the webhook: one order, payment captured, payer imported", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      expect(started.checkout_url).toContain(`/checkout/fastcheckout/${started.order_token}`)

      // What the shopper sees on the checkout page sums to the cart total to the cent.
      const sent = (await tikkie.control.get<{ orders: any[] }>("/_sandbox/fastcheckout/orders")).orders.find(
        (o) => o.orderToken === started.order_token
      )
      const items = sent.items.reduce((s: number, i: any) => s + i.priceInCents * i.quantity, 0)
      expect(items + sent.shippingCostsInCents - (sent.discountInCents ?? 0)).toBe(cents(cart.total))
      expect(sent.items.map((i: any) => i.itemName)).toEqual(
        expect.arrayContaining(["Stroopwafels - 8 stuks", "Delfts Blauw mok - Klein (250 ml)"])
      )

      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const order = await settledOrder(getContainer(), started.order_token, cart.id)

      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      expect(order.email).toBe("jan.jansen@example.nl")
      expect(order.shipping_address).toEqual(
        expect.objectContaining({
          first_name: "Jan",
          last_name: "Jansen",
          phone: "+31612345678",
          address_1: "Damrak 12",
          address_2: "B",
          postal_code: "1012 LG",
          city: "Amsterdam",
          country_code: "nl",
          metadata: { street: "Damrak", house_number: "12", house_number_addition: "B" },
        })
      )
      const [payment] = order.payment_collections[0].payments
      expect(payment.provider_id).toBe("pp_tikkie-fast-checkout_tikkie")
      expect(payment.captured_at).toBeTruthy()
      expect(payment.data.orderToken).toBe(started.order_token)
      expect(payment.data.payer).toEqual(expect.objectContaining({ email: "jan.jansen@example.nl" }))
      expect(cents(order.total)).toBe(cents(cart.total))
      expect(order.metadata.tikkie_fast_checkout).toEqual(expect.objectContaining({ tax_country_differs: false }))
    })

    it("shows the payer's details to the admin only: the Store API's cart and order carry no payer in the session or payment data", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const order = await settledOrder(getContainer(), started.order_token, cart.id)
      expect(order.payment_collections[0].payments[0].data.payer).toEqual(
        expect.objectContaining({ email: "jan.jansen@example.nl" })
      )

      const { data: byCart } = await api.get(
        `/store/carts/${cart.id}?fields=+payment_collection.payment_sessions.data`,
        { headers: shop.headers }
      )
      const { data: byOrder } = await api.get(`/store/orders/${order.id}?fields=+payment_collections.payments.data`, {
        headers: shop.headers,
      })
      const [session] = byCart.cart.payment_collection.payment_sessions
      expect(session.data).toEqual(
        expect.objectContaining({ orderToken: started.order_token, checkoutUrl: started.checkout_url })
      )
      // (Medusa's store order route may not list payments at all; where it does, their data is cut too.)
      for (const shown of [byCart.cart.payment_collection, byOrder.order.payment_collections ?? []]) {
        for (const detail of ["payer", "Jansen", "Damrak", "+31612345678"])
          expect(JSON.stringify(shown)).not.toContain(detail)
      }
    })

    it("computes the lines on the server when the storefront uses Medusa's own payment-session route", async () => {
      const cart = await newCart()
      const { data: pc } = await api.post("/store/payment-collections", { cart_id: cart.id }, { headers: shop.headers })
      const forged = {
        tikkie_fast_checkout_cart: {
          cartId: cart.id,
          items: [{ itemName: "Free", priceInCents: 1, quantity: 1 }],
          shippingCostsInCents: 0,
          discountInCents: 0,
          totalInCents: 1,
        },
      }
      const { data } = await api.post(
        `/store/payment-collections/${pc.payment_collection.id}/payment-sessions`,
        { provider_id: "pp_tikkie-fast-checkout_tikkie", data: forged },
        { headers: shop.headers }
      )
      const session = data.payment_collection.payment_sessions[0]
      expect(session.data.checkoutUrl).toContain("/checkout/fastcheckout/")
      const sent = (await tikkie.control.get<{ orders: any[] }>("/_sandbox/fastcheckout/orders")).orders.find(
        (o) => o.orderToken === session.data.orderToken
      )
      expect(sent.items.map((i: any) => i.itemName)).not.toContain("Free")
      const items = sent.items.reduce((s: number, i: any) => s + i.priceInCents * i.quantity, 0)
      expect(items + sent.shippingCostsInCents - (sent.discountInCents ?? 0)).toBe(cents(cart.total))
      // Recorded, so the webhook, return and poll can find it.
      const recorded = await eventually(() => record(session.data.orderToken))
      expect(recorded.payment_session_id).toBe(session.id)
    })

    it("starts Fast Checkout once for a double click: the same order token", async () => {
      const cart = await newCart()
      const [a, b] = await Promise.all([shop.startFastCheckout(cart.id), shop.startFastCheckout(cart.id)])
      const again = await shop.startFastCheckout(cart.id)
      expect(b.order_token).toBe(a.order_token)
      expect(again.order_token).toBe(a.order_token)
      expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(1)
    })

    it("refuses an empty cart with a clear error and calls Tikkie for nothing", async () => {
      const { data } = await api.post("/store/carts", { region_id: store.regionId }, { headers: shop.headers })
      const error = await api
        .post(`/store/carts/${data.cart.id}/tikkie-fast-checkout`, {}, { headers: shop.headers })
        .catch((e: any) => e.response)
      expect(error.status).toBe(400)
      expect(error.data.message).toMatch(/cart is empty/)
      expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(0)
    })

    it("makes no order for a forged webhook that says PAID for an unpaid order", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      const res = await webhook({
        referenceId: started.payment_session_id,
        orderToken: started.order_token,
        status: "PAID",
      })
      expect(res.statusCode).toBe(200)
      await res.body.dump()
      await eventually(async () => (await record(started.order_token)).last_checked_at)
      expect((await record(started.order_token)).status).toBe("NEW")
      expect(await orderForCart(getContainer(), cart.id)).toBeUndefined()
    })

    it("ignores and logs a webhook for an orderToken that is not ours", async () => {
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const warn = jest.spyOn(logger, "warn")
      try {
        const res = await webhook({ referenceId: "payses_x", orderToken: "notOurs123", status: "PAID" })
        expect(res.statusCode).toBe(200)
        await res.body.dump()
        await eventually(async () =>
          warn.mock.calls.some(
            ([m]) => String(m).includes("notOurs123") && String(m).includes("not an order of this store")
          )
        )
        expect(await records().listFastCheckoutOrders({ order_token: "notOurs123" })).toHaveLength(0)
      } finally {
        warn.mockRestore()
      }
    })

    it("answers a malformed webhook with 400 and Medusa's error shape", async () => {
      const res = await webhook({ orderToken: 42, status: "SOMETHING" })
      expect(res.statusCode).toBe(400)
      const body = (await res.body.json()) as { type: string; message: string }
      expect(body.type).toBe("invalid_data")
      expect(body.message).toMatch(/Invalid Tikkie Fast Checkout webhook/)
    })

    it("makes one order from three concurrent duplicate webhooks, the return route and the poll", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("repeat", 1, { times: 3 })
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const body = { referenceId: started.payment_session_id, orderToken: started.order_token, status: "PAID" }
      const results = await Promise.all([
        webhook(body).then((r) => r.body.dump()),
        webhook(body).then((r) => r.body.dump()),
        webhook(body).then((r) => r.body.dump()),
        returnTo(started.payment_session_id),
        pollFastCheckoutOrders(getContainer()),
      ])
      const order = await settledOrder(getContainer(), started.order_token, cart.id)
      await tikkie.sandbox.context.deliveries.idle()
      await new Promise((r) => setTimeout(r, 1_000)) // let any late duplicate settle
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      expect(order.payment_collections[0].payments).toHaveLength(1)
      const returned = results[3] as { status: number; location: URL }
      expect(returned.status).toBe(303)
      expect(
        returned.location.searchParams.get("order_id") ?? returned.location.searchParams.get("tikkie_status")
      ).toBeTruthy()
    })

    it("settles two orders whose webhooks arrive in reverse order", async () => {
      const first = await newCart()
      const second = await newCart()
      const a = await shop.startFastCheckout(first.id)
      const b = await shop.startFastCheckout(second.id)
      await tikkie.control.setDeliveryBehaviour("reorder", 2)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${a.order_token}/pay`)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${b.order_token}/pay`)
      await settledOrder(getContainer(), a.order_token, first.id)
      await settledOrder(getContainer(), b.order_token, second.id)
      const deliveries = await tikkie.control.deliveries("fastCheckout.webhook")
      expect(deliveries.map((d) => (d.body as { orderToken: string }).orderToken)).toEqual([
        a.order_token,
        b.order_token,
      ])
      expect(deliveries.every((d) => d.mode === "reorder")).toBe(true)
    })

    it("completes through the poll when the webhook never arrives", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      expect((await tikkie.control.deliveries("fastCheckout.webhook"))[0].state).toBe("failed")
      expect(await orderForCart(getContainer(), cart.id)).toBeUndefined()
      const outcomes = await pollFastCheckoutOrders(getContainer())
      expect(outcomes).toEqual([expect.objectContaining({ outcome: "completed" })])
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
    })

    it("keeps polling a checkout whose outcome no read has seen since it expired: paid during a day-long outage, it still becomes an order", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      // Tikkie cannot be read (an outage, credentials rotated) from the moment of paying for over a day.
      await tikkie.control.injectFault("fastCheckout.getOrder", "503", 1_000)
      const later = (hours: number) => new Date(Date.now() + hours * 3_600_000)
      const readsOfIt = async () =>
        (await tikkie.control.requests("fastCheckout.getOrder")).filter((r) => r.path.includes(started.order_token))
          .length
      const before = await readsOfIt()
      await pollFastCheckoutOrders(getContainer(), { now: later(26) })
      expect(await readsOfIt()).toBeGreaterThan(before)
      expect((await record(started.order_token)).status).toBe("NEW")

      await tikkie.control.clearFaults()
      // The next run after the order's read interval (the failed read counts toward it) reads it again.
      await new Promise((r) => setTimeout(r, FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS))
      const outcomes = await pollFastCheckoutOrders(getContainer(), { now: later(27) })
      expect(outcomes).toContainEqual(expect.objectContaining({ outcome: "completed" }))
      expect(
        (await orderForCart(getContainer(), cart.id))?.payment_collections?.[0]?.payments?.[0]?.captured_at
      ).toBeTruthy()
    })

    it("records, through the poll, a session whose record was lost, and completes it", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await records().deleteFastCheckoutOrders((await record(started.order_token)).id)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const outcomes = await pollFastCheckoutOrders(getContainer())
      expect(outcomes).toEqual([expect.objectContaining({ outcome: "completed" })])
      expect((await record(started.order_token)).payment_session_id).toBe(started.payment_session_id)
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
    })

    it("sends the shopper who returns after the webhook to the same order", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const order = await settledOrder(getContainer(), started.order_token, cart.id)
      const back = await returnTo(started.payment_session_id)
      expect(back.location.searchParams.get("order_id")).toBe(order.id)
    })

    it("leaves the cart open after a cancelled checkout and lets the shopper try again", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/cancel`)
      // The cancel's webhook may claim the read first (PROCESSING): the storefront asks again.
      const back = await eventually(async () => {
        const answer = await returnTo(started.payment_session_id)
        return answer.location.searchParams.get("tikkie_status") === "PROCESSING" ? undefined : answer
      })
      expect(back.location.origin + back.location.pathname).toBe(`${tikkie.storefrontUrl}/checkout`)
      expect(back.location.searchParams.get("tikkie_status")).toBe("CANCELLED")
      expect(back.location.searchParams.get("cart_id")).toBe(cart.id)
      expect((await record(started.order_token)).status).toBe("CANCELLED")
      const sessions = (await shop.getCart(cart.id)).payment_collection.payment_sessions
      expect(sessions).toEqual([expect.objectContaining({ id: started.payment_session_id, status: "canceled" })])
      const retry = await shop.startFastCheckout(cart.id)
      expect(retry.order_token).not.toBe(started.order_token)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${retry.order_token}/pay`)
      await settledOrder(getContainer(), retry.order_token, cart.id)
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
    })

    it("keeps a paid order whose cart changed after checkout started, and logs it as an error", async () => {
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const error = jest.spyOn(logger, "error")
      try {
        const cart = await newCart()
        const started = await shop.startFastCheckout(cart.id)
        await shop.addItem(cart.id, store.variantIds["drop-1"], 2)
        await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
        const kept = await eventually(async () => {
          const r = await record(started.order_token)
          return r.problem ? r : undefined
        })
        expect(kept.status).toBe("PAID")
        expect(kept.problem).toMatch(/cart changed after checkout started/)
        expect(kept.payer).toEqual(expect.objectContaining({ email: "jan.jansen@example.nl" }))
        expect(kept.medusa_order_id).toBeNull()
        expect(await orderForCart(getContainer(), cart.id)).toBeUndefined()
        expect(
          error.mock.calls.some(
            ([m]) => String(m).includes(started.order_token) && /PAID but did not become/.test(String(m))
          )
        ).toBe(true)
        const back = await returnTo(started.payment_session_id)
        expect(back.location.searchParams.get("tikkie_status")).toBe("PAID_NOT_COMPLETED")

        // The admin finds it in the list of paid orders that need a hand.
        const admin = await adminHeaders(api, getContainer())
        const { data } = await api.get("/admin/tikkie/fast-checkout-orders?problem=true", admin)
        expect(data.count).toBe(1)
        expect(data.fast_checkout_orders[0]).toEqual(
          expect.objectContaining({ order_token: started.order_token, status: "PAID", medusa_order_id: null })
        )
        const denied = await api.get("/admin/tikkie/fast-checkout-orders").catch((e: any) => e.response)
        expect(denied.status).toBe(401)
        const bad = await api.get("/admin/tikkie/fast-checkout-orders?limit=1000", admin).catch((e: any) => e.response)
        expect(bad.status).toBe(400)
        expect(bad.data.message).toMatch(/limit/)
      } finally {
        error.mockRestore()
      }
    })

    it("imports a payer from another tax country onto the order and keeps the total that was paid", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`, { payer: BELGIAN_PAYER })
      const order = await settledOrder(getContainer(), started.order_token, cart.id)
      expect(cents(order.total)).toBe(cents(cart.total))
      expect(order.payment_collections[0].payments[0].captures.map((c: any) => cents(c.amount))).toEqual([
        cents(cart.total),
      ])
      expect(order.shipping_address).toEqual(
        expect.objectContaining({
          address_1: "Meir 50",
          address_2: "bus 3",
          city: "Antwerpen",
          country_code: "be",
          company: "Peeters BV",
        })
      )
      expect(order.email).toBe("lotte.peeters@example.be")
      expect(order.metadata.tikkie_fast_checkout).toEqual(
        expect.objectContaining({ payer_country: "be", tax_country: "nl", tax_country_differs: true })
      )
    })

    const sentToTikkie = async (orderToken: string) =>
      (await tikkie.control.get<{ orders: any[] }>("/_sandbox/fastcheckout/orders")).orders.find(
        (o) => o.orderToken === orderToken
      )

    it("states the Belgian tax country on Tikkie's page, and flags a Belgian cart paid with a Rotterdam address for the admin, both countries named, until an admin marks it reviewed", async () => {
      const admin = await adminHeaders(api, getContainer())
      const cart = await shop.createCart(
        store.regionId,
        [
          [store.variantIds["stroopwafels-1"], 3],
          [store.variantIds["delfts-blauw-mok-1"], 1],
        ],
        BELGIAN_ADDRESS
      )
      const { data: started } = await api.post(
        `/store/carts/${cart.id}/tikkie-fast-checkout`,
        {},
        { headers: { ...shop.headers, "x-medusa-locale": "nl-BE" } }
      )
      // What the payer reads before paying: the country whose VAT is in the price, at € 0.00.
      const sent = await sentToTikkie(started.order_token)
      expect(sent.items.at(-1)).toEqual({
        itemName: "Leveringsland: België (prijzen incl. btw van België)",
        priceInCents: 0,
        quantity: 1,
      })
      const items = sent.items.reduce((s: number, i: any) => s + i.priceInCents * i.quantity, 0)
      expect(items + sent.shippingCostsInCents - (sent.discountInCents ?? 0)).toBe(cents(cart.total))

      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`, { payer: ROTTERDAM_PAYER })
      const order = await settledOrder(getContainer(), started.order_token, cart.id)
      // The order is what was paid (Belgian VAT) and goes where the payer asked.
      expect(cents(order.total)).toBe(cents(cart.total))
      expect(order.shipping_address).toEqual(expect.objectContaining({ city: "Rotterdam", country_code: "nl" }))
      const review = {
        tax_country: "be",
        payer_country: "nl",
        tax_country_differs: true,
        shipping_options_outside_zone: [],
      }
      expect(order.metadata.tikkie_fast_checkout).toEqual(expect.objectContaining({ delivery_review: review }))

      // The Tikkie page: its count and its list of deliveries to review.
      const attention = async () => (await api.get("/admin/tikkie/attention", admin)).data.attention
      const listed = async (which: string) =>
        (await api.get(`/admin/tikkie/fast-checkout-orders?delivery_review=${which}`, admin)).data
      expect((await attention()).delivery_reviews).toBe(1)
      const open = await listed("open")
      expect(open.count).toBe(1)
      expect(open.fast_checkout_orders[0]).toEqual(
        expect.objectContaining({
          order_token: started.order_token,
          medusa_order_id: order.id,
          delivery_review: review,
          delivery_reviewed_at: null,
        })
      )
      const bad = await api
        .get("/admin/tikkie/fast-checkout-orders?delivery_review=yes", admin)
        .catch((e: any) => e.response)
      expect(bad.status).toBe(400)

      // Handled (VAT corrected in the books, or the order refunded): off the list, kept on the record.
      const id = open.fast_checkout_orders[0].id
      const { data: marked } = await api.post(`/admin/tikkie/fast-checkout-orders/${id}/delivery-reviewed`, {}, admin)
      expect(marked.fast_checkout_order.delivery_reviewed_at).toBeTruthy()
      expect(marked.fast_checkout_order.delivery_reviewed_by).toMatch(/^user_/)
      expect((await listed("open")).count).toBe(0)
      expect((await listed("reviewed")).fast_checkout_orders.map((o: any) => o.id)).toEqual([id])
      expect((await attention()).delivery_reviews).toBe(0)
      const again = await api.post(`/admin/tikkie/fast-checkout-orders/${id}/delivery-reviewed`, {}, admin)
      expect(again.data.fast_checkout_order.delivery_reviewed_at).toBe(marked.fast_checkout_order.delivery_reviewed_at)
    })

    it("flags an address outside the shipping option's zone: a Dutch cart shipped with PostNL (Benelux) paid with a Berlin address", async () => {
      const admin = await adminHeaders(api, getContainer())
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      expect((await sentToTikkie(started.order_token)).items.at(-1)).toEqual({
        itemName: "Delivery country: Netherlands (prices incl. VAT of Netherlands)",
        priceInCents: 0,
        quantity: 1,
      })
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`, { payer: GERMAN_PAYER })
      const order = await settledOrder(getContainer(), started.order_token, cart.id)
      const review = {
        tax_country: "nl",
        payer_country: "de",
        tax_country_differs: true,
        shipping_options_outside_zone: ["PostNL"],
      }
      expect(order.metadata.tikkie_fast_checkout.delivery_review).toEqual(review)
      const { data } = await api.get("/admin/tikkie/fast-checkout-orders?delivery_review=open", admin)
      expect(data.fast_checkout_orders.map((o: any) => o.delivery_review)).toEqual([review])

      // An order whose payer lives in the tax country has nothing to review.
      const plain = await newCart()
      const ok = await shop.startFastCheckout(plain.id)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${ok.order_token}/pay`)
      const plainOrder = await settledOrder(getContainer(), ok.order_token, plain.id)
      expect(plainOrder.metadata.tikkie_fast_checkout.delivery_review).toBeNull()
      const [plainRecord] = (await api.get(`/admin/tikkie/fast-checkout-orders?order_token=${ok.order_token}`, admin))
        .data.fast_checkout_orders
      expect(plainRecord.delivery_review).toBeNull()
      const refused = await api
        .post(`/admin/tikkie/fast-checkout-orders/${plainRecord.id}/delivery-reviewed`, {}, admin)
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)
    })

    it("refuses Fast Checkout for a cart without a shipping address, in the shopper's language, before any call to Tikkie", async () => {
      const sandboxOrders = async () =>
        (await tikkie.control.get<{ orders: any[] }>("/_sandbox/fastcheckout/orders")).orders.length
      const before = await sandboxOrders()
      const { data } = await api.post(
        "/store/carts",
        { region_id: store.regionId, items: [{ variant_id: store.variantIds["stroopwafels-1"], quantity: 1 }] },
        { headers: shop.headers }
      )
      const refused = await api
        .post(
          `/store/carts/${data.cart.id}/tikkie-fast-checkout`,
          {},
          { headers: { ...shop.headers, "x-medusa-locale": "nl" } }
        )
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/^Vul eerst een verzendadres in/)
      expect(await sandboxOrders()).toBe(before)
    })

    it("puts the order in Medusa's order list with its customer: the payer's guest customer (made once, kept for the next order), never a registered account with that e-mail; the billing address is the payer's", async () => {
      const admin = await adminHeaders(api, getContainer())
      // A registered account with the Belgian payer's e-mail: an order paid on Tikkie's page, where nobody
      // signed in, must not land in it.
      const registered = await getContainer()
        .resolve(Modules.CUSTOMER)
        .createCustomers({ email: BELGIAN_PAYER.email, first_name: "Someone", last_name: "Else", has_account: true })

      const paidBy = async (payer?: typeof BELGIAN_PAYER) => {
        const cart = await newCart()
        const started = await shop.startFastCheckout(cart.id)
        await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`, payer ? { payer } : {})
        return settledOrder(getContainer(), started.order_token, cart.id)
      }
      const jan = await paidBy()
      const lotte = await paidBy(BELGIAN_PAYER)
      const lotteAgain = await paidBy(BELGIAN_PAYER)

      // What Medusa's order list asks for (its table's customer column).
      const { data } = await api.get(
        "/admin/orders?fields=id,display_id,email,*customer,*billing_address&order=display_id",
        admin
      )
      const listed = new Map<string, any>(data.orders.map((o: any) => [o.id, o]))
      expect(listed.get(jan.id).customer).toEqual(
        expect.objectContaining({
          email: "jan.jansen@example.nl",
          first_name: "Jan",
          last_name: "Jansen",
          has_account: false,
        })
      )
      const lotteCustomer = listed.get(lotte.id).customer
      expect(lotteCustomer).toEqual(
        expect.objectContaining({ email: BELGIAN_PAYER.email, company_name: "Peeters BV", has_account: false })
      )
      expect(lotteCustomer.id).not.toBe(registered.id)
      expect(listed.get(lotteAgain.id).customer.id).toBe(lotteCustomer.id)
      expect(listed.get(lotte.id).billing_address).toEqual(
        expect.objectContaining({
          first_name: "Lotte",
          last_name: "Peeters",
          address_1: "Meir 50",
          address_2: "bus 3",
          city: "Antwerpen",
          country_code: "be",
        })
      )
      // The customer's page lists both of Lotte's orders.
      const { data: ofLotte } = await api.get(`/admin/orders?customer_id=${lotteCustomer.id}&fields=id`, admin)
      expect(ofLotte.orders.map((o: any) => o.id).sort()).toEqual([lotte.id, lotteAgain.id].sort())
    })
  },
})
