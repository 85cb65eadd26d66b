import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { bankTransferRefundsOf, REFUND_OWED_METADATA_KEY } from "../../../providers/shared/bank-transfer-refunds"

/**
 * Medusa's refund made for a refund owed: the oldest naming it in its metadata, or the one an earlier
 * version's mark in the payment's data names (so an upgraded store never refunds a mark twice).
 */
export async function medusaRefundOfMark(
  container: MedusaContainer,
  paymentId: string,
  refundOwedId: string
): Promise<string | undefined> {
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const [refunds, payment] = await Promise.all([
    payments.listRefunds({ payment_id: paymentId }, { select: ["id", "metadata"], order: { created_at: "ASC" } }),
    payments.retrievePayment(paymentId, { select: ["id", "data"] }),
  ])
  const named = (refunds as Array<{ id: string; metadata?: Record<string, unknown> | null }>).find(
    (r) => r.metadata?.[REFUND_OWED_METADATA_KEY] === refundOwedId
  )
  if (named) return named.id
  const legacy = bankTransferRefundsOf(payment.data ?? undefined).find((r) => r.refundOwedId === refundOwedId)
  return legacy?.medusaRefundId && refunds.some((r) => r.id === legacy.medusaRefundId)
    ? legacy.medusaRefundId
    : undefined
}
