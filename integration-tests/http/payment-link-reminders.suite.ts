import { Modules } from "@medusajs/framework/utils"
import type { INotificationModuleService } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { sendPaymentLinkReminders } from "../../src/workflows/payment-request/utils/payment-link-reminders"
import { adminHeaders, enablePaymentLinks } from "../helpers/payment-request-env"
import {
  arriveAt,
  eventually,
  type SeededStore,
  seedStore,
  storeApi,
  stroopwafelsAndMugCart,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { storeSuite } from "../helpers/store-suites"
import { addDays, amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"

const DAY_MS = 86_400_000
const TEMPLATE = "tikkie-payment-link-reminder"

/**
 * Reminders of unpaid order links, in a store with `reminderAfterDays: 3` and `maxReminders: 2` (the group
 * sets TIKKIE_REMINDER_AFTER_DAYS and TIKKIE_MAX_REMINDERS before the boot) and Medusa's local notification
 * provider for e-mail, whose notifications the notification module keeps: what a test reads back is what
 * the store asked the provider to send. The job's clock is moved days ahead with `now`; Tikkie's is not.
 * No notification subscription here: a payment reaches the store only through a read of Tikkie.
 */
export default storeSuite("payment-link-reminders", {
  testSuite: ({ api, getContainer, tikkie }) => {
    let store: SeededStore
    let orderId: string
    let headers: Record<string, string>
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
    const notifications = () => getContainer().resolve<INotificationModuleService>(Modules.NOTIFICATION)
    const sentReminders = async () =>
      (await notifications().listNotifications({ template: TEMPLATE } as never)).filter(
        (n) => n.resource_id === orderId
      )
    const daysLater = (days: number) => new Date(Date.now() + days * DAY_MS)

    // One order that owes the product the shop added after it was paid; each test makes its own links on it.
    beforeAll(async () => {
      store = await seedStore(getContainer())
      const shop = storeApi(api, store.publishableKey)
      await enablePaymentLinks(getContainer(), store.regionId)
      const cart = await stroopwafelsAndMugCart(shop, store)
      const { data: started } = await api.post(
        `/store/carts/${cart.id}/tikkie-payment-request`,
        {},
        { headers: shop.headers }
      )
      await tikkie.control.post(`/_sandbox/paymentrequests/${started.payment_request_token}/pay`, {})
      // No subscription, so no notification: the shopper's return settles it.
      await arriveAt(`${tikkie.storeUrl}/hooks/tikkie/payment-requests/return?session_id=${started.payment_session_id}`)
      orderId = (await eventually(
        async () =>
          (await records().listPaymentRequests({ payment_request_token: started.payment_request_token }))[0]?.order_id,
        20_000
      )) as string
      headers = await adminHeaders(api, getContainer())
      const { data: edit } = await api.post("/admin/order-edits", { order_id: orderId }, { headers })
      await api.post(
        `/admin/order-edits/${edit.order_change.order_id}/items`,
        { items: [{ variant_id: store.variantIds["stroopwafels-2"], quantity: 1 }] },
        { headers }
      )
      await api.post(`/admin/order-edits/${orderId}/request`, {}, { headers })
      await api.post(`/admin/order-edits/${orderId}/confirm`, {}, { headers })
    })
    beforeEach(() => clearSandboxForNextTest(tikkie))

    const newLink = async () => {
      const { data } = await api.post(
        `/admin/orders/${orderId}/tikkie-payment-links`,
        { amount_in_cents: 100 },
        { headers }
      )
      return data.payment_link as { payment_request_token: string; url: string }
    }
    const remindersOf = async (token: string) =>
      (await api.get(`/admin/orders/${orderId}/tikkie-payment-links/${token}/reminders`, { headers })).data.reminders
    const withEmail = () => api.post(`/admin/orders/${orderId}`, { email: "klant@example.nl" }, { headers })

    it("two workers running the job at once send one reminder, in Dutch, shown on the link; the next after 3 more days; never more than 2", async () => {
      await withEmail()
      const link = await newLink()
      // Not yet 3 days unpaid: nothing.
      expect(await sendPaymentLinkReminders(getContainer(), { now: daysLater(2) })).toEqual([])

      // Two concurrent runs in one process stand for two workers: one sends, the other finds it sent.
      const at = daysLater(3.1)
      const [a, b] = await Promise.all([
        sendPaymentLinkReminders(getContainer(), { now: at }),
        sendPaymentLinkReminders(getContainer(), { now: at }),
      ])
      expect([...a, ...b].filter((o) => o.outcome === "sent")).toHaveLength(1)
      const [first, ...more] = await sentReminders()
      expect(more).toEqual([])
      expect(first).toEqual(
        expect.objectContaining({ to: "klant@example.nl", channel: "email", template: TEMPLATE, status: "success" })
      )
      expect(first.data).toEqual(
        expect.objectContaining({ language: "nl", reminder_number: 1, url: link.url, amount_in_cents: 100 })
      )
      expect(first.data!.subject).toMatch(/^Herinnering: betaling voor bestelling #\d+ staat nog open$/)
      // Intl writes a no-break space after the euro sign.
      expect(first.data!.text).toMatch(/We hebben je betaling van €\s1,00 voor bestelling #\d+ nog niet ontvangen\./)
      expect(first.data!.text).toContain(link.url)

      const shown = await remindersOf(link.payment_request_token)
      expect(shown).toEqual(
        expect.objectContaining({ enabled: true, blocked: null, after_days: 3, max: 2, language: "nl" })
      )
      expect(shown.reminders).toEqual([expect.objectContaining({ number: 1, state: "sent", language: "nl" })])

      // The same day again: not due. Three days after the first: the second. Then the limit holds.
      expect(await sendPaymentLinkReminders(getContainer(), { now: daysLater(4) })).toEqual([])
      const second = await sendPaymentLinkReminders(getContainer(), { now: daysLater(6.2) })
      expect(second).toEqual([expect.objectContaining({ outcome: "sent", number: 2 })])
      expect(await sendPaymentLinkReminders(getContainer(), { now: daysLater(10) })).toEqual([])
      expect(await sentReminders()).toHaveLength(2)
      expect(await remindersOf(link.payment_request_token)).toEqual(
        expect.objectContaining({ blocked: "limit_reached" })
      )
    })

    it("a link paid at Tikkie since the last read gets no reminder: the job reads Tikkie first and the payment is captured", async () => {
      await withEmail()
      const link = await newLink()
      await tikkie.control.post(`/_sandbox/paymentrequests/${link.payment_request_token}/pay`, {})
      const [before] = await records().listPaymentRequests({ payment_request_token: link.payment_request_token })
      expect(before.medusa_payment_id).toBeNull()

      const outcomes = await sendPaymentLinkReminders(getContainer(), { now: daysLater(3.1) })
      expect(outcomes).toEqual([{ token: link.payment_request_token, outcome: "skipped", reason: "paid" }])
      expect(await sentReminders()).toEqual([])
      const [after] = await records().listPaymentRequests({ payment_request_token: link.payment_request_token })
      expect(after.medusa_payment_id).toEqual(expect.any(String))
      expect(await remindersOf(link.payment_request_token)).toEqual(
        expect.objectContaining({ blocked: "closed", reminders: [] })
      )
    })

    it("a link past its expiry date gets none; a link still payable made at the same time gets one", async () => {
      await withEmail()
      const expiry = addDays(amsterdamDate(Date.now()), 2)
      await api.post(
        `/admin/orders/${orderId}/tikkie-payment-links`,
        { amount_in_cents: 100, expiry_date: expiry },
        { headers }
      )
      const payable = await newLink()
      // Both are due on day 3; the first was payable only until the end of day 2.
      expect(await sendPaymentLinkReminders(getContainer(), { now: daysLater(3.1) })).toEqual([
        expect.objectContaining({ token: payable.payment_request_token, outcome: "sent", number: 1 }),
      ])
      expect(await sentReminders()).toHaveLength(1)
    })

    it("a link the admin switched off gets none; without the order's e-mail the admin reads that it cannot be reminded", async () => {
      const link = await newLink()
      expect(await remindersOf(link.payment_request_token)).toEqual(expect.objectContaining({ blocked: "no_email" }))
      expect(await sendPaymentLinkReminders(getContainer(), { now: daysLater(3.1) })).toEqual([
        { token: link.payment_request_token, outcome: "skipped", reason: "the order has no e-mail" },
      ])

      await withEmail()
      const bad = await api
        .post(
          `/admin/orders/${orderId}/tikkie-payment-links/${link.payment_request_token}/reminders`,
          { enabled: "no" },
          { headers }
        )
        .catch((e: any) => e.response)
      expect(bad.status).toBe(400)
      const { data: off } = await api.post(
        `/admin/orders/${orderId}/tikkie-payment-links/${link.payment_request_token}/reminders`,
        { enabled: false },
        { headers }
      )
      expect(off.reminders).toEqual(expect.objectContaining({ enabled: false, blocked: "switched_off" }))
      expect(await sendPaymentLinkReminders(getContainer(), { now: daysLater(3.1) })).toEqual([])
      expect(await sentReminders()).toEqual([])

      // Switched on again, in English for an order whose locale is English.
      await api.post(
        `/admin/orders/${orderId}/tikkie-payment-links/${link.payment_request_token}/reminders`,
        { enabled: true },
        { headers }
      )
      await getContainer()
        .resolve(Modules.ORDER)
        .updateOrders(orderId, { locale: "en-GB" } as never)
      expect(await sendPaymentLinkReminders(getContainer(), { now: daysLater(3.1) })).toEqual([
        expect.objectContaining({ outcome: "sent", number: 1 }),
      ])
      const [sent] = await sentReminders()
      expect(sent.data).toEqual(expect.objectContaining({ language: "en" }))
      expect(sent.data!.subject).toMatch(/^Reminder: payment for order #\d+ still open$/)
    })

    it("a reminder claimed by a worker that died is sent once: again if it never went, not again if it did", async () => {
      await withEmail()
      const link = await newLink()
      const [record] = await records().listPaymentRequests({ payment_request_token: link.payment_request_token })
      // A worker claimed reminder 1 and died before sending it.
      const claim = await records().createPaymentRequestReminders({
        payment_request_id: record.id,
        number: 1,
        language: "nl",
        claimed_at: daysLater(3.1),
      })
      expect(await sendPaymentLinkReminders(getContainer(), { now: daysLater(3.2) })).toEqual([
        expect.objectContaining({ outcome: "sent", number: 1 }),
      ])
      const [sent] = await sentReminders()
      expect((sent as { idempotency_key?: string }).idempotency_key).toBe(claim.id)

      // Another claim whose notification went out before the worker died (marking it sent was lost).
      await records().updatePaymentRequestReminders({ id: claim.id, state: "sending", notification_id: null })
      expect(await sendPaymentLinkReminders(getContainer(), { now: daysLater(3.3) })).toEqual([
        expect.objectContaining({ outcome: "sent", number: 1, notificationId: sent.id }),
      ])
      expect(await sentReminders()).toHaveLength(1)
    })

    it("an invoice link given the payer's e-mail and language: one reminder in that language naming the invoice, shown on the link; none once paid; none without an e-mail", async () => {
      const invoiceLink = (extra: Record<string, unknown>) =>
        api
          .post(
            "/admin/tikkie/payment-requests",
            { description: "Factuur 2026-014", amount_in_cents: 2500, ...extra },
            { headers }
          )
          .catch((e: any) => e.response)
      for (const [extra, message] of [
        [{ payer_email: "not an address" }, "payer_email must be an e-mail address"],
        [{ payer_email: "boekhouding@example.com", payer_language: "de" }, "payer_language must be nl or en"],
        [{ payer_language: "en" }, "payer_language needs payer_email"],
      ] as const) {
        const refused = await invoiceLink(extra)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toContain(message)
      }
      const made = await invoiceLink({ payer_email: "boekhouding@example.com", payer_language: "en" })
      expect(made.status).toBe(201)
      const invoice = made.data.payment_request
      expect(invoice).toEqual(expect.objectContaining({ payer_email: "boekhouding@example.com", payer_language: "en" }))
      const anonymous = (await invoiceLink({})).data.payment_request
      expect(anonymous).toEqual(expect.objectContaining({ payer_email: null, payer_language: null }))
      const toPayer = async () =>
        (await notifications().listNotifications({ template: TEMPLATE } as never)).filter(
          (n) => n.to === "boekhouding@example.com"
        )
      const remindersOfInvoice = async (token: string) =>
        (await api.get(`/admin/tikkie/payment-requests/${token}/reminders`, { headers })).data.reminders

      expect(await sendPaymentLinkReminders(getContainer(), { now: daysLater(3.1) })).toEqual([
        expect.objectContaining({ token: invoice.payment_request_token, outcome: "sent", number: 1 }),
      ])
      const [sent] = await toPayer()
      expect(sent).toEqual(
        expect.objectContaining({ resource_type: "tikkie_payment_request", resource_id: invoice.id, status: "success" })
      )
      expect(sent.data).toEqual(expect.objectContaining({ language: "en", url: invoice.url, amount_in_cents: 2500 }))
      expect(sent.data!.subject).toBe("Reminder: payment (Factuur 2026-014) still open")
      expect(sent.data!.text).toMatch(/We have not received your payment of €\s?25\.00 \(Factuur 2026-014\) yet\./)
      expect(await remindersOfInvoice(invoice.payment_request_token)).toEqual(
        expect.objectContaining({
          enabled: true,
          blocked: null,
          language: "en",
          reminders: [expect.objectContaining({ number: 1, state: "sent", language: "en" })],
        })
      )
      expect(await remindersOfInvoice(anonymous.payment_request_token)).toEqual(
        expect.objectContaining({ blocked: "no_email", reminders: [] })
      )

      // Paid at Tikkie before the next is due: the job reads Tikkie first and sends nothing more.
      await tikkie.control.post(`/_sandbox/paymentrequests/${invoice.payment_request_token}/pay`, {})
      expect(await sendPaymentLinkReminders(getContainer(), { now: daysLater(6.2) })).toEqual([
        { token: invoice.payment_request_token, outcome: "skipped", reason: "paid" },
      ])
      expect(await toPayer()).toHaveLength(1)
      expect(await remindersOfInvoice(invoice.payment_request_token)).toEqual(
        expect.objectContaining({ blocked: "closed" })
      )
    })
  },
})
