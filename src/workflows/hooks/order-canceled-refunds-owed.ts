import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorMessage } from "../../utils/error-message"
import { recordRefundsOwedAfterCancel, type OrderBeforeCancel } from "../refunds-owed/utils/refunds-owed-after-cancel"

/**
 * In the cancel workflow (not on order.canceled) so the order never reads "refunded" meanwhile; a
 * failure is logged and never stops the shop's cancel.
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
