import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorMessage } from "../../utils/error-message"
import { recordRefundsOwedAfterCancel, type OrderBeforeCancel } from "../refunds-owed/utils/refunds-owed-after-cancel"

/**
 * Medusa's cancel workflow (`POST /admin/orders/:id/cancel`) refunds captured payments: for a payment
 * Tikkie cannot refund, the plugin records a refund owed and takes back the refund the workflow booked
 * on the order. Run in the workflow (not on the order.canceled event) so the order never reads
 * "refunded" in between. A failure here is logged and never stops the shop's cancel.
 */
cancelOrderWorkflow.hooks.orderCanceled(async ({ order }, { container }) => {
  try {
    await recordRefundsOwedAfterCancel(container, order as unknown as OrderBeforeCancel)
  } catch (e) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(
        `Tikkie: recording the refund owed of cancelled order ${(order as { id: string }).id} failed: ${errorMessage(e)}`
      )
  }
})
