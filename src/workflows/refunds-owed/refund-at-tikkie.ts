import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"
import { asReferenceId, refundDescription } from "../../providers/payment-request/description"
import { storedPayment } from "../../providers/payment-request/session-data"
import { paymentRequestsClient } from "../../lib/payment-request/provider-options"

/**
 * A second payment on a v2 link refunded through Tikkie (v2 refunds any payment of a request): the
 * refund carries the refund owed's id as referenceId, and one already made with it is found at Tikkie
 * first, so a retry after a lost answer never refunds twice. The refund owed is then marked refunded
 * with Tikkie's refund as its reference. Medusa holds no record of this money, so nothing changes there.
 */
export async function refundOwedAtTikkie(container: MedusaContainer, input: { id: string; actor_id: string }) {
  return container.resolve(Modules.LOCKING).execute(`tikkie:refund-owed:${input.id}`, () => refundUnderLock(container, input), { timeout: 30 })
}

async function refundUnderLock(container: MedusaContainer, input: { id: string; actor_id: string }) {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [owed] = await tikkie.listRefundOweds({ id: input.id })
  if (!owed) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Refund owed ${input.id} was not found.`)
  if (owed.status === "refunded") return owed
  const [record] = owed.payment_request_token ? await tikkie.listPaymentRequests({ payment_request_token: owed.payment_request_token }) : []
  if (!owed.refundable_at_tikkie || !record || !owed.tikkie_payment_token) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Only a second payment on a payment request link (v2) can be refunded at Tikkie; pay this one back by bank transfer and mark it refunded."
    )
  }
  const { client } = paymentRequestsClient(container, record.provider_id)
  const payment = storedPayment(await client.getPayment(record.payment_request_token, owed.tikkie_payment_token))
  const amountInCents = Number(owed.amount_in_cents)
  const refund =
    payment.refunds.find((r) => r.referenceId === owed.id) ??
    (await client.createRefund(
      record.payment_request_token,
      payment.paymentToken,
      {
        amountInCents,
        description: refundDescription(payment.refunds.length + 1, record.description),
        ...(asReferenceId(owed.id) ? { referenceId: owed.id } : {}),
      },
      { paidInCents: payment.amountInCents, refundedInCents: payment.refunds.reduce((s, r) => s + r.amountInCents, 0) }
    ))
  return tikkie.updateRefundOweds({
    id: owed.id,
    status: "refunded",
    refunded_by: input.actor_id,
    refunded_at: new Date(),
    bank_reference: `Tikkie refund ${refund.refundToken}`,
    note: "Refunded at Tikkie",
  })
}
