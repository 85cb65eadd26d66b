import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { toCents } from "../../src/utils/medusa-money"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { paymentRequestConnection } from "../../src/workflows/payment-request/utils/payment-request-providers"
import { pollPaymentRequests } from "../../src/jobs/poll-payment-requests"
import { PAYMENT_REQUEST_READ_INTERVAL_MS } from "../../src/workflows/payment-request/utils/read-claim"
import { subscribePaymentRequestNotifications } from "../../src/workflows/payment-request/utils/subscribe-notifications"
import { adminHeaders, enablePaymentLinks, PAYMENT_REQUEST_PROVIDER } from "../helpers/payment-request-env"
import { enableV1PaymentLinks, V1_PROVIDER } from "../helpers/payment-request-v1-env"
import { arriveAt, eventually, type SeededStore, seedStore, storeApi, useReadyCarts } from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { failingAfter } from "../helpers/failing-after"
import { refundOwedAtTikkieWorkflow } from "../../src/workflows/refunds-owed/refund-at-tikkie"
import { refundAtTikkieStepId } from "../../src/workflows/refunds-owed/steps/refund-at-tikkie"
import { storeSuite } from "../helpers/store-suites"

/**
 * A link paid twice (shared, two devices at once) keeps the extra money only in sight: a problem on the
 * link's record, an error in the log, and a refund owed (v1: by bank transfer; v2: refundable at Tikkie).
 * And a v1-paid order cancelled through Medusa owes its refund like Fast Checkout does.
 */
export default storeSuite("payment-request-second-payment", {
  testSuite: ({ api, getContainer, tikkie }) => {
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    let headers: Record<string, string>
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
    const record = async (token: string) => (await records().listPaymentRequests({ payment_request_token: token }))[0]

    // Every test here takes one cart at most: each finds this one, as the restore before it puts it back.
    const carts = useReadyCarts(1)

    // Seeded once: the test runner restores the database to what it was after these hooks before every test.
    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      await enablePaymentLinks(getContainer(), store.regionId)
      await enableV1PaymentLinks(getContainer(), store.regionId)
      headers = await adminHeaders(api, getContainer())
      await carts.make(shop, store)
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
      await subscribePaymentRequestNotifications(getContainer(), { providerId: PAYMENT_REQUEST_PROVIDER, force: true })
    })

    const start = async (cartId: string, providerId: string) => {
      const { data } = await api.post(
        `/store/carts/${cartId}/tikkie-payment-request`,
        { provider_id: providerId },
        { headers: shop.headers }
      )
      return data as { payment_url: string; payment_request_token: string; payment_session_id: string }
    }
    const refundsOwed = async (orderId: string) =>
      (await api.get(`/admin/tikkie/refunds-owed?order_id=${orderId}`, { headers })).data
    const adminOrder = async (id: string) =>
      (
        await api.get(`/admin/orders/${id}?fields=id,status,total,summary,*payment_collections.payments.refunds`, {
          headers,
        })
      ).data.order

    it("v2: a second payment on a settled link becomes a problem, an error and a refund owed; refunded at Tikkie once", async () => {
      const cart = await carts.take(shop, store)
      const link = await start(cart.id, PAYMENT_REQUEST_PROVIDER)
      await tikkie.control.post(`/_sandbox/paymentrequests/${link.payment_request_token}/pay`, {
        counterPartyName: "Sanne de Vries",
      })
      const orderId = (await eventually(async () => (await record(link.payment_request_token))?.order_id)) as string

      const second = await tikkie.control.post<{ paymentToken: string; counterPartyAccountNumber: string }>(
        `/_sandbox/paymentrequests/${link.payment_request_token}/pay`,
        { counterPartyName: "Piet Jansen", secondDevice: true }
      )
      // Settled in the background (notification → event → subscriber): given time on a loaded machine.
      const listed = await eventually(async () => {
        const l = await refundsOwed(orderId)
        return l.count ? l : undefined
      }, 60_000)
      expect(listed.count).toBe(1)
      const [owed] = listed.refunds_owed
      expect(owed).toEqual(
        expect.objectContaining({
          source: "second_payment",
          status: "owed",
          amount_in_cents: toCents(cart.total),
          payer_name: "Piet Jansen",
          payer_account: { iban: second.counterPartyAccountNumber },
          payment_request_token: link.payment_request_token,
          tikkie_payment_token: second.paymentToken,
          refundable_at_tikkie: true,
        })
      )
      // The problem is written on the link's record just after the refund owed: wait for it as well.
      const problem = await eventually(
        async () => (await record(link.payment_request_token)).problem ?? undefined,
        60_000
      )
      expect(problem).toMatch(/paid a second time .* by Piet Jansen\): refund owed tkro_/)
      // Medusa holds one payment and says nothing was refunded.
      const order = await adminOrder(orderId)
      expect(order.payment_collections[0].payments).toHaveLength(1)
      expect(order.summary.refunded_total).toBe(0)

      const refunded = await api.post(`/admin/tikkie/refunds-owed/${owed.id}/refund-at-tikkie`, {}, { headers })
      expect(refunded.data.refund_owed).toEqual(
        expect.objectContaining({ status: "refunded", bank_reference: expect.stringMatching(/^Tikkie refund /) })
      )
      const { client } = await paymentRequestConnection(getContainer(), PAYMENT_REQUEST_PROVIDER)
      const atTikkie = await client.getPayment(link.payment_request_token, second.paymentToken)
      expect(atTikkie.refunds).toEqual([
        expect.objectContaining({ amountInCents: toCents(cart.total), referenceId: owed.id }),
      ])
      await api.post(`/admin/tikkie/refunds-owed/${owed.id}/refund-at-tikkie`, {}, { headers })
      expect(await tikkie.control.requests("paymentRequestsV2.createRefund")).toHaveLength(1)
      // The first payment was never touched.
      expect((await adminOrder(orderId)).payment_collections[0].payments[0].refunds ?? []).toHaveLength(0)
    })

    it("a second payment and its refund owed are logged by ids: the store's log holds no payer name or IBAN", async () => {
      // Every line the store logs meanwhile (Medusa's own logger; the spies only listen).
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const spies = (["info", "warn", "error", "debug"] as const).map((level) => jest.spyOn(logger, level))
      const logged = () => spies.flatMap((s) => s.mock.calls.map((args) => args.map((a) => String(a)).join(" ")))
      try {
        const cart = await carts.take(shop, store)
        const link = await start(cart.id, PAYMENT_REQUEST_PROVIDER)
        await tikkie.control.post(`/_sandbox/paymentrequests/${link.payment_request_token}/pay`, {
          counterPartyName: "Sanne de Vries",
        })
        const orderId = (await eventually(async () => (await record(link.payment_request_token))?.order_id)) as string
        const second = await tikkie.control.post<{ counterPartyAccountNumber: string }>(
          `/_sandbox/paymentrequests/${link.payment_request_token}/pay`,
          { counterPartyName: "Piet Jansen", secondDevice: true }
        )
        const problem = await eventually(
          async () => (await record(link.payment_request_token)).problem ?? undefined,
          60_000
        )
        // The admin's problem list names the payer; the log says which refund owed and payment, by id.
        expect(problem).toMatch(/by Piet Jansen\): refund owed tkro_/)
        const [owed] = (await refundsOwed(orderId)).refunds_owed
        const lines = await eventually(async () => {
          const l = logged()
          return l.some((x) => x.includes(`was paid a second time`) && x.includes(owed.id)) ? l : undefined
        })
        expect(lines.some((l) => l.includes(`Tikkie refund owed ${owed.id}`))).toBe(true)
        for (const secret of ["Piet Jansen", "Sanne de Vries", second.counterPartyAccountNumber]) {
          expect(lines.filter((l) => l.includes(secret))).toEqual([])
        }
      } finally {
        spies.forEach((s) => s.mockRestore())
      }
    })

    it("v2: refunding a second payment at Tikkie, a failure after the refund leaves it owed, and the retry finds Tikkie's refund instead of refunding twice", async () => {
      const cart = await carts.take(shop, store)
      const link = await start(cart.id, PAYMENT_REQUEST_PROVIDER)
      await tikkie.control.post(`/_sandbox/paymentrequests/${link.payment_request_token}/pay`, {
        counterPartyName: "Sanne de Vries",
      })
      const orderId = (await eventually(async () => (await record(link.payment_request_token))?.order_id)) as string
      await tikkie.control.post(`/_sandbox/paymentrequests/${link.payment_request_token}/pay`, {
        counterPartyName: "Piet Jansen",
        secondDevice: true,
      })
      const owed = (await eventually(async () => (await refundsOwed(orderId)).refunds_owed[0], 60_000)) as {
        id: string
      }

      const { errors } = await failingAfter(refundOwedAtTikkieWorkflow(getContainer()), refundAtTikkieStepId).run({
        input: { id: owed.id, actor_id: "user_test" },
        throwOnError: false,
      })
      expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])
      expect((await refundsOwed(orderId)).refunds_owed[0].status).toBe("owed")
      expect(await tikkie.control.requests("paymentRequestsV2.createRefund")).toHaveLength(1)

      const { data } = await api.post(`/admin/tikkie/refunds-owed/${owed.id}/refund-at-tikkie`, {}, { headers })
      expect(data.refund_owed).toEqual(
        expect.objectContaining({ status: "refunded", bank_reference: expect.stringMatching(/^Tikkie refund /) })
      )
      expect(await tikkie.control.requests("paymentRequestsV2.createRefund")).toHaveLength(1)
    })

    it("v1: a second payment found by the next settlement of the link is a refund owed by bank transfer (Tikkie v1 cannot refund it)", async () => {
      const cart = await carts.take(shop, store)
      const link = await start(cart.id, V1_PROVIDER)
      await tikkie.control.post(`/_sandbox/v1/paymentrequests/${link.payment_request_token}/pay`, {
        counterPartyName: "Sanne de Vries",
      })
      expect(
        (
          await arriveAt(
            `${tikkie.storeUrl}/hooks/tikkie/payment-requests/return?session_id=${link.payment_session_id}`
          )
        ).status
      ).toBe(303)
      const orderId = (await record(link.payment_request_token)).order_id!
      expect(orderId).toBeTruthy()

      await tikkie.control.post(`/_sandbox/v1/paymentrequests/${link.payment_request_token}/pay`, {
        counterPartyName: "Piet Jansen",
        secondDevice: true,
      })
      // v1 sends no notification and the return route answers a settled link from its record: the poll
      // reads settled links Tikkie still takes payments on, when their next check is due (moved here).
      const due = new Date(Date.now() + 31 * 60_000)
      // After the link's read interval: the return's read counts toward it.
      await new Promise((r) => setTimeout(r, PAYMENT_REQUEST_READ_INTERVAL_MS))
      await pollPaymentRequests(getContainer(), { now: due })
      const listed = await refundsOwed(orderId)
      expect(listed.refunds_owed).toEqual([
        expect.objectContaining({
          source: "second_payment",
          status: "owed",
          amount_in_cents: toCents(cart.total),
          payer_name: "Piet Jansen",
          refundable_at_tikkie: false,
        }),
      ])
      expect(listed.refunds_owed[0].reason).toMatch(/v1 cannot refund it/)
      const refused = await api
        .post(`/admin/tikkie/refunds-owed/${listed.refunds_owed[0].id}/refund-at-tikkie`, {}, { headers })
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)

      // Marked as sent by bank transfer: recorded, and Medusa (which never held this money) is left as it was.
      const marked = await api.post(
        `/admin/tikkie/refunds-owed/${listed.refunds_owed[0].id}/refunded`,
        { bank_reference: "V1-EXTRA-1" },
        { headers }
      )
      expect(marked.data.refund_owed).toEqual(
        expect.objectContaining({ status: "refunded", bank_reference: "V1-EXTRA-1", medusa_refund_id: null })
      )
      expect((await adminOrder(orderId)).summary.refunded_total).toBe(0)
    })

    it("v1: Medusa's cancel of an order paid by a v1 link records a refund owed with the payer's name (v1 gives no IBAN); marked, Medusa records the refund", async () => {
      const cart = await carts.take(shop, store)
      const link = await start(cart.id, V1_PROVIDER)
      await tikkie.control.post(`/_sandbox/v1/paymentrequests/${link.payment_request_token}/pay`, {
        counterPartyName: "Sanne de Vries",
      })
      await arriveAt(`${tikkie.storeUrl}/hooks/tikkie/payment-requests/return?session_id=${link.payment_session_id}`)
      const orderId = (await record(link.payment_request_token)).order_id!

      await api.post(`/admin/orders/${orderId}/cancel`, {}, { headers })
      const canceled = await adminOrder(orderId)
      expect(canceled.status).toBe("canceled")
      expect(canceled.summary.refunded_total).toBe(0)
      const [owed] = (await refundsOwed(orderId)).refunds_owed
      expect(owed).toEqual(
        expect.objectContaining({
          source: "cancel",
          amount_in_cents: toCents(cart.total),
          payer_name: "Sanne de Vries",
          payer_account: null,
        })
      )

      await api.post(`/admin/tikkie/refunds-owed/${owed.id}/refunded`, { bank_reference: "V1-CANCEL-1" }, { headers })
      const after = await adminOrder(orderId)
      expect(toCents(after.summary.refunded_total)).toBe(toCents(cart.total))
      expect(after.payment_collections[0].payments[0].refunds).toHaveLength(1)
    })
  },
})
