import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { paymentInFull, type StoredPayment } from "../../../providers/payment-request/session-data"
import { paymentRequestPayer } from "../../refunds-owed/utils/owed-payment"
import { recordRefundOwed } from "../../refunds-owed/utils/record-refund-owed"
import type { PaymentRequestRecord } from "./record-payment-request"

/**
 * A fixed-amount link that became a Medusa payment can still be paid again (the link shared, paid on
 * two devices at once): Medusa holds one payment, the shop received two. Each payment beyond the one
 * Medusa settled becomes a problem on the record (the admin's problem list), an error in the log, and
 * a refund owed of its own (key `second_payment:<paymentToken>`, so a settlement repeated on any
 * instance records it once). v1 cannot refund: the shop pays it back by bank transfer. v2 can: the
 * admin refunds that payment at Tikkie (the refunds-owed route `refund-at-tikkie`), or by bank transfer.
 */
export async function recordExtraPayments(
  container: MedusaContainer,
  record: PaymentRequestRecord,
  payments: StoredPayment[],
  v1: boolean
): Promise<void> {
  if (record.kind === "invoice" || record.amount_in_cents === null) return
  const settled = paymentInFull({ amountInCents: Number(record.amount_in_cents), payments })
  const extra = payments.filter((p) => p !== settled)
  if (!extra.length) return
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const known = new Set(
    (await tikkie.listRefundOweds({ key: extra.map((p) => `second_payment:${p.paymentToken}`) })).map(
      (r) => r.tikkie_payment_token
    )
  )
  for (const payment of extra.filter((p) => !known.has(p.paymentToken))) {
    const owed = await recordRefundOwed(container, {
      key: `second_payment:${payment.paymentToken}`,
      order_id: record.order_id,
      payment_id: record.medusa_payment_id,
      provider_id: record.provider_id,
      amount_in_cents: payment.amountInCents,
      currency_code: record.currency_code,
      ...paymentRequestPayer(payment),
      source: "second_payment",
      reason: v1
        ? "The link was paid a second time; Tikkie v1 cannot refund it: pay it back by bank transfer."
        : "The link was paid a second time: refund this payment at Tikkie (Refund at Tikkie) or by bank transfer.",
      payment_request_token: record.payment_request_token,
      tikkie_payment_token: payment.paymentToken,
      refundable_at_tikkie: !v1,
    })
    // The admin's problem list names the payer; the log gives ids only.
    const paid = `paid a second time (payment ${payment.tikkieId}, ${payment.amountInCents} cents`
    await tikkie.updatePaymentRequests({
      id: record.id,
      problem: `${paid} by ${payment.counterPartyName ?? "an unknown payer"}): refund owed ${owed.id}`,
    })
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .error(
        `Tikkie payment request ${record.payment_request_token} of order ${record.order_id ?? "-"} was ${paid}): ` +
          `refund owed ${owed.id}. Medusa holds only the first payment; the extra money must go back to the payer.`
      )
  }
}
