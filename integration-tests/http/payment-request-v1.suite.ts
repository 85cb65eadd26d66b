import { request } from "undici"
import { pollPaymentRequests } from "../../src/jobs/poll-payment-requests"
import { adminHeaders } from "../helpers/payment-request-env"
import { enableV1PaymentLinks, V1_OPTIONS, V1_PROVIDER } from "../helpers/payment-request-v1-env"
import { eventually, orderForCart, seedStore, storeApi, type SeededStore } from "../helpers/store-flow"
import { storeSuite } from "../helpers/store-suites"

interface SandboxV1Platform {
  name: string
  platformToken: string
  users: Array<{
    userToken: string
    bankAccounts: Array<{ iban: string; bankAccountToken: string }>
    paymentRequests: Array<{
      paymentRequestToken: string
      externalId: string
      amountInCents: number | string
      description: string
    }>
  }>
}

export default storeSuite("payment-request-v1", {
  testSuite: ({ api, getContainer, tikkie }) => {
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    const cents = (amount: number) => Math.round(amount * 100)
    const platforms = async () =>
      (await tikkie.control.get<{ platforms: SandboxV1Platform[] }>("/_sandbox/v1/platforms")).platforms

    // Seeded once: the test runner restores the database to what it was after these hooks before every test.
    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      await enableV1PaymentLinks(getContainer(), store.regionId)
    })

    const newCart = () => shop.createCart(store.regionId, [[store.variantIds["stroopwafels-1"], 2]])
    const start = async (cartId: string) => {
      const { data } = await api.post(
        `/store/carts/${cartId}/tikkie-payment-request`,
        { provider_id: V1_PROVIDER },
        { headers: shop.headers }
      )
      return data as { payment_url: string; payment_request_token: string; payment_session_id: string }
    }

    it("v1 end to end: platform, user and bank account set up once and re-used; requests with externalId; paid on the v1 page or by the control, settled by the poll and the return route; the admin's refund a refund owed, booked in Medusa when marked", async () => {
      const headers = await adminHeaders(api, getContainer())

      // 1. A checkout link: the plugin sets up v1 on first use.
      const cart = await newCart()
      const started = await start(cart.id)
      expect(started.payment_url).toBe(`${tikkie.sandbox.url}/pay/v1/${started.payment_request_token}`)
      let all = await platforms()
      expect(all).toHaveLength(1)
      expect(all[0].name).toBe(V1_OPTIONS.platformName)
      expect(all[0].users).toHaveLength(1)
      expect(all[0].users[0].bankAccounts[0].iban).toBe(V1_OPTIONS.iban)
      const [sent] = all[0].users[0].paymentRequests
      expect(sent.externalId).toBe(started.payment_session_id)
      expect(Number(sent.amountInCents)).toBe(cents(cart.total))
      expect(sent.description).toBe("Tikkie Demo Winkel, 2 artikelen")

      const { data: setup } = await api.get("/admin/tikkie/payment-requests/v1-setup", { headers })
      expect(setup.v1_setup).toMatchObject({
        provider_id: V1_PROVIDER,
        ready: true,
        problem: null,
        platform_token: all[0].platformToken,
        user_token: all[0].users[0].userToken,
        bank_account_token: all[0].users[0].bankAccounts[0].bankAccountToken,
      })

      // The payer pays on the v1 payment page; v1 has no usable notification, so the poll settles it.
      const page = await request(started.payment_url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "counterPartyName=Sanne+de+Vries&action=pay",
      })
      expect(page.statusCode).toBe(200)
      await page.body.dump()
      expect(await orderForCart(getContainer(), cart.id)).toBeUndefined()
      await pollPaymentRequests(getContainer())
      const order = (await orderForCart(getContainer(), cart.id))!
      expect(cents(order.total)).toBe(cents(cart.total))
      const [payment] = order.payment_collections[0].payments
      expect(payment.provider_id).toBe(V1_PROVIDER)
      expect(payment.captured_at).toBeTruthy()
      expect(payment.data.payments).toEqual([
        expect.objectContaining({ amountInCents: cents(cart.total), counterPartyName: "Sanne de Vries" }),
      ])

      // 2. A second cart re-uses the stored setup: still one platform and one user at Tikkie.
      const second = await newCart()
      const again = await start(second.id)
      all = await platforms()
      expect(all).toHaveLength(1)
      expect(all[0].users).toHaveLength(1)
      expect(all[0].users[0].paymentRequests.map((r) => r.externalId)).toContain(again.payment_session_id)
      expect(await tikkie.control.requests("paymentRequestsV1.createPlatform")).toHaveLength(1)
      expect(await tikkie.control.requests("paymentRequestsV1.createUser")).toHaveLength(1)

      // Paid through the sandbox's control; the shopper comes back through the return route.
      await tikkie.control.post(`/_sandbox/v1/paymentrequests/${again.payment_request_token}/pay`, {
        counterPartyName: "Piet Jansen",
      })
      const back = await request(
        `${tikkie.storeUrl}/hooks/tikkie/payment-requests/return?session_id=${again.payment_session_id}`
      )
      await back.body.dump()
      expect(back.statusCode).toBe(303)
      const location = new URL(String(back.headers.location))
      expect(location.pathname).toBe("/order/confirmed")
      const secondOrder = await eventually(() => orderForCart(getContainer(), second.id))
      expect(location.searchParams.get("order_id")).toBe(secondOrder.id)

      // 3. Refunds do not exist in v1: the admin's refund through Medusa's route (a plain HTTP call, as the
      // dashboard makes it) becomes a refund owed to the payer; Medusa books it when it is marked.
      const paymentIdOfOrder = payment.id ?? (await paymentId(order.id))
      const refund = await request(`${tikkie.storeUrl}/admin/payments/${paymentIdOfOrder}/refund`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ amount: 1 }),
      })
      const answered = (await refund.body.json()) as any
      expect(refund.statusCode).toBe(200)
      expect(answered.payment.id).toBe(paymentIdOfOrder)
      const refunds = async () =>
        (await api.get(`/admin/orders/${order.id}?fields=payment_collections.payments.refunds.amount`, { headers }))
          .data.order.payment_collections[0].payments[0].refunds ?? []
      expect(await refunds()).toHaveLength(0)
      const { data: owedList } = await api.get(`/admin/tikkie/refunds-owed?order_id=${order.id}`, { headers })
      expect(owedList.refunds_owed).toEqual([
        expect.objectContaining({
          source: "refund",
          status: "owed",
          amount_in_cents: 100,
          payment_id: paymentIdOfOrder,
          payer_name: "Sanne de Vries",
        }),
      ])
      await api.post(
        `/admin/tikkie/refunds-owed/${owedList.refunds_owed[0].id}/refunded`,
        { bank_reference: "V1-OUT-1" },
        { headers }
      )
      expect((await refunds()).map((r: any) => cents(r.amount))).toEqual([100])
    })

    it("v1 invoice link: an open amount under the stored setup with the reference as externalId, paid twice and followed by the poll; expiry_date refused clearly", async () => {
      const headers = await adminHeaders(api, getContainer())
      const { data } = await api.post(
        "/admin/tikkie/payment-requests",
        { description: "Factuur 2024-117", reference_id: "INV-2024-117", provider_id: V1_PROVIDER },
        { headers }
      )
      expect(data.payment_request).toEqual(
        expect.objectContaining({
          kind: "invoice",
          amount_in_cents: null,
          description: "Factuur 2024-117",
          reference_id: "INV-2024-117",
          status: "OPEN",
        })
      )
      const token = data.payment_request.payment_request_token as string
      expect(data.payment_request.url).toBe(`${tikkie.sandbox.url}/pay/v1/${token}`)
      const [platform] = await platforms()
      const sent = platform.users[0].paymentRequests.find((r) => r.paymentRequestToken === token)!
      expect(sent.externalId).toBe("INV-2024-117")
      expect(sent.amountInCents ?? null).toBeNull()

      await tikkie.control.post(`/_sandbox/v1/paymentrequests/${token}/pay`, {
        amountInCents: 1250,
        counterPartyName: "Sanne de Vries",
      })
      await tikkie.control.post(`/_sandbox/v1/paymentrequests/${token}/pay`, {
        amountInCents: 500,
        counterPartyName: "Piet Jansen",
      })
      await pollPaymentRequests(getContainer())
      const { data: list } = await api.get("/admin/tikkie/payment-requests", { headers })
      const shown = list.payment_requests.find((p: any) => p.payment_request_token === token)
      expect(shown).toEqual(expect.objectContaining({ paid_in_cents: 1750 }))
      expect(shown.payments.map((p: any) => p.amountInCents).sort((a: number, b: number) => a - b)).toEqual([500, 1250])

      const dated = await api
        .post(
          "/admin/tikkie/payment-requests",
          { description: "Factuur 2024-118", provider_id: V1_PROVIDER, expiry_date: "2030-01-01" },
          { headers }
        )
        .catch((e: any) => e.response)
      expect(dated.status).toBe(400)
      expect(dated.data.message).toBe(
        "expiry_date cannot be set with Tikkie payment requests v1: a v1 link expires after 14 days."
      )
    })

    async function paymentId(orderId: string): Promise<string> {
      const { data } = await api.get(`/admin/orders/${orderId}?fields=payment_collections.payments.id`, {
        headers: await adminHeaders(api, getContainer()),
      })
      return data.order.payment_collections[0].payments[0].id
    }
  },
})
