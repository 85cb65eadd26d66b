import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { failingAfter } from "../helpers/failing-after"
import { recordLinkRefundsWorkflow } from "../../src/workflows/payment-request/record-link-refunds"
import { recordLinkRefundsStepId } from "../../src/workflows/payment-request/steps/record-link-refunds"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { request } from "undici"
import { pollPaymentRequests } from "../../src/jobs/poll-payment-requests"
import { PAYMENT_REQUEST_READ_INTERVAL_MS } from "../../src/workflows/payment-request/utils/read-claim"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { addDays, amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { subscribePaymentRequestNotifications } from "../../src/workflows/payment-request/utils/subscribe-notifications"
import { recordPayments } from "../../src/workflows/payment-request/utils/record-payment-request"
import {
  findPaymentRequestProviders,
  paymentRequestConnection,
} from "../../src/workflows/payment-request/utils/payment-request-providers"
import { adminHeaders, enablePaymentLinks, PAYMENT_REQUEST_PROVIDER } from "../helpers/payment-request-env"
import {
  arriveAt,
  eventually,
  orderForCart,
  ordersForCartCount,
  type SeededStore,
  seedStore,
  storeApi,
  useReadyCarts,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { storeSuite } from "../helpers/store-suites"

export default storeSuite("payment-request", {
  testSuite: ({ api, getContainer, tikkie }) => {
    const carts = useReadyCarts(2)
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
    const record = async (token: string) => (await records().listPaymentRequests({ payment_request_token: token }))[0]
    const cents = (amount: number) => Math.round(amount * 100)

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

    const newCart = () => carts.take(shop, store)

    const start = async (cartId: string) => {
      const { data } = await api.post(`/store/carts/${cartId}/tikkie-payment-request`, {}, { headers: shop.headers })
      return data as { payment_url: string; payment_request_token: string; payment_session_id: string }
    }
    const pay = (token: string, body: Record<string, unknown> = {}) =>
      tikkie.control.post<{ paymentToken: string; amountInCents: number }>(
        `/_sandbox/paymentrequests/${token}/pay`,
        body
      )

    const notify = (body: unknown) =>
      request(`${tikkie.storeUrl}/hooks/tikkie/payment-requests`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
    const subscriptionId = async () => (await records().listNotificationSubscriptions({}))[0].subscription_id

    const returnTo = (sessionId: string) =>
      arriveAt(`${tikkie.storeUrl}/hooks/tikkie/payment-requests/return?session_id=${sessionId}`)
    const settled = async (token: string) =>
      (await eventually(async () => (await record(token))?.order_id, 20_000)) as string

    it("knows the store's payment request providers from Medusa, leaving out one removed from the config whose row Medusa keeps enabled", async () => {
      const container = getContainer()
      const gone = "pp_tikkie-payment-request_removed"
      // Medusa's payment module only ever enables rows: a provider a store removed keeps its enabled row.
      await container.resolve(ContainerRegistrationKeys.PG_CONNECTION)("payment_provider").insert({
        id: gone,
        is_enabled: true,
      })
      const found = await findPaymentRequestProviders(container, container.resolve(Modules.PAYMENT))
      expect(found.map((p) => p.providerId)).toEqual([PAYMENT_REQUEST_PROVIDER])
      expect(found[0].options).toEqual(expect.objectContaining({ apiVersion: "v2", storeUrl: tikkie.storeUrl }))
      await expect(paymentRequestConnection(container, gone)).rejects.toThrow(
        `Payment provider ${gone} is not registered in this store.`
      )
      await expect(paymentRequestConnection(container, "pp_system_default")).rejects.toThrow(
        "pp_system_default is not a Tikkie payment request provider."
      )
      // The connection lent is the provider's: its client reaches the sandbox with the provider's credentials.
      const { client, providerId } = await paymentRequestConnection(container)
      expect(providerId).toBe(PAYMENT_REQUEST_PROVIDER)
      const made = await client.createPaymentRequest({ description: "Provider's own client", amountInCents: 100 })
      expect(made.paymentRequestToken).toEqual(expect.any(String))
    })

    it("checkout by payment link: exact amount, clear description, notification completes the cart with the payment captured", async () => {
      const cart = await newCart()
      const started = await start(cart.id)
      expect(started.payment_url).toBe(`${tikkie.sandbox.url}/pay/v2/${started.payment_request_token}`)

      const sent = (
        await tikkie.control.get<{ paymentRequests: any[] }>("/_sandbox/paymentrequests")
      ).paymentRequests.find((r) => r.paymentRequestToken === started.payment_request_token)
      expect(sent.amountInCents).toBe(cents(cart.total))
      // No language asked for, a cart shipped to the Netherlands: the payer reads Dutch.
      expect(sent.description).toBe("Tikkie Demo Winkel, 4 artikelen")
      expect(sent.referenceId).toBe(started.payment_session_id)
      expect(sent.expiryDate).toBe(addDays(amsterdamDate(Date.now()), 1))

      // The shopper pays on Tikkie's page.
      const page = await request(started.payment_url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "counterPartyName=Sanne+de+Vries",
      })
      expect(page.statusCode).toBe(200)
      await page.body.dump()

      const orderId = await settled(started.payment_request_token)
      const order = (await orderForCart(getContainer(), cart.id))!
      expect(order.id).toBe(orderId)
      expect(cents(order.total)).toBe(cents(cart.total))
      const [payment] = order.payment_collections[0].payments
      expect(payment.provider_id).toBe(PAYMENT_REQUEST_PROVIDER)
      expect(payment.captured_at).toBeTruthy()
      expect(payment.data.paymentRequestToken).toBe(started.payment_request_token)
      expect(payment.data.payments).toEqual([
        expect.objectContaining({ amountInCents: cents(cart.total), counterPartyName: "Sanne de Vries" }),
      ])
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
    })

    it("describes the link in the shopper's language: the storefront's locale, then Accept-Language, then the country", async () => {
      const described = async (headers: Record<string, string>) => {
        const cart = await newCart()
        const { data } = await api.post(
          `/store/carts/${cart.id}/tikkie-payment-request`,
          {},
          { headers: { ...shop.headers, ...headers } }
        )
        const { paymentRequests } = await tikkie.control.get<{ paymentRequests: any[] }>("/_sandbox/paymentrequests")
        return paymentRequests.find((r) => r.paymentRequestToken === data.payment_request_token).description
      }
      expect(await described({ "x-medusa-locale": "en-GB", "accept-language": "nl-NL" })).toBe(
        "Tikkie Demo Winkel, 4 items"
      )
      expect(await described({ "x-medusa-locale": "nl-BE" })).toBe("Tikkie Demo Winkel, 4 artikelen")
      expect(await described({ "accept-language": "en-US,en;q=0.9" })).toBe("Tikkie Demo Winkel, 4 items")
      // "*" (a server-side fetch's) names no language: the country decides.
      expect(await described({ "accept-language": "*" })).toBe("Tikkie Demo Winkel, 4 artikelen")
    })

    it("keeps the payer's name and IBAN out of the Store API's cart; the admin's payment data has them", async () => {
      const cart = await newCart()
      const started = await start(cart.id)
      await pay(started.payment_request_token, { counterPartyName: "Sanne de Vries" })
      await settled(started.payment_request_token)
      const order = (await orderForCart(getContainer(), cart.id))!
      const [payment] = order.payment_collections[0].payments
      expect(payment.data.payments[0].counterPartyName).toBe("Sanne de Vries")
      const iban = payment.data.payments[0].counterPartyAccountNumber
      expect(iban).toMatch(/^NL\d{2}[A-Z]{4}\d{10}$/)

      const { data } = await api.get(`/store/carts/${cart.id}?fields=+payment_collection.payment_sessions.data`, {
        headers: shop.headers,
      })
      const [session] = data.cart.payment_collection.payment_sessions
      expect(session.data).toEqual(
        expect.objectContaining({
          paymentRequestToken: started.payment_request_token,
          url: started.payment_url,
          payments: [expect.objectContaining({ amountInCents: cents(cart.total) })],
        })
      )
      for (const detail of ["Sanne", iban, "counterParty"])
        expect(JSON.stringify(data.cart.payment_collection)).not.toContain(detail)
    })

    it("starts once for a double click: one payment request, the same link", async () => {
      const cart = await newCart()
      const [a, b] = await Promise.all([start(cart.id), start(cart.id)])
      const again = await start(cart.id)
      expect(b.payment_request_token).toBe(a.payment_request_token)
      expect(again.payment_request_token).toBe(a.payment_request_token)
      expect(await tikkie.control.requests("paymentRequestsV2.createPaymentRequest")).toHaveLength(1)
    })

    it("makes one order from duplicated notifications, the return route and the poll at once", async () => {
      const cart = await newCart()
      const started = await start(cart.id)
      await tikkie.control.setDeliveryBehaviour("repeat", 1, { times: 3 })
      const paid = await pay(started.payment_request_token)
      const body = {
        subscriptionId: await subscriptionId(),
        notificationType: "PAYMENT",
        paymentRequestToken: started.payment_request_token,
        paymentToken: paid.paymentToken,
      }
      const [, , back] = await Promise.all([
        notify(body).then((r) => r.body.dump()),
        notify(body).then((r) => r.body.dump()),
        returnTo(started.payment_session_id),
        pollPaymentRequests(getContainer()),
      ])
      await settled(started.payment_request_token)
      await tikkie.sandbox.context.deliveries.idle()
      await new Promise((r) => setTimeout(r, 1_000)) // let any late duplicate settle
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      const order = (await orderForCart(getContainer(), cart.id))!
      expect(order.payment_collections[0].payments).toHaveLength(1)
      expect(back.status).toBe(303)
      // The return route settles inline when it gets the cart in time (it waits 2 s at most), else it
      // tells the shopper the payment is being processed (the notification makes the order): both are
      // right here, where three others settle the same payment at once. Never another order or a failure.
      const processing = back.location.searchParams.get("tikkie_status") === "PROCESSING"
      expect(processing ? back.location.searchParams.get("cart_id") : back.location.searchParams.get("order_id")).toBe(
        processing ? cart.id : order.id
      )
    })

    it("settles two carts whose notifications arrive in reverse order", async () => {
      const first = await newCart()
      const second = await newCart()
      const a = await start(first.id)
      const b = await start(second.id)
      await tikkie.control.setDeliveryBehaviour("reorder", 2)
      await pay(a.payment_request_token)
      await pay(b.payment_request_token)
      await settled(a.payment_request_token)
      await settled(b.payment_request_token)
      const deliveries = await tikkie.control.deliveries("paymentRequests.notification")
      expect(deliveries.every((d) => d.mode === "reorder")).toBe(true)
      expect(await ordersForCartCount(getContainer(), first.id)).toBe(1)
      expect(await ordersForCartCount(getContainer(), second.id)).toBe(1)
    })

    it("ignores and logs a notification with another subscriptionId, and a genuine one for an unpaid request changes nothing", async () => {
      const cart = await newCart()
      const started = await start(cart.id)
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const warn = jest.spyOn(logger, "warn")
      try {
        const forged = await notify({
          subscriptionId: "forged-subscription",
          notificationType: "PAYMENT",
          paymentRequestToken: started.payment_request_token,
          paymentToken: "x1",
        })
        expect(forged.statusCode).toBe(200)
        await forged.body.dump()
        expect(warn.mock.calls.some(([m]) => /subscriptionId is not this store's/.test(String(m)))).toBe(true)
      } finally {
        warn.mockRestore()
      }
      await new Promise((r) => setTimeout(r, 500))
      expect((await record(started.payment_request_token)).last_checked_at).toBeNull()

      const hint = await notify({
        subscriptionId: await subscriptionId(),
        notificationType: "PAYMENT",
        paymentRequestToken: started.payment_request_token,
        paymentToken: "x1",
      })
      await hint.body.dump()
      await eventually(async () => (await record(started.payment_request_token)).last_checked_at)
      expect(await orderForCart(getContainer(), cart.id)).toBeUndefined()
    })

    it("answers a malformed notification with 400", async () => {
      const res = await notify({ notificationType: "PAYMENT", paymentRequestToken: 5 })
      expect(res.statusCode).toBe(400)
      const body = (await res.body.json()) as { message: string }
      expect(body.message).toMatch(/Invalid Tikkie payment request notification/)
    })

    it("completes through the poll when the notification never arrives", async () => {
      const cart = await newCart()
      const started = await start(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await pay(started.payment_request_token)
      expect((await tikkie.control.deliveries("paymentRequests.notification"))[0].state).toBe("failed")
      expect(await orderForCart(getContainer(), cart.id)).toBeUndefined()
      const outcomes = await pollPaymentRequests(getContainer())
      expect(outcomes).toEqual([expect.objectContaining({ outcome: "completed" })])
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
    })

    it("sends a shopper who returns unpaid back to checkout, and one who paid to the order", async () => {
      const cart = await newCart()
      const started = await start(cart.id)
      const unpaid = await returnTo(started.payment_session_id)
      expect(unpaid.status).toBe(303)
      expect(unpaid.location.origin + unpaid.location.pathname).toBe(`${tikkie.storefrontUrl}/checkout`)
      expect(unpaid.location.searchParams.get("tikkie_status")).toBe("OPEN")
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await pay(started.payment_request_token)
      // Inside the link's read interval the record answers, and never "not paid": confirming.
      const soon = await returnTo(started.payment_session_id)
      expect(soon.location.searchParams.get("tikkie_status")).toBe("PROCESSING")
      await new Promise((r) => setTimeout(r, PAYMENT_REQUEST_READ_INTERVAL_MS))
      const paid = await returnTo(started.payment_session_id)
      expect(paid.location.origin + paid.location.pathname).toBe(`${tikkie.storefrontUrl}/order/confirmed`)
      expect(paid.location.searchParams.get("order_id")).toBe((await orderForCart(getContainer(), cart.id))!.id)
    })

    it("returns to a link whose settlement holds its lock take no inline slot: another payer's return still gets the order", async () => {
      const flooded = await start((await newCart()).id)
      const cart = await newCart()
      const paid = await start(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1) // only the return settles the paid one
      await pay(paid.payment_request_token)
      // A settlement of the flooded link is under way (a notification's, say): it holds that link's lock.
      const locking = getContainer().resolve(Modules.LOCKING)
      const linkLock = `tikkie:payment-request:${flooded.payment_request_token}`
      await locking.acquire(linkLock, { ownerId: "payment-request-flood", expire: 120 })
      try {
        // Eight returns at a time for the flooded link, twice the store's inline slots.
        const flood = Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            new Promise((r) => setTimeout(r, (i % 2) * 150)).then(() => returnTo(flooded.payment_session_id))
          )
        )
        await new Promise((r) => setTimeout(r, 300))
        const back = await returnTo(paid.payment_session_id)
        expect(back.location.searchParams.get("tikkie_status")).toBeNull()
        expect(back.location.searchParams.get("order_id")).toBe((await orderForCart(getContainer(), cart.id))!.id)
        const floodAnswers = await flood
        expect(floodAnswers.every((b) => b.location.searchParams.get("tikkie_status") === "PROCESSING")).toBe(true)
      } finally {
        await locking.release(linkLock, { ownerId: "payment-request-flood" })
      }
    })

    // A 503 is retried (the request was not processed), so only a lasting one reaches the shopper; a 500 on
    // create is not retried (the request may have been made).
    it.each([
      ["500", 1],
      ["503", 4],
    ] as const)(
      "refuses to start clearly, and delays but does not lose the order, while Tikkie answers %s",
      async (kind, count) => {
        const cart = await newCart()
        await tikkie.control.injectFault("paymentRequestsV2.createPaymentRequest", kind, count)
        const refused = await api
          .post(`/store/carts/${cart.id}/tikkie-payment-request`, {}, { headers: shop.headers })
          .catch((e: any) => e.response)
        expect(refused.status).toBeGreaterThanOrEqual(500)
        // The shopper is told what to do; Tikkie's own text, its trace id and its address stay in the log.
        expect(refused.data.message).toBe(
          "Creating the Tikkie payment request failed: Tikkie did not answer in time. Nothing was paid: try again in a minute, or choose another way to pay."
        )
        const traceId = (await tikkie.control.requests("paymentRequestsV2.createPaymentRequest")).at(-1)!.traceId
        for (const secret of [process.env.TIKKIE_API_KEY!, traceId, "ERR_", new URL(tikkie.sandbox.url).host]) {
          expect(refused.data.message).not.toContain(secret)
        }

        const started = await start(cart.id)
        await tikkie.control.injectFault("paymentRequestsV2.getPaymentRequest", kind, 10)
        await tikkie.control.setDeliveryBehaviour("fail", 1)
        await pay(started.payment_request_token)
        const firstTry = await returnTo(started.payment_session_id)
        expect(firstTry.location.searchParams.get("tikkie_status")).toBe("PROCESSING")
        expect(await orderForCart(getContainer(), cart.id)).toBeUndefined()
        await tikkie.control.clearFaults()
        // The return's read counts toward the link's read interval: the poll's run after it reads.
        await new Promise((r) => setTimeout(r, PAYMENT_REQUEST_READ_INTERVAL_MS))
        const outcomes = await pollPaymentRequests(getContainer())
        expect(outcomes).toEqual([expect.objectContaining({ outcome: "completed" })])
        expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      }
    )

    it("subscribes through the admin route; notifications to the old subscription are ignored", async () => {
      const before = await subscriptionId()
      const headers = await adminHeaders(api, getContainer())
      const { data } = await api.post("/admin/tikkie/payment-requests/subscription", {}, { headers })
      expect(data.subscription).toEqual(
        expect.objectContaining({
          provider_id: PAYMENT_REQUEST_PROVIDER,
          url: `${tikkie.storeUrl}/hooks/tikkie/payment-requests`,
        })
      )
      expect(JSON.stringify(data)).not.toContain(await subscriptionId())
      expect(await subscriptionId()).not.toBe(before)
      const anonymous = await api.post("/admin/tikkie/payment-requests/subscription", {}).catch((e: any) => e.response)
      expect(anonymous.status).toBe(401)
    })

    describe("admin links", () => {
      const paidCheckout = async () => {
        const cart = await newCart()
        const started = await start(cart.id)
        await pay(started.payment_request_token)
        return { cart, started, orderId: await settled(started.payment_request_token) }
      }
      const owed = async (orderId: string, headers: Record<string, string>) => {
        const { data } = await api.get(`/admin/orders/${orderId}?fields=+summary`, { headers })
        return cents(Number(data.order.summary.pending_difference))
      }

      it("sends an order's open link to the order's email through Medusa's notification module; refuses a paid or another order's link", async () => {
        const { orderId, started } = await paidCheckout()
        const headers = await adminHeaders(api, getContainer())
        const { data: edit } = await api.post("/admin/order-edits", { order_id: orderId }, { headers })
        await api.post(
          `/admin/order-edits/${edit.order_change.order_id}/items`,
          { items: [{ variant_id: store.variantIds["stroopwafels-2"], quantity: 1 }] },
          { headers }
        )
        await api.post(`/admin/order-edits/${orderId}/request`, {}, { headers })
        await api.post(`/admin/order-edits/${orderId}/confirm`, {}, { headers })
        const { data } = await api.post(`/admin/orders/${orderId}/tikkie-payment-links`, {}, { headers })
        const link = data.payment_link

        // The shopper paid by link without giving an email: nothing to send to, said plainly.
        const noEmail = await api
          .post(`/admin/orders/${orderId}/tikkie-payment-links/${link.payment_request_token}/send`, {}, { headers })
          .catch((e: any) => e.response)
        expect(noEmail.status).toBe(400)
        expect(noEmail.data.message).toMatch(/^Order #\d+ has no email address: copy the link and send it yourself\.$/)
        await api.post(`/admin/orders/${orderId}`, { email: "klant@example.nl" }, { headers })

        const { data: sent } = await api.post(
          `/admin/orders/${orderId}/tikkie-payment-links/${link.payment_request_token}/send`,
          {},
          { headers }
        )
        const { data: order } = await api.get(`/admin/orders/${orderId}?fields=email,display_id`, { headers })
        expect(sent.notification).toEqual(
          expect.objectContaining({ to: order.order.email, channel: "email", template: "tikkie-payment-link" })
        )
        const [notification] = await getContainer()
          .resolve(Modules.NOTIFICATION)
          .listNotifications({ to: order.order.email, template: "tikkie-payment-link" } as never)
        expect(notification.data).toEqual({
          order_id: orderId,
          order_display_id: order.order.display_id,
          url: link.url,
          amount_in_cents: link.amount_in_cents,
          description: link.description,
          expiry_date: link.expiry_date,
        })

        // The checkout link it was paid with is not an open link; a token of no link of this order is not found.
        const paid = await api
          .post(`/admin/orders/${orderId}/tikkie-payment-links/${started.payment_request_token}/send`, {}, { headers })
          .catch((e: any) => e.response)
        expect(paid.status).toBe(400)
        expect(paid.data.message).toMatch(
          /^This Tikkie link is (paid|max_successful_payments_reached): there is nothing to send\.$/
        )
        const other = await api
          .post(`/admin/orders/order_unknown/tikkie-payment-links/${link.payment_request_token}/send`, {}, { headers })
          .catch((e: any) => e.response)
        expect(other.status).toBe(404)
        const withBody = await api
          .post(
            `/admin/orders/${orderId}/tikkie-payment-links/${link.payment_request_token}/send`,
            { to: "someone@else.example" },
            { headers }
          )
          .catch((e: any) => e.response)
        expect(withBody.status).toBe(400)
      })

      it("after an exchange for a dearer mug, the link asks for what the order owes now (Medusa's current summary, not its stored row)", async () => {
        const { orderId } = await paidCheckout()
        const headers = await adminHeaders(api, getContainer())
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data: items } = await query.graph({
          entity: "order_item",
          fields: ["item.id", "item.title"],
          filters: { order_id: orderId },
        } as never)
        const mug = (items as any[]).find((i) => /mok/i.test(i.item.title))
        const [location] = await getContainer().resolve(Modules.STOCK_LOCATION).listStockLocations({})
        await api.post(
          `/admin/orders/${orderId}/fulfillments`,
          { items: [{ id: mug.item.id, quantity: 1 }], location_id: location.id },
          { headers }
        )
        const { data: created } = await api.post("/admin/exchanges", { order_id: orderId }, { headers })
        const exchangeId = created.exchange.id
        await api.post(
          `/admin/exchanges/${exchangeId}/inbound/items`,
          { items: [{ id: mug.item.id, quantity: 1 }], location_id: location.id },
          { headers }
        )
        await api.post(
          `/admin/exchanges/${exchangeId}/outbound/items`,
          { items: [{ variant_id: store.variantIds["delfts-blauw-mok-2"], quantity: 1 }] },
          { headers }
        )
        await api.post(`/admin/exchanges/${exchangeId}/request`, {}, { headers })
        const due = await owed(orderId, headers)
        expect(due).toBeGreaterThan(0)

        const { data } = await api.post(`/admin/orders/${orderId}/tikkie-payment-links`, {}, { headers })
        expect(data.payment_link).toEqual(
          expect.objectContaining({ kind: "order", amount_in_cents: due, status: "OPEN", order_id: orderId })
        )
      })

      it("an order's outstanding amount paid by link: the payment is captured and what it owes drops; GET lists its links", async () => {
        const { orderId, started } = await paidCheckout()
        const headers = await adminHeaders(api, getContainer())
        expect(await owed(orderId, headers)).toBe(0)
        const nothing = await api
          .post(`/admin/orders/${orderId}/tikkie-payment-links`, {}, { headers })
          .catch((e: any) => e.response)
        expect(nothing.status).toBe(400)
        expect(nothing.data.message).toMatch(/owes nothing/)
        // A code and values beside the English message: the admin words them in its own language.
        expect(nothing.data).toEqual(
          expect.objectContaining({
            code: "tikkie_order_owes_nothing",
            values: expect.objectContaining({ owed_in_cents: 0 }),
          })
        )

        // The shop adds a product by phone: the order now owes its price.
        const { data: edit } = await api.post("/admin/order-edits", { order_id: orderId }, { headers })
        await api.post(
          `/admin/order-edits/${edit.order_change.order_id}/items`,
          { items: [{ variant_id: store.variantIds["stroopwafels-2"], quantity: 1 }] },
          { headers }
        )
        await api.post(`/admin/order-edits/${orderId}/request`, {}, { headers })
        await api.post(`/admin/order-edits/${orderId}/confirm`, {}, { headers })
        const due = await owed(orderId, headers)
        expect(due).toBeGreaterThan(0)

        const tooMuch = await api
          .post(`/admin/orders/${orderId}/tikkie-payment-links`, { amount_in_cents: due + 1 }, { headers })
          .catch((e: any) => e.response)
        expect(tooMuch.status).toBe(400)
        const dueText = `€${Math.trunc(due / 100)}.${String(due % 100).padStart(2, "0")}`
        const askedText = `€${Math.trunc((due + 1) / 100)}.${String((due + 1) % 100).padStart(2, "0")}`
        const { data: shown } = await api.get(`/admin/orders/${orderId}?fields=display_id`, { headers })
        expect(tooMuch.data.message).toBe(
          `amount_in_cents: ${askedText} is more than order #${shown.order.display_id} still owes without a link (${dueText})`
        )
        expect({ code: tooMuch.data.code, values: tooMuch.data.values }).toEqual({
          code: "tikkie_order_link_amount_too_high",
          values: {
            display_id: shown.order.display_id,
            currency_code: "eur",
            amount_in_cents: due + 1,
            available_in_cents: due,
            owed_in_cents: due,
            asked_in_cents: 0,
            open_links: 0,
          },
        })
        // The admin's form reads what a new link may ask for before it is opened.
        const before = await api.get(`/admin/orders/${orderId}/tikkie-payment-links`, { headers })
        expect(before.data.new_link).toEqual({
          currency_code: "eur",
          owed_in_cents: due,
          asked_in_cents: 0,
          available_in_cents: due,
          allowed: true,
        })
        const { data } = await api.post(`/admin/orders/${orderId}/tikkie-payment-links`, {}, { headers })
        expect(data.payment_link).toEqual(
          expect.objectContaining({ kind: "order", amount_in_cents: due, status: "OPEN", order_id: orderId })
        )
        // In the order's language (no locale kept; shipped to the Netherlands: Dutch).
        expect(data.payment_link.description).toBe(`Tikkie Demo Winkel bestelling #${shown.order.display_id}`)
        const twice = await api
          .post(`/admin/orders/${orderId}/tikkie-payment-links`, {}, { headers })
          .catch((e: any) => e.response)
        expect(twice.status).toBe(400)
        expect(twice.data.message).toMatch(/open Tikkie links already ask for all of it/)
        expect({ code: twice.data.code, values: twice.data.values }).toEqual({
          code: "tikkie_order_links_ask_all",
          values: {
            display_id: shown.order.display_id,
            currency_code: "eur",
            owed_in_cents: due,
            asked_in_cents: due,
            open_links: 1,
          },
        })
        // No new link is offered while the open one asks for everything owed.
        const asked = await api.get(`/admin/orders/${orderId}/tikkie-payment-links`, { headers })
        expect(asked.data.new_link).toEqual(
          expect.objectContaining({ owed_in_cents: due, asked_in_cents: due, available_in_cents: 0, allowed: false })
        )

        await pay(data.payment_link.payment_request_token, { counterPartyName: "Jan Jansen" })
        await eventually(async () => (await owed(orderId, headers)) === 0)
        // Exactly nothing, not a sub-cent rest of Medusa's unrounded totals (6.95 + 21 % VAT = 8.4095).
        const { data: paidUp } = await api.get(`/admin/orders/${orderId}?fields=+summary,+payment_status`, { headers })
        expect(MathBN.convert(paidUp.order.summary.pending_difference).isZero()).toBe(true)
        expect(paidUp.order.payment_status).toBe("captured")
        const { data: listed } = await api.get(`/admin/orders/${orderId}/tikkie-payment-links`, { headers })
        expect(listed.payment_links.map((l: any) => [l.kind, l.payment_request_token])).toEqual([
          ["order", data.payment_link.payment_request_token],
          ["checkout", started.payment_request_token],
        ])
        expect({ count: listed.count, limit: listed.limit, offset: listed.offset }).toEqual({
          count: 2,
          limit: 200,
          offset: 0,
        })
        const { data: page } = await api.get(`/admin/orders/${orderId}/tikkie-payment-links?limit=1&offset=1`, {
          headers,
        })
        expect(page.payment_links.map((l: any) => l.kind)).toEqual(["checkout"])
        expect({ count: page.count, limit: page.limit, offset: page.offset }).toEqual({ count: 2, limit: 1, offset: 1 })
        const link = listed.payment_links[0]
        expect(link.payment_id).toBeTruthy()
        expect(link.paid_in_cents).toBe(due)
        expect(link.payments).toEqual([
          expect.objectContaining({ amountInCents: due, counterPartyName: "Jan Jansen", refunds: [] }),
        ])
        const { data: payments } = await getContainer()
          .resolve(ContainerRegistrationKeys.QUERY)
          .graph({ entity: "payment", fields: ["captured_at", "amount"], filters: { id: link.payment_id } })
        expect((payments[0] as any).captured_at).toBeTruthy()
        expect(cents(Number((payments[0] as any).amount))).toBe(due)
      })

      it("a standalone invoice link with an open amount, paid twice, listed with its payments and paged; bad input gets clear errors", async () => {
        const headers = await adminHeaders(api, getContainer())
        const { data } = await api.post(
          "/admin/tikkie/payment-requests",
          {
            description: "Factuur 2024-017",
            reference_id: "INV-2024-017",
            expiry_date: addDays(amsterdamDate(Date.now()), 30),
          },
          { headers }
        )
        expect(data.payment_request).toEqual(
          expect.objectContaining({
            kind: "invoice",
            amount_in_cents: null,
            description: "Factuur 2024-017",
            reference_id: "INV-2024-017",
            status: "OPEN",
          })
        )
        const token = data.payment_request.payment_request_token
        await pay(token, { amountInCents: 1250 })
        await pay(token, { amountInCents: 500 })
        await eventually(async () => recordPayments(await record(token)).length === 2)
        await api.post(
          "/admin/tikkie/payment-requests",
          { description: "Factuur 2024-018", amount_in_cents: 9900 },
          { headers }
        )
        await api.post(
          "/admin/tikkie/payment-requests",
          { description: "Factuur 2024-019", amount_in_cents: 100 },
          { headers }
        )

        const { data: first } = await api.get("/admin/tikkie/payment-requests?limit=2&offset=0", { headers })
        expect(first.count).toBe(3)
        expect(first.payment_requests.map((p: any) => p.description)).toEqual(["Factuur 2024-019", "Factuur 2024-018"])
        const { data: last } = await api.get("/admin/tikkie/payment-requests?limit=2&offset=2", { headers })
        expect(last.payment_requests).toHaveLength(1)
        expect(last.payment_requests[0]).toEqual(
          expect.objectContaining({
            paid_in_cents: 1750,
            payments: expect.arrayContaining([expect.objectContaining({ amountInCents: 1250 })]),
          })
        )

        const tooLong = await api
          .post("/admin/tikkie/payment-requests", { description: "x".repeat(36) }, { headers })
          .catch((e: any) => e.response)
        expect(tooLong.status).toBe(400)
        expect(tooLong.data.message).toMatch(/description must be at most 35 characters/)
        const fraction = await api
          .post("/admin/tikkie/payment-requests", { description: "Factuur", amount_in_cents: 12.5 }, { headers })
          .catch((e: any) => e.response)
        expect(fraction.status).toBe(400)
        expect(fraction.data.message).toBe("Invalid body: amount_in_cents must be a whole number of cents")
        const badPage = await api
          .get("/admin/tikkie/payment-requests?limit=1000", { headers })
          .catch((e: any) => e.response)
        expect(badPage.status).toBe(400)
        expect(badPage.data.message).toMatch(/limit must be at most 100/)
        const anonymous = await api.get("/admin/tikkie/payment-requests").catch((e: any) => e.response)
        expect(anonymous.status).toBe(401)
      })
    })

    describe("refunds", () => {
      const paidOrder = async () => {
        const cart = await newCart()
        const started = await start(cart.id)
        await pay(started.payment_request_token)
        await settled(started.payment_request_token)
        const order = (await orderForCart(getContainer(), cart.id))!
        const { data } = await getContainer()
          .resolve(ContainerRegistrationKeys.QUERY)
          .graph({
            entity: "payment",
            fields: ["id", "amount", "data", "refunds.amount"],
            filters: { payment_session_id: started.payment_session_id },
          })
        return { cart, started, order, paymentId: (data[0] as { id: string }).id }
      }
      const payment = async (id: string) =>
        (
          await getContainer()
            .resolve(ContainerRegistrationKeys.QUERY)
            .graph({
              entity: "payment",
              fields: ["id", "data", "refunds.amount", "tikkie_payment_request.payments"],
              filters: { id },
            })
        ).data[0] as any
      /** Tikkie's payments as the payment's link (src/links/payment-payment-request.ts) shows them. */
      const tikkieView = async (id: string) => (await payment(id)).tikkie_payment_request.payments.items

      it("refunds partly twice through Medusa's admin route, numbered and described; PENDING becomes PAID on the REFUND notification", async () => {
        const { started, paymentId, cart } = await paidOrder()
        const headers = await adminHeaders(api, getContainer())
        await api.post(`/admin/payments/${paymentId}/refund`, { amount: 5 }, { headers })
        await api.post(`/admin/payments/${paymentId}/refund`, { amount: 2.5 }, { headers })

        const refunds = (await payment(paymentId)).data.payments[0].refunds
        expect(refunds.map((r: any) => [r.amountInCents, r.description, r.status])).toEqual([
          [500, "Terugbetaling 1: Tikkie Demo Winkel", "PENDING"],
          [250, "Terugbetaling 2: Tikkie Demo Winkel", "PENDING"],
        ])
        expect(refunds[0].referenceId).toMatch(/^ref_/)

        // The bank pays the first refund out: a REFUND notification marks it PAID in what the payment links to.
        await tikkie.control.post(`/_sandbox/refunds/${refunds[0].refundToken}/pay`)
        await eventually(async () => (await tikkieView(paymentId))[0].refunds[0].status === "PAID")
        expect((await tikkieView(paymentId))[0].refunds[1].status).toBe("PENDING")
        const kept = recordPayments(await record(started.payment_request_token))[0].refunds
        expect(kept.map((r) => r.status)).toEqual(["PAID", "PENDING"])

        // The second is paid out while notifications are lost: the poll catches up.
        await tikkie.control.setDeliveryBehaviour("fail", 1)
        await tikkie.control.post(`/_sandbox/refunds/${refunds[1].refundToken}/pay`)
        await pollPaymentRequests(getContainer())
        expect((await tikkieView(paymentId))[0].refunds[1].status).toBe("PAID")
        expect(
          cents(Number((await payment(paymentId)).refunds.reduce((s: number, r: any) => s + Number(r.amount), 0)))
        ).toBe(750)
        void cart
      })

      it("recordLinkRefundsWorkflow: a failure after writing the refund into the link's record puts the record back; the next run writes it once", async () => {
        const { started, paymentId } = await paidOrder()
        const headers = await adminHeaders(api, getContainer())
        await tikkie.control.setDeliveryBehaviour("fail", 100)
        const keptRefunds = async () =>
          recordPayments(await record(started.payment_request_token))[0].refunds.map((r) => [r.amountInCents, r.status])
        await api.post(`/admin/payments/${paymentId}/refund`, { amount: 1.5 }, { headers })
        await eventually(async () => (await keptRefunds()).length === 1, 5_000)
        // As if the run after Medusa's refund was lost: the record without it.
        const kept = await record(started.payment_request_token)
        const [p] = recordPayments(kept)
        await records().updatePaymentRequests({ id: kept.id, payments: { items: [{ ...p, refunds: [] }] } } as never)

        const { errors } = await failingAfter(recordLinkRefundsWorkflow(getContainer()), recordLinkRefundsStepId).run({
          input: { paymentId },
          throwOnError: false,
        })
        expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])
        expect(await keptRefunds()).toEqual([])

        const { result } = await recordLinkRefundsWorkflow(getContainer()).run({ input: { paymentId } })
        expect(result).toEqual({ recorded: 1 })
        expect(await keptRefunds()).toEqual([[150, "PENDING"]])
      })

      it("an admin's refund is in the link's record at once, and the poll follows every PENDING refund to PAID while notifications are lost", async () => {
        const { started, paymentId, order } = await paidOrder()
        const headers = await adminHeaders(api, getContainer())
        await tikkie.control.setDeliveryBehaviour("fail", 100)
        const link = async () =>
          (await api.get(`/admin/orders/${order.id}/tikkie-payment-links`, { headers })).data.payment_links.find(
            (l: any) => l.payment_request_token === started.payment_request_token
          )
        const keptRefunds = async () => recordPayments(await record(started.payment_request_token))[0].refunds

        // No notification and no poll run: the record has it as soon as Medusa's refund is done.
        await api.post(`/admin/payments/${paymentId}/refund`, { amount: 1.5 }, { headers })
        await eventually(async () => (await link()).refunded_in_cents === 150, 5_000)
        await api.post(`/admin/payments/${paymentId}/refund`, { amount: 2 }, { headers })
        await eventually(async () => (await link()).refunded_in_cents === 350, 5_000)
        expect((await keptRefunds()).map((r) => [r.amountInCents, r.status])).toEqual([
          [150, "PENDING"],
          [200, "PENDING"],
        ])

        // The bank pays both out; every REFUND notification is lost. The poll catches up on each.
        const paidOut = async () => {
          const paid = new Set((await keptRefunds()).filter((r) => r.status === "PAID").map((r) => r.refundToken))
          for (const r of (await payment(paymentId)).data.payments[0].refunds) {
            if (r.status === "PENDING" && !paid.has(r.refundToken))
              await tikkie.control.post(`/_sandbox/refunds/${r.refundToken}/pay`)
          }
        }
        await paidOut()
        await pollPaymentRequests(getContainer())
        expect((await keptRefunds()).map((r) => [r.amountInCents, r.status])).toEqual([
          [150, "PAID"],
          [200, "PAID"],
        ])

        // A third whose write into the record was lost (a crash after Medusa's refund): only the payment's data
        // has it PENDING, and the record has nothing PENDING. The poll still follows it.
        await api.post(`/admin/payments/${paymentId}/refund`, { amount: 1 }, { headers })
        await eventually(async () => (await keptRefunds()).length === 3, 5_000)
        const kept = await record(started.payment_request_token)
        const [p] = recordPayments(kept)
        await records().updatePaymentRequests({
          id: kept.id,
          payments: { items: [{ ...p, refunds: p.refunds.slice(0, 2) }] },
        } as never)
        await paidOut()
        // The next run after the link's read interval (the last run's read counts toward it).
        await new Promise((r) => setTimeout(r, PAYMENT_REQUEST_READ_INTERVAL_MS))
        await pollPaymentRequests(getContainer())
        expect((await keptRefunds()).map((r) => [r.amountInCents, r.status])).toEqual([
          [150, "PAID"],
          [200, "PAID"],
          [100, "PAID"],
        ])
        expect((await tikkieView(paymentId))[0].refunds.map((r: any) => r.status)).toEqual(["PAID", "PAID", "PAID"])
        expect((await link()).refunded_in_cents).toBe(450)
      })

      it("refuses a refund above what was paid with a clear error, and records nothing as refunded", async () => {
        const { paymentId, cart } = await paidOrder()
        const headers = await adminHeaders(api, getContainer())
        const tooMuch = cart.total + 25.01
        const refused = await api
          .post(`/admin/payments/${paymentId}/refund`, { amount: tooMuch }, { headers })
          .catch((e: any) => e.response)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/refund more than the captured amount/)
        expect((await payment(paymentId)).refunds).toHaveLength(0)
        expect((await payment(paymentId)).data.payments[0].refunds).toHaveLength(0)
        expect(await tikkie.control.requests("paymentRequestsV2.createRefund")).toHaveLength(0)
      })

      it("refuses a refund Tikkie would refuse (above paid + €25 with a refund made elsewhere), and Medusa keeps no refund", async () => {
        const { paymentId, started } = await paidOrder()
        const paid = (await payment(paymentId)).data.payments[0]
        // Someone refunded through Tikkie directly (its portal): paid + €20.
        const { client } = await paymentRequestConnection(getContainer())
        // The store's own client (shared by the process): not closed here.
        await client.createRefund(started.payment_request_token, paid.paymentToken, {
          amountInCents: paid.amountInCents + 2_000,
          description: "Goodwill",
        })
        const headers = await adminHeaders(api, getContainer())
        const refused = await api
          .post(`/admin/payments/${paymentId}/refund`, { amount: 10 }, { headers })
          .catch((e: any) => e.response)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(
          /Tikkie refuses this refund of €10.00: refunds of one payment may total at most the €[0-9.]+ paid plus €25.00, and €[0-9.]+ was refunded already. Nothing was refunded./
        )
        expect((await payment(paymentId)).refunds).toHaveLength(0)
        expect(await tikkie.control.requests("paymentRequestsV2.createRefund")).toHaveLength(1)
      })

      /** The refunds of a paid link as Medusa records them (in euros) and as Tikkie holds them (in cents). */
      const refundsOnBothSides = async (paymentId: string, paymentRequestToken: string) => {
        const paid = (await payment(paymentId)).data.payments[0]
        const { client } = await paymentRequestConnection(getContainer())
        const atTikkie = (await client.getPayment(paymentRequestToken, paid.paymentToken)).refunds ?? []
        return {
          medusa: (await payment(paymentId)).refunds.map((r: any) => Number(r.amount)),
          tikkie: atTikkie.map((r) => r.amountInCents),
          paid,
        }
      }

      /** An admin's refund of €2 that Tikkie makes but answers only after the store gave up waiting: once it is made at Tikkie, its answer. */
      const refundOnItsWay = async (paymentId: string, headers: Record<string, string>) => {
        await tikkie.control.injectFault("paymentRequestsV2.createRefund", "hang-after", 1)
        const first = api.post(`/admin/payments/${paymentId}/refund`, { amount: 2 }, { headers })
        await eventually(
          async () => ((await tikkie.control.requests("paymentRequestsV2.createRefund")).length ? true : undefined),
          10_000,
          20
        )
        return { answer: first }
      }

      it("two admins refunding the same amount at once: two refunds at Tikkie, two in Medusa (the second waits for the first)", async () => {
        const { paymentId, started } = await paidOrder()
        const headers = await adminHeaders(api, getContainer())
        const first = await refundOnItsWay(paymentId, headers)
        // The second admin clicks while the first refund is on its way.
        const second = api.post(`/admin/payments/${paymentId}/refund`, { amount: 2 }, { headers })
        await Promise.all([first.answer, second])

        const { medusa, tikkie: atTikkie, paid } = await refundsOnBothSides(paymentId, started.payment_request_token)
        expect(medusa).toEqual([2, 2])
        expect(atTikkie).toEqual([200, 200])
        expect(new Set(paid.refunds.map((r: any) => r.refundToken)).size).toBe(2)
      })

      it("a refund through Medusa's own refund workflow (as cancel, return, claim and exchange make them) while an admin's refund is on its way: two refunds at Tikkie, two in Medusa", async () => {
        const { paymentId, started } = await paidOrder()
        const headers = await adminHeaders(api, getContainer())
        const first = await refundOnItsWay(paymentId, headers)
        // Meanwhile Medusa refunds the same amount on another path than the admin's refund route. (Medusa may
        // refuse to book the later of two refunds of one order on the order at the same moment, "existing
        // active order change", after the payment's refund was made: what counts here is the money.)
        const second = refundPaymentWorkflow(getContainer()).run({
          input: { payment_id: paymentId, amount: 2 },
          throwOnError: false,
        })
        await Promise.all([first.answer.catch((e: any) => e.response), second])

        const { medusa, tikkie: atTikkie } = await refundsOnBothSides(paymentId, started.payment_request_token)
        expect(medusa).toEqual([2, 2])
        expect(atTikkie).toEqual([200, 200])
      })

      it("a settlement that read the payment's data before a refund and wrote it after: the next refund of the same amount is a refund of its own", async () => {
        const { paymentId, started } = await paidOrder()
        const headers = await adminHeaders(api, getContainer())
        // What a settlement (a REFUND notification, the poll) read of the payment's data before Medusa committed a refund…
        const readBefore = (await payment(paymentId)).data
        await api.post(`/admin/payments/${paymentId}/refund`, { amount: 2 }, { headers })
        // …and wrote after it: Tikkie's payments (the refund among them) over the rest of the data as it had read it.
        const payments = (await payment(paymentId)).data.payments
        await getContainer()
          .resolve(Modules.PAYMENT)
          .updatePayment({ id: paymentId, data: { ...readBefore, payments } } as never)

        await api.post(`/admin/payments/${paymentId}/refund`, { amount: 2 }, { headers })
        const { medusa, tikkie: atTikkie } = await refundsOnBothSides(paymentId, started.payment_request_token)
        expect(medusa).toEqual([2, 2])
        expect(atTikkie).toEqual([200, 200])
      })

      it("makes a refund once when Tikkie makes it but the answer is lost (connection dropped): Medusa records it, no retry needed", async () => {
        const { paymentId, started } = await paidOrder()
        const headers = await adminHeaders(api, getContainer())
        await tikkie.control.injectFault("paymentRequestsV2.createRefund", "drop-after", 1)
        const { data } = await api.post(`/admin/payments/${paymentId}/refund`, { amount: 4 }, { headers })
        expect(data.payment.refunds.map((r: any) => Number(r.amount))).toEqual([4])

        const paid = (await payment(paymentId)).data.payments[0]
        const { client } = await paymentRequestConnection(getContainer())
        const atTikkie = (await client.getPayment(started.payment_request_token, paid.paymentToken)).refunds ?? []
        expect(atTikkie.map((r) => [r.amountInCents, r.referenceId])).toEqual([[400, data.payment.refunds[0].id]])
        expect(paid.refunds.map((r: any) => [r.amountInCents, r.refundToken])).toEqual([[400, atTikkie[0].refundToken]])
        expect((await tikkie.control.requests("paymentRequestsV2.createRefund")).map((r) => r.status)).toEqual([0])
      })

      it("makes a refund once when its answer is lost and Tikkie cannot be asked: the admin's retry records the refund made", async () => {
        const { paymentId, started } = await paidOrder()
        const headers = await adminHeaders(api, getContainer())
        // Tikkie makes the refund and answers 500; then every read of the payment's refunds fails too.
        await tikkie.control.injectFault("paymentRequestsV2.createRefund", "500-after", 1)
        await tikkie.control.injectFault("paymentRequestsV2.listPayments", "500", 4)
        const first = await api
          .post(`/admin/payments/${paymentId}/refund`, { amount: 4 }, { headers })
          .catch((e: any) => e.response)
        expect(first.status).toBeGreaterThanOrEqual(400)
        expect((await payment(paymentId)).refunds).toHaveLength(0)

        // Another amount would be a second payout next to the one made: refused until the first is recorded.
        const other = await api
          .post(`/admin/payments/${paymentId}/refund`, { amount: 3 }, { headers })
          .catch((e: any) => e.response)
        expect(other.status).toBe(400)

        const { data } = await api.post(`/admin/payments/${paymentId}/refund`, { amount: 4 }, { headers })
        expect(data.payment.refunds.map((r: any) => Number(r.amount))).toEqual([4])
        const paid = (await payment(paymentId)).data.payments[0]
        const { client } = await paymentRequestConnection(getContainer())
        const atTikkie = (await client.getPayment(started.payment_request_token, paid.paymentToken)).refunds ?? []
        expect(atTikkie.map((r) => r.amountInCents)).toEqual([400])
        expect(paid.refunds.map((r: any) => r.refundToken)).toEqual([atTikkie[0].refundToken])
        expect(await tikkie.control.requests("paymentRequestsV2.createRefund")).toHaveLength(1)
        expect(first.data.message).toMatch(
          /Tikkie did not answer whether it made this refund.*Try the same refund again later/
        )
        expect(other.data.message).toMatch(
          /Tikkie already holds a refund of €4.00 .* Refund exactly €4.00 to record it/
        )

        // A further refund is a new one again.
        await api.post(`/admin/payments/${paymentId}/refund`, { amount: 1 }, { headers })
        expect(
          ((await client.getPayment(started.payment_request_token, paid.paymentToken)).refunds ?? []).map(
            (r) => r.amountInCents
          )
        ).toEqual([400, 100])
      })
    })
  },
})
