import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { asReferenceId, refundDescription } from "../../../providers/payment-request/description"
import { storedPayment } from "../../../providers/payment-request/session-data"
import { paymentRequestConnection } from "../../payment-request/utils/payment-request-providers"
import { codedAdminRefusal } from "../../../utils/admin-error"

export const refundAtTikkieStepId = "tikkie-refund-owed-at-tikkie"

export interface RefundAtTikkieInput {
  id: string
  amount_in_cents: unknown
  refundable_at_tikkie: boolean | null
  payment_request_token: string | null
  tikkie_payment_token: string | null
}

/**
 * Refunds a second payment on a v2 link at Tikkie (v2 refunds any payment of a request), carrying the
 * refund owed's id as referenceId; a refund already made with it is found at Tikkie first. Answers
 * Tikkie's refundToken.
 *
 * Not undone: the money was paid out. A failure after it leaves the refund owed owed, and the next
 * attempt finds this refund by its reference instead of refunding twice.
 */
export const refundAtTikkieStep = createStep(refundAtTikkieStepId, async (owed: RefundAtTikkieInput, { container }) => {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [record] = owed.payment_request_token
    ? await tikkie.listPaymentRequests({ payment_request_token: owed.payment_request_token })
    : []
  if (!owed.refundable_at_tikkie || !record || !owed.tikkie_payment_token) {
    throw codedAdminRefusal(
      "tikkie_refund_owed_not_at_tikkie",
      "Only a second payment on a payment request link (v2) can be refunded at Tikkie; pay this one back by bank transfer and mark it refunded."
    )
  }
  const { client } = await paymentRequestConnection(container, record.provider_id)
  const payment = storedPayment(await client.getPayment(record.payment_request_token, owed.tikkie_payment_token))
  const refund =
    payment.refunds.find((r) => r.referenceId === owed.id) ??
    (await client.createRefund(
      record.payment_request_token,
      payment.paymentToken,
      {
        amountInCents: Number(owed.amount_in_cents),
        description: refundDescription(payment.refunds.length + 1, record.description),
        ...(asReferenceId(owed.id) ? { referenceId: owed.id } : {}),
      },
      { paidInCents: payment.amountInCents, refundedInCents: payment.refunds.reduce((s, r) => s + r.amountInCents, 0) }
    ))
  return new StepResponse(refund.refundToken)
})
