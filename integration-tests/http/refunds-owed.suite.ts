import { request } from "undici"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { toCents } from "../../src/utils/medusa-money"
import { adminHeaders } from "../helpers/admin-auth"
import {
  BELGIAN_PAYER,
  eventually,
  orderForCart,
  type SeededStore,
  seedStore,
  settledOrder,
  storeApi,
  stroopwafelsAndMugCart,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { failingAfter } from "../helpers/failing-after"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { markRefundOwedRefundedWorkflow } from "../../src/workflows/refunds-owed/mark-refund-owed-refunded"
import { setRefundOwedRefundedStepId } from "../../src/workflows/refunds-owed/steps/set-refund-owed-refunded"
import { recordRefundOwedAfterOrderChangeWorkflow } from "../../src/workflows/refunds-owed/record-refund-owed-after-order-change"
import { recordRefundsOwedForOrderChangeStepId } from "../../src/workflows/refunds-owed/steps/record-refunds-owed-for-order-change"
import { storeSuite } from "../helpers/store-suites"

/**
 * Fast Checkout cannot refund. When Medusa's own cancel or return workflows owe the customer money, the
 * plugin records a refund owed, the order's totals do not say "refunded" until an admin marks the
 * bank transfer sent, and from then on Medusa's records hold the refund.
 */
export default storeSuite("refunds-owed", {
  testSuite: ({ api, getContainer, tikkie }) => {
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    let headers: { authorization: string }
    const cents = (amount: number) => toCents(amount)

    const paidOrderOf = async (cartId: string) => {
      const started = await shop.startFastCheckout(cartId)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`, { payer: BELGIAN_PAYER })
      return settledOrder(getContainer(), started.order_token, cartId)
    }
    // Paid once here: the restore before every test puts this order back as settled, for the test's first call.
    let readyCartId = ""
    let readyTaken = false

    // Seeded once: the test runner restores the database to what it was after these hooks before every test.
    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      headers = (await adminHeaders(api, getContainer())).headers
      readyCartId = (await stroopwafelsAndMugCart(shop, store)).id
      await paidOrderOf(readyCartId)
      await tikkie.sandbox.context.deliveries.idle()
    })
    beforeEach(async () => {
      readyTaken = false
      await clearSandboxForNextTest(tikkie)
    })

    const paidFastCheckoutOrder = async () => {
      if (readyTaken) return paidOrderOf((await stroopwafelsAndMugCart(shop, store)).id)
      readyTaken = true
      return (await orderForCart(getContainer(), readyCartId))!
    }
    const adminOrder = async (id: string) =>
      (
        await api.get(`/admin/orders/${id}?fields=id,status,total,summary,*payment_collections.payments.refunds`, {
          headers,
        })
      ).data.order
    const refundsOwed = async (query: string) =>
      (await api.get(`/admin/tikkie/refunds-owed?${query}`, { headers })).data
    const me = async () => (await api.get("/admin/users/me", { headers })).data.user

    it("Medusa's cancel of a Fast Checkout order: a refund owed with the payer and amount, nothing 'refunded' until it is marked; then Medusa records the refund", async () => {
      const order = await paidFastCheckoutOrder()
      const totalInCents = cents(order.total)

      const cancel = await api.post(`/admin/orders/${order.id}/cancel`, {}, { headers })
      expect(cancel.status).toBe(200)

      const canceled = await adminOrder(order.id)
      expect(canceled.status).toBe("canceled")
      expect(canceled.summary.refunded_total).toBe(0)
      expect(canceled.payment_collections[0].payments[0].refunds ?? []).toHaveLength(0)

      const listed = await refundsOwed(`order_id=${order.id}`)
      expect(listed.count).toBe(1)
      const [owed] = listed.refunds_owed
      expect(owed).toEqual(
        expect.objectContaining({
          order_id: order.id,
          amount_in_cents: totalInCents,
          currency_code: "eur",
          payer_name: "Peeters BV, Lotte Peeters",
          payer_account: { email: "lotte.peeters@example.be", phone_number: "+32470123456" },
          source: "cancel",
          status: "owed",
          refunded_at: null,
        })
      )
      expect((await refundsOwed("status=owed")).count).toBe(1)
      expect((await refundsOwed("status=refunded")).count).toBe(0)
      // The Tikkie page's tab counts; this store has no bank account feature, so no reconciliation count. The
      // Belgian payer of a cart taxed for the Netherlands is also a delivery to review.
      expect((await api.get("/admin/tikkie/attention", { headers })).data.attention).toEqual({
        paid_without_order: 0,
        refunds_owed: 1,
        delivery_reviews: 1,
        reconciliation: null,
      })

      // Medusa's Refund button refuses more: the whole payment is a refund owed already, named.
      const paymentId = canceled.payment_collections[0].payments[0].id
      const refused = await api
        .post(`/admin/payments/${paymentId}/refund`, { amount: 1 }, { headers })
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(
        new RegExp(
          `more than is left to refund of this payment: .* owed back by bank transfer already \\(refund owed ${owed.id}\\)`
        )
      )
      expect((await refundsOwed(`order_id=${order.id}`)).count).toBe(1)

      const invalid = await api
        .post(`/admin/tikkie/refunds-owed/${owed.id}/refunded`, { note: "x" }, { headers })
        .catch((e: any) => e.response)
      expect(invalid.status).toBe(400)

      const marked = await api.post(
        `/admin/tikkie/refunds-owed/${owed.id}/refunded`,
        { bank_reference: "NL-OUT-4711", note: "sent from the shop's account" },
        { headers }
      )
      expect(marked.status).toBe(200)
      const user = await me()
      expect(marked.data.refund_owed).toEqual(
        expect.objectContaining({
          status: "refunded",
          refunded_by: user.id,
          bank_reference: "NL-OUT-4711",
          note: "sent from the shop's account",
        })
      )
      expect(Date.now() - new Date(marked.data.refund_owed.refunded_at).getTime()).toBeLessThan(60_000)

      const refunded = await adminOrder(order.id)
      expect(cents(refunded.summary.refunded_total)).toBe(totalInCents)
      // The cancelled order owes nothing and is owed nothing, as after Medusa's own cancel with a refund
      // (which adds a credit line of what it refunded): not "outstanding" again once the refund is recorded.
      expect(Math.abs(refunded.summary.pending_difference)).toBeLessThan(0.005)
      // Medusa's admin shows a credit line's reference as its words: "Tikkie" reads alike in Dutch and English.
      const { data: credited } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: ["credit_lines.reference", "credit_lines.reference_id"],
          filters: { id: order.id },
        })
      expect((credited[0] as any).credit_lines.filter((l: any) => l.reference_id === owed.id)).toEqual([
        { reference: "tikkie", reference_id: owed.id },
      ])
      const refunds = refunded.payment_collections[0].payments[0].refunds
      expect(refunds).toHaveLength(1)
      expect(cents(refunds[0].amount)).toBe(totalInCents)
      expect(refunds[0].note).toMatch(/NL-OUT-4711/)
      expect(marked.data.refund_owed.medusa_refund_id).toBe(refunds[0].id)

      // Marking again changes nothing: still one refund.
      const again = await api.post(
        `/admin/tikkie/refunds-owed/${owed.id}/refunded`,
        { bank_reference: "OTHER" },
        { headers }
      )
      expect(again.data.refund_owed.bank_reference).toBe("NL-OUT-4711")
      expect((await api.get("/admin/tikkie/attention", { headers })).data.attention.refunds_owed).toBe(0)
      expect((await adminOrder(order.id)).payment_collections[0].payments[0].refunds).toHaveLength(1)
    })

    describe("the admin's Refund (Medusa's POST /admin/payments/:id/refund) of a Fast Checkout payment", () => {
      /** Medusa's own admin route, called as the dashboard calls it, with a plain HTTP client. */
      const refund = async (paymentId: string, body: Record<string, unknown>) => {
        const res = await request(`${tikkie.storeUrl}/admin/payments/${paymentId}/refund`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(body),
        })
        return { status: res.statusCode, data: (await res.body.json()) as any }
      }
      const paidOrder = async () => {
        const order = await paidFastCheckoutOrder()
        const paid = await adminOrder(order.id)
        return {
          order,
          paid,
          paymentId: paid.payment_collections[0].payments[0].id as string,
          total: cents(order.total),
        }
      }
      const mark = async (id: string, reference: string) =>
        (await api.post(`/admin/tikkie/refunds-owed/${id}/refunded`, { bank_reference: reference }, { headers })).data
          .refund_owed
      const medusaRefunds = async (orderId: string) =>
        ((await adminOrder(orderId)).payment_collections[0].payments[0].refunds ?? []).map((r: any) => cents(r.amount))

      it("two partial refunds become two refunds owed, nothing booked in Medusa until each bank transfer is marked; more than is left is refused; the rest needs no amount", async () => {
        const { order, paymentId, total } = await paidOrder()

        const first = await refund(paymentId, { amount: 2, note: "goodwill: late delivery" })
        expect(first.status).toBe(200)
        expect(first.data.payment.id).toBe(paymentId)
        const second = await refund(paymentId, { amount: 1.5 })
        expect(second.status).toBe(200)

        const listed = (await refundsOwed(`order_id=${order.id}`)).refunds_owed
        expect(listed.map((r: any) => r.amount_in_cents).sort((a: number, b: number) => a - b)).toEqual([150, 200])
        for (const r of listed) {
          expect(r).toEqual(
            expect.objectContaining({
              source: "refund",
              status: "owed",
              payment_id: paymentId,
              payer_name: "Peeters BV, Lotte Peeters",
              payer_account: { email: "lotte.peeters@example.be", phone_number: "+32470123456" },
            })
          )
        }
        // Medusa's books: paid in full, nothing refunded yet, nothing outstanding.
        const before = await adminOrder(order.id)
        expect(before.summary.refunded_total).toBe(0)
        expect(cents(before.summary.paid_total)).toBe(total)
        expect(Math.abs(before.summary.pending_difference)).toBeLessThan(0.005)
        expect(await medusaRefunds(order.id)).toEqual([])

        // More than is left (paid less what is owed already): refused, nothing recorded.
        const tooMuch = await refund(paymentId, { amount: (total - 350 + 1) / 100 })
        expect(tooMuch.status).toBe(400)
        expect(tooMuch.data.message).toMatch(/more than is left to refund of this payment/)
        expect((await refundsOwed(`order_id=${order.id}`)).count).toBe(2)
        // A fraction of a cent is refused, not rounded.
        const fraction = await refund(paymentId, { amount: 0.005 })
        expect(fraction.status).toBe(400)
        expect(fraction.data.message).toMatch(/amount must be whole cents/)
        expect((await refundsOwed(`order_id=${order.id}`)).count).toBe(2)

        // Each mark books exactly its refund in Medusa, with the credit line Medusa's refund adds.
        const [small, large] = [...listed].sort((a: any, b: any) => a.amount_in_cents - b.amount_in_cents)
        const markedLarge = await mark(large.id, "GW-1")
        expect(markedLarge.status).toBe("refunded")
        expect(await medusaRefunds(order.id)).toEqual([200])
        await mark(small.id, "GW-2")
        await mark(small.id, "GW-2-again")
        expect((await medusaRefunds(order.id)).sort()).toEqual([150, 200])
        const after = await adminOrder(order.id)
        expect(cents(after.summary.refunded_total)).toBe(350)
        expect(Math.abs(after.summary.pending_difference)).toBeLessThan(0.005)

        // The rest, without an amount: one refund owed of what is left, then nothing is left.
        const rest = await refund(paymentId, {})
        expect(rest.status).toBe(200)
        const owedRest = (await refundsOwed(`order_id=${order.id}&status=owed`)).refunds_owed
        expect(owedRest.map((r: any) => r.amount_in_cents)).toEqual([total - 350])
        expect((await refund(paymentId, { amount: 0.01 })).status).toBe(400)
      })

      it("two admins refunding at once, more than is left together: one refund owed, the other refused", async () => {
        const { order, paymentId, total } = await paidOrder()
        // Each a cent more than half of what was paid: either alone is fine, both together are not.
        const moreCents = Math.floor(total / 2) + 1
        const more = moreCents / 100
        const answers = await Promise.all([refund(paymentId, { amount: more }), refund(paymentId, { amount: more })])
        expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
        const listed = (await refundsOwed(`order_id=${order.id}`)).refunds_owed
        expect(listed.map((r: any) => r.amount_in_cents)).toEqual([moreCents])
      })

      it("a refund owed before the cancel: the cancel owes the rest, and marking both refunds exactly what was paid", async () => {
        const { order, paymentId, total } = await paidOrder()
        expect((await refund(paymentId, { amount: 2 })).status).toBe(200)

        expect((await api.post(`/admin/orders/${order.id}/cancel`, {}, { headers })).status).toBe(200)
        const listed = (await refundsOwed(`order_id=${order.id}`)).refunds_owed
        const bySource = Object.fromEntries(listed.map((r: any) => [r.source, r]))
        expect(Object.keys(bySource).sort()).toEqual(["cancel", "refund"])
        expect(bySource.refund.amount_in_cents).toBe(200)
        expect(bySource.cancel.amount_in_cents).toBe(total - 200)
        const canceled = await adminOrder(order.id)
        expect(canceled.status).toBe("canceled")
        expect(canceled.summary.refunded_total).toBe(0)
        // Nothing is left to refund on the cancelled order.
        expect((await refund(paymentId, { amount: 1 })).status).toBe(400)

        await mark(bySource.refund.id, "C-1")
        await mark(bySource.cancel.id, "C-2")
        expect((await medusaRefunds(order.id)).sort((a: number, b: number) => a - b)).toEqual(
          [200, total - 200].sort((a, b) => a - b)
        )
        const settled = await adminOrder(order.id)
        expect(cents(settled.summary.refunded_total)).toBe(total)
        expect(Math.abs(settled.summary.pending_difference)).toBeLessThan(0.005)
      })

      it("after a received return, the admin's Refund of what the order owes back is the return's refund owed, not a second one; only the part beyond it is recorded", async () => {
        const { order, mug, location } = await fulfilledMugOrder()
        await receivedReturn(order.id, mug.item.id, location.id)
        const owedByShop = -cents((await adminOrder(order.id)).summary.pending_difference)
        const returned = await eventually(async () => (await refundsOwed(`order_id=${order.id}`)).refunds_owed[0])
        expect(returned).toEqual(expect.objectContaining({ source: "return", amount_in_cents: owedByShop }))
        const paymentId = (await adminOrder(order.id)).payment_collections[0].payments[0].id

        // What the dashboard offers after a return: refund the amount owed back.
        expect((await refund(paymentId, { amount: owedByShop / 100 })).status).toBe(200)
        expect((await refundsOwed(`order_id=${order.id}`)).refunds_owed).toEqual([
          expect.objectContaining({ id: returned.id, amount_in_cents: owedByShop }),
        ])
        // A euro more: that euro is a refund owed of its own.
        expect((await refund(paymentId, { amount: (owedByShop + 100) / 100 })).status).toBe(200)
        const listed = (await refundsOwed(`order_id=${order.id}`)).refunds_owed
        expect(listed.map((r: any) => [r.source, r.amount_in_cents]).sort()).toEqual(
          [
            ["refund", 100],
            ["return", owedByShop],
          ].sort()
        )
        // Both marked: Medusa refunded exactly both, and the order owes nothing back.
        for (const r of listed) await mark(r.id, `RET-${r.source}`)
        const after = await adminOrder(order.id)
        expect(cents(after.summary.refunded_total)).toBe(owedByShop + 100)
        expect(Math.abs(after.summary.pending_difference)).toBeLessThan(0.005)
      })

      it("one bank transfer marked while Medusa refunds the same amount another way: the provider, deciding under its lock, answers only the refund made for the mark", async () => {
        const { order, paymentId } = await paidOrder()
        expect((await refund(paymentId, { amount: 2 })).status).toBe(200)
        const [owed] = (await refundsOwed(`order_id=${order.id}`)).refunds_owed
        // What "mark refunded" writes before it runs Medusa's refund for it (markBankTransferRefundStep).
        const tikkieRecords = getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
        await tikkieRecords.updateRefundOweds({ id: owed.id, bank_transfer_marked_at: new Date() })
        // Its refund (the metadata names the refund owed, as recordMedusaRefundStep makes it) and another of
        // Medusa's refunds of the same amount reach the provider at once.
        const payments = getContainer().resolve(Modules.PAYMENT)
        const results = await Promise.allSettled([
          payments.refundPayment({
            payment_id: paymentId,
            amount: 2,
            metadata: { tikkie_refund_owed_id: owed.id },
          } as never),
          payments.refundPayment({ payment_id: paymentId, amount: 2 }),
        ])
        expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"])
        expect(await medusaRefunds(order.id)).toEqual([200])
        const [kept] = (
          await getContainer()
            .resolve(ContainerRegistrationKeys.QUERY)
            .graph({ entity: "payment", fields: ["refunds.id", "refunds.metadata"], filters: { id: paymentId } })
        ).data as any[]
        expect(kept.refunds).toEqual([expect.objectContaining({ metadata: { tikkie_refund_owed_id: owed.id } })])

        // Two of Medusa's refunds made for one mark at once (a retry racing the first): one is answered.
        expect((await refund(paymentId, { amount: 3 })).status).toBe(200)
        const [other] = (await refundsOwed(`order_id=${order.id}&status=owed`)).refunds_owed.filter(
          (r: any) => r.amount_in_cents === 300
        )
        await tikkieRecords.updateRefundOweds({ id: other.id, bank_transfer_marked_at: new Date() })
        const twice = await Promise.allSettled(
          [1, 2].map(() =>
            payments.refundPayment({
              payment_id: paymentId,
              amount: 3,
              metadata: { tikkie_refund_owed_id: other.id },
            } as never)
          )
        )
        expect(twice.filter((r) => r.status === "fulfilled")).toHaveLength(1)
        expect((await medusaRefunds(order.id)).sort((x: number, y: number) => x - y)).toEqual([200, 300])
      })

      it("a mark an earlier version kept in the payment's data still counts: the provider answers its refund, and marking the refund owed after the upgrade makes no second one", async () => {
        const { order, paymentId } = await paidOrder()
        expect((await refund(paymentId, { amount: 2 })).status).toBe(200)
        const [owed] = (await refundsOwed(`order_id=${order.id}`)).refunds_owed
        // Where versions before the plugin's own column kept the mark: the Medusa payment's data.
        const payments = getContainer().resolve(Modules.PAYMENT)
        const before = await payments.retrievePayment(paymentId, { select: ["id", "data"] })
        const mark = {
          refundOwedId: owed.id,
          amountInCents: 200,
          bankReference: "OLD-1",
          markedAt: new Date().toISOString(),
        }
        await payments.updatePayment({ id: paymentId, data: { ...before.data, bankTransferRefunds: [mark] } } as never)
        // Medusa's refund made for it (its metadata names the refund owed) reaches the provider after the upgrade.
        await payments.refundPayment({
          payment_id: paymentId,
          amount: 2,
          metadata: { tikkie_refund_owed_id: owed.id },
        } as never)
        expect(await medusaRefunds(order.id)).toEqual([200])

        const { data } = await api.post(
          `/admin/tikkie/refunds-owed/${owed.id}/refunded`,
          { bank_reference: "OLD-1" },
          { headers }
        )
        expect(data.refund_owed).toEqual(expect.objectContaining({ status: "refunded", bank_reference: "OLD-1" }))
        expect(data.refund_owed.medusa_refund_id).toMatch(/^ref/)
        expect(await medusaRefunds(order.id)).toEqual([200])
      })
    })

    describe("what the admin needs to pay a refund owed back", () => {
      /** The app's config as it would read with no notification provider on the e-mail channel; answers the undo. */
      const withoutEmailProvider = () => {
        const config = getContainer().resolve(ContainerRegistrationKeys.CONFIG_MODULE)
        const entry = (config.modules as any)[Modules.NOTIFICATION]
        const kept = entry.options.providers
        entry.options.providers = kept.map((p: any) => ({
          ...p,
          options: { ...p.options, channels: p.options.channels.filter((c: string) => c !== "email") },
        }))
        return () => {
          entry.options.providers = kept
        }
      }
      const cancelled = async () => {
        const order = await paidFastCheckoutOrder()
        await api.post(`/admin/orders/${order.id}/cancel`, {}, { headers })
        const [owed] = (await refundsOwed(`order_id=${order.id}`)).refunds_owed
        const { data } = await api.get(`/admin/orders/${order.id}?fields=display_id`, { headers })
        return { order, owed, displayId: data.order.display_id as number }
      }
      const euros = (c: number) => ({
        nl: `${Math.trunc(c / 100)},${String(c % 100).padStart(2, "0")}`,
        en: `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, "0")}`,
      })

      it("the module links: query.graph reads a refund owed with its order and payment, a Fast Checkout order with Medusa's order and cart", async () => {
        const order = await paidFastCheckoutOrder()
        await api.post(`/admin/orders/${order.id}/cancel`, {}, { headers })
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data: owed } = await query.graph({
          entity: "tikkie_refund_owed",
          fields: ["id", "order.display_id", "payment.id", "payment.provider_id"],
          filters: { order_id: order.id },
        } as never)
        const { data: placed } = await query.graph({
          entity: "order",
          fields: ["display_id", "payment_collections.payments.id"],
          filters: { id: order.id },
        })
        const medusa = placed[0] as any
        expect(owed).toEqual([
          expect.objectContaining({
            order: expect.objectContaining({ display_id: medusa.display_id }),
            payment: {
              id: medusa.payment_collections[0].payments[0].id,
              provider_id: "pp_tikkie-fast-checkout_tikkie",
            },
          }),
        ])
        const { data: checkouts } = await query.graph({
          entity: "tikkie_fast_checkout_order",
          fields: ["medusa_order.id", "checkout_cart.completed_at"],
          filters: { medusa_order_id: order.id },
        } as never)
        expect(checkouts).toEqual([
          expect.objectContaining({
            medusa_order: { id: order.id },
            checkout_cart: expect.objectContaining({ completed_at: expect.anything() }),
          }),
        ])
      })

      it("names the order by its number and, with no IBAN from Tikkie, prepares the e-mail asking the payer for it: in the order's language or the one chosen, sent through Medusa's notification module", async () => {
        const { owed, displayId } = await cancelled()
        expect(owed.order_display_id).toBe(displayId)
        expect(owed.payer_account.iban).toBeUndefined()

        // The Belgian payer's order ships to Belgium and has no locale: English unless the admin picks Dutch.
        const { data: en } = await api.get(`/admin/tikkie/refunds-owed/${owed.id}/iban-request`, { headers })
        expect(en.iban_request).toEqual(
          expect.objectContaining({ to: "lotte.peeters@example.be", language: "en", can_send: true })
        )
        expect(en.iban_request.subject).toBe(
          `Refund of €${euros(owed.amount_in_cents).en} for order #${displayId}: your IBAN, please`
        )
        expect(en.iban_request.text).toMatch(/^Dear Peeters BV, Lotte Peeters,\n/)
        expect(en.iban_request.text).toContain("was cancelled")
        const { data: nl } = await api.get(`/admin/tikkie/refunds-owed/${owed.id}/iban-request?language=nl`, {
          headers,
        })
        expect(nl.iban_request.subject).toMatch(
          new RegExp(
            `^Terugbetaling €\\s${euros(owed.amount_in_cents).nl} voor bestelling #${displayId}: je IBAN graag$`
          )
        )
        expect(nl.iban_request.text).toContain("is geannuleerd")
        const badLanguage = await api
          .get(`/admin/tikkie/refunds-owed/${owed.id}/iban-request?language=fr`, { headers })
          .catch((e: any) => e.response)
        expect(badLanguage.status).toBe(400)

        const { data: sent } = await api.post(
          `/admin/tikkie/refunds-owed/${owed.id}/iban-request`,
          { language: "nl", via: "email" },
          { headers }
        )
        const user = await me()
        expect(sent.refund_owed).toEqual(
          expect.objectContaining({
            iban_requested_via: "email",
            iban_requested_by: user.id,
            iban_requested_by_email: user.email,
          })
        )
        const [notification] = await getContainer()
          .resolve(Modules.NOTIFICATION)
          .listNotifications({ to: "lotte.peeters@example.be", template: "tikkie-refund-iban-request" } as never)
        expect(notification).toEqual(expect.objectContaining({ channel: "email", status: "success" }))
        expect(notification.data).toEqual(
          expect.objectContaining({ subject: nl.iban_request.subject, text: nl.iban_request.text, language: "nl" })
        )
      })

      it("without an e-mail provider the store refuses to send and the admin's mail program is the way; the IBAN the payer sends is kept (checked), then marking names the admin by e-mail", async () => {
        const { owed } = await cancelled()
        // The store's config with no provider on the e-mail channel, as the notification module reads it.
        const restore = withoutEmailProvider()
        try {
          const { data } = await api.get(`/admin/tikkie/refunds-owed/${owed.id}/iban-request`, { headers })
          expect(data.iban_request.can_send).toBe(false)
          const refused = await api
            .post(`/admin/tikkie/refunds-owed/${owed.id}/iban-request`, { language: "en", via: "email" }, { headers })
            .catch((e: any) => e.response)
          expect(refused.status).toBe(400)
          expect(refused.data.message).toMatch(/no e-mail provider .*open the e-mail in your mail program/)
          expect(refused.data.code).toBe("tikkie_no_email_provider")
          expect((await refundsOwed(`order_id=${owed.order_id}`)).refunds_owed[0].iban_requested_at).toBeNull()
          const { data: byMailProgram } = await api.post(
            `/admin/tikkie/refunds-owed/${owed.id}/iban-request`,
            { language: "en", via: "mailto" },
            { headers }
          )
          expect(byMailProgram.refund_owed.iban_requested_via).toBe("mailto")

          const invalid = await api
            .post(`/admin/tikkie/refunds-owed/${owed.id}/payer-account`, { iban: "BE68 5390 0754 7035" }, { headers })
            .catch((e: any) => e.response)
          expect(invalid.status).toBe(400)
          expect(invalid.data.message).toMatch(/iban is not a valid IBAN/)
          const { data: kept } = await api.post(
            `/admin/tikkie/refunds-owed/${owed.id}/payer-account`,
            { iban: "be68 5390 0754 7034", account_holder: "L. Peeters" },
            { headers }
          )
          expect(kept.refund_owed.payer_account).toEqual({
            email: "lotte.peeters@example.be",
            phone_number: "+32470123456",
            iban: "BE68539007547034",
            account_holder: "L. Peeters",
            iban_source: "payer",
          })

          const { data: marked } = await api.post(
            `/admin/tikkie/refunds-owed/${owed.id}/refunded`,
            { bank_reference: "NL-OUT-1" },
            { headers }
          )
          expect(marked.refund_owed.refunded_by_email).toBe((await me()).email)
          const late = await api
            .post(`/admin/tikkie/refunds-owed/${owed.id}/payer-account`, { iban: "NL91ABNA0417164300" }, { headers })
            .catch((e: any) => e.response)
          expect(late.status).toBe(400)
          expect(late.data.message).toMatch(/already refunded/)
          expect(late.data.code).toBe("tikkie_refund_owed_refunded")
          const lateAsk = await api
            .get(`/admin/tikkie/refunds-owed/${owed.id}/iban-request`, { headers })
            .catch((e: any) => e.response)
          expect(lateAsk.status).toBe(400)
          expect(lateAsk.data.code).toBe("tikkie_refund_owed_refunded")
        } finally {
          restore()
        }
      })
    })

    /** A paid Fast Checkout order with its mug fulfilled, as a return, claim or exchange needs. */
    const fulfilledMugOrder = async () => {
      const order = await paidFastCheckoutOrder()
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: items } = await query.graph({
        entity: "order_item",
        fields: ["item.id", "item.title", "item.unit_price", "quantity"],
        filters: { order_id: order.id },
      } as never)
      const mug = (items as any[]).find((i) => /mok/i.test(i.item.title)) ?? items[0]
      const [location] = await getContainer().resolve(Modules.STOCK_LOCATION).listStockLocations({})
      await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { items: [{ id: mug.item.id, quantity: 1 }], location_id: location.id },
        { headers }
      )
      return { order, mug, location }
    }

    /** The admin's return routes, as the dashboard calls them: one item requested back, then received. */
    const receivedReturn = async (orderId: string, itemId: string, locationId: string): Promise<string> => {
      const { data: created } = await api.post(
        "/admin/returns",
        { order_id: orderId, location_id: locationId },
        { headers }
      )
      const returnId = created.return.id
      await api.post(`/admin/returns/${returnId}/request-items`, { items: [{ id: itemId, quantity: 1 }] }, { headers })
      await api.post(`/admin/returns/${returnId}/request`, {}, { headers })
      await api.post(`/admin/returns/${returnId}/receive`, {}, { headers })
      await api.post(`/admin/returns/${returnId}/receive-items`, { items: [{ id: itemId, quantity: 1 }] }, { headers })
      await api.post(`/admin/returns/${returnId}/receive/confirm`, {}, { headers })
      return returnId
    }

    it("a return received through Medusa's return workflow: the money owed back becomes a refund owed; marking it settles the order's difference", async () => {
      const { order, mug, location } = await fulfilledMugOrder()

      await receivedReturn(order.id, mug.item.id, location.id)
      const before = await adminOrder(order.id)
      const owedByShop = -cents(before.summary.pending_difference)
      expect(owedByShop).toBeGreaterThan(0)
      expect(before.summary.refunded_total).toBe(0)

      const owed = await eventually(async () => (await refundsOwed(`order_id=${order.id}`)).refunds_owed[0])
      expect(owed).toEqual(
        expect.objectContaining({
          source: "return",
          status: "owed",
          amount_in_cents: owedByShop,
          payer_name: "Peeters BV, Lotte Peeters",
        })
      )

      await api.post(`/admin/tikkie/refunds-owed/${owed.id}/refunded`, { bank_reference: "RET-1" }, { headers })
      const after = await adminOrder(order.id)
      expect(cents(after.summary.refunded_total)).toBe(owedByShop)
      // Medusa's amounts have more decimals than a cent: within half a cent is settled.
      expect(Math.abs(after.summary.pending_difference)).toBeLessThanOrEqual(0.005)
      expect(after.payment_collections[0].payments[0].refunds).toHaveLength(1)
    })

    it("recordRefundOwedAfterOrderChangeWorkflow: a failure after the refunds owed were recorded takes them out again, and the next run records them once", async () => {
      const { order, mug, location } = await fulfilledMugOrder()
      const returnId = await receivedReturn(order.id, mug.item.id, location.id)
      // The subscriber recorded it; taken away here to see the workflow record it (as a lost event would leave it).
      const recorded = await eventually(async () => (await refundsOwed(`order_id=${order.id}`)).refunds_owed[0])
      const tikkieRecords = getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
      await tikkieRecords.deleteRefundOweds(recorded.id)
      const change = { order_id: order.id, source: "return" as const, change_id: returnId }

      const { errors } = await failingAfter(
        recordRefundOwedAfterOrderChangeWorkflow(getContainer()),
        recordRefundsOwedForOrderChangeStepId
      ).run({ input: change, throwOnError: false })
      expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])
      expect((await refundsOwed(`order_id=${order.id}`)).count).toBe(0)

      const { result } = await recordRefundOwedAfterOrderChangeWorkflow(getContainer()).run({ input: change })
      expect(result).toHaveLength(1)
      await recordRefundOwedAfterOrderChangeWorkflow(getContainer()).run({ input: change })
      const listed = await refundsOwed(`order_id=${order.id}`)
      expect(listed.refunds_owed).toEqual([
        expect.objectContaining({ source: "return", amount_in_cents: recorded.amount_in_cents }),
      ])
    })

    it("a refund claim confirmed through Medusa's claim routes: what the order owes back becomes a refund owed", async () => {
      const { order, mug } = await fulfilledMugOrder()
      const { data: created } = await api.post("/admin/claims", { order_id: order.id, type: "refund" }, { headers })
      const claimId = created.claim.id
      await api.post(
        `/admin/claims/${claimId}/inbound/items`,
        { items: [{ id: mug.item.id, quantity: 1, reason: "production_failure" }] },
        { headers }
      )
      await api.post(`/admin/claims/${claimId}/request`, {}, { headers })
      const before = await adminOrder(order.id)
      const owedByShop = -cents(before.summary.pending_difference)
      expect(owedByShop).toBeGreaterThan(0)

      const owed = await eventually(async () => (await refundsOwed(`order_id=${order.id}`)).refunds_owed[0])
      expect(owed).toEqual(
        expect.objectContaining({
          source: "claim",
          status: "owed",
          amount_in_cents: owedByShop,
          payer_name: "Peeters BV, Lotte Peeters",
        })
      )
      expect((await adminOrder(order.id)).summary.refunded_total).toBe(0)
    })

    it("an exchange for a cheaper item confirmed through Medusa's exchange routes: the difference owed back becomes a refund owed", async () => {
      const { order, mug, location } = await fulfilledMugOrder()
      const { data: created } = await api.post("/admin/exchanges", { order_id: order.id }, { headers })
      const exchangeId = created.exchange.id
      await api.post(
        `/admin/exchanges/${exchangeId}/inbound/items`,
        { items: [{ id: mug.item.id, quantity: 1 }], location_id: location.id },
        { headers }
      )
      // One pack of stroopwafels for the mug: cheaper, so the shop owes the difference back.
      await api.post(
        `/admin/exchanges/${exchangeId}/outbound/items`,
        { items: [{ variant_id: store.variantIds["stroopwafels-1"], quantity: 1 }] },
        { headers }
      )
      await api.post(`/admin/exchanges/${exchangeId}/request`, {}, { headers })
      const before = await adminOrder(order.id)
      const owedByShop = -cents(before.summary.pending_difference)
      expect(owedByShop).toBeGreaterThan(0)

      const owed = await eventually(async () => (await refundsOwed(`order_id=${order.id}`)).refunds_owed[0])
      expect(owed).toEqual(expect.objectContaining({ source: "exchange", status: "owed", amount_in_cents: owedByShop }))
      expect((await adminOrder(order.id)).summary.refunded_total).toBe(0)
    })

    it("refund at Tikkie takes no body: a field is refused with 400 before anything is read", async () => {
      const refused = await api
        .post(`/admin/tikkie/refunds-owed/tkro_none/refund-at-tikkie`, { amount_in_cents: 100 }, { headers })
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data).toEqual({ type: "invalid_data", message: "Invalid body: unknown field amount_in_cents" })
    })

    describe("mark refunded (markRefundOwedRefundedWorkflow)", () => {
      const cancelledWithRefundOwed = async () => {
        const order = await paidFastCheckoutOrder()
        await api.post(`/admin/orders/${order.id}/cancel`, {}, { headers })
        const [owed] = (await refundsOwed(`order_id=${order.id}`)).refunds_owed
        return { order, owed }
      }
      const paymentData = async (orderId: string) => (await adminOrder(orderId)).payment_collections[0].payments[0]
      /** The payment's refunds owed marked sent by bank transfer (what the provider answers a refund for). */
      const marks = async (paymentId: string) =>
        (
          await getContainer()
            .resolve<TikkieModuleService>(TIKKIE_MODULE)
            .listRefundOweds({ payment_id: paymentId, bank_transfer_marked_at: { $ne: null } } as never)
        ).map((r) => ({ refundOwedId: r.id }))
      const input = (id: string) => ({ id, bank_reference: "WF-1", actor_id: "user_test" })

      it("Medusa refusing the refund takes the mark off again: nothing refunded, the refund owed stays owed, and marking again works", async () => {
        const { order, owed } = await cancelledWithRefundOwed()
        // More than the payment holds: Medusa's refund workflow refuses it, after the mark was written.
        const tikkieRecords = getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
        await tikkieRecords.updateRefundOweds({ id: owed.id, amount_in_cents: owed.amount_in_cents + 100 })
        const refused = await api
          .post(`/admin/tikkie/refunds-owed/${owed.id}/refunded`, { bank_reference: "WF-1" }, { headers })
          .catch((e: any) => e.response)
        expect(refused.status).toBeGreaterThanOrEqual(400)
        expect(await marks(owed.payment_id)).toEqual([])
        expect((await paymentData(order.id)).refunds ?? []).toHaveLength(0)
        expect((await refundsOwed(`order_id=${order.id}`)).refunds_owed[0].status).toBe("owed")

        // The lock was released: with the right amount the admin's mark goes through at once.
        await tikkieRecords.updateRefundOweds({ id: owed.id, amount_in_cents: owed.amount_in_cents })
        const { data } = await api.post(
          `/admin/tikkie/refunds-owed/${owed.id}/refunded`,
          { bank_reference: "WF-2" },
          { headers }
        )
        expect(data.refund_owed).toEqual(expect.objectContaining({ status: "refunded", bank_reference: "WF-2" }))
        expect((await paymentData(order.id)).refunds).toHaveLength(1)
        expect(await marks(owed.payment_id)).toHaveLength(1)
      })

      it("two refunds owed of one payment marked at once: both marks kept, both refunds in Medusa", async () => {
        const { order, owed } = await cancelledWithRefundOwed()
        // The cancel's refund owed split in two (as a return and a cancel of the same payment leave them).
        const tikkieRecords = getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
        const half = Math.floor(owed.amount_in_cents / 2)
        await tikkieRecords.updateRefundOweds({ id: owed.id, amount_in_cents: half })
        const {
          id: _id,
          created_at: _c,
          updated_at: _u,
          deleted_at: _d,
          ...rest
        } = await tikkieRecords.retrieveRefundOwed(owed.id)
        const other = await tikkieRecords.createRefundOweds({
          ...rest,
          key: `${rest.key}:split`,
          source: "return",
          amount_in_cents: owed.amount_in_cents - half,
        } as never)

        const answers = await Promise.all(
          [owed.id, other.id].map((id, i) =>
            api
              .post(`/admin/tikkie/refunds-owed/${id}/refunded`, { bank_reference: `BOTH-${i}` }, { headers })
              .catch((e: any) => e.response)
          )
        )
        expect(answers.map((a) => a.status)).toEqual([200, 200])
        expect((await marks(owed.payment_id)).map((m) => m.refundOwedId).sort()).toEqual([owed.id, other.id].sort())
        expect(
          ((await paymentData(order.id)).refunds ?? [])
            .map((r: any) => cents(Number(r.amount)))
            .sort((a: number, b: number) => a - b)
        ).toEqual([half, owed.amount_in_cents - half].sort((a, b) => a - b))
      })

      it("a failure after the refund owed is marked puts it back to owed; Medusa's refund (money that did go back) stays, and marking again makes no second one", async () => {
        const { order, owed } = await cancelledWithRefundOwed()
        const { errors } = await failingAfter(
          markRefundOwedRefundedWorkflow(getContainer()),
          setRefundOwedRefundedStepId
        ).run({ input: input(owed.id), throwOnError: false })
        expect(errors).toHaveLength(1)
        expect((await refundsOwed(`order_id=${order.id}`)).refunds_owed[0]).toEqual(
          expect.objectContaining({ status: "owed", bank_reference: null, medusa_refund_id: null })
        )
        const refunds = (await paymentData(order.id)).refunds
        expect(refunds).toHaveLength(1)

        const { data } = await api.post(
          `/admin/tikkie/refunds-owed/${owed.id}/refunded`,
          { bank_reference: "WF-3" },
          { headers }
        )
        expect(data.refund_owed).toEqual(
          expect.objectContaining({ status: "refunded", medusa_refund_id: refunds[0].id })
        )
        expect((await paymentData(order.id)).refunds).toHaveLength(1)
        // The undone credit line was made again, once: the cancelled order owes nothing.
        const settled = await adminOrder(order.id)
        expect(Math.abs(settled.summary.pending_difference)).toBeLessThan(0.005)
        expect(cents(settled.summary.credit_line_total)).toBe(owed.amount_in_cents)
      })
    })
  },
})
