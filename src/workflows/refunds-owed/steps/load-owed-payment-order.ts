import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const loadOwedPaymentOrderStepId = "tikkie-load-owed-payment-order"

/** A Medusa payment's id and its order's (null when it belongs to none); 404 when there is no such payment. */
export const loadOwedPaymentOrderStep = createStep(loadOwedPaymentOrderStepId, async (id: string, { container }) => {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "payment", fields: ["id", "payment_collection.order.id"], filters: { id } })
  const payment = data[0] as { id: string; payment_collection?: { order?: { id: string } | null } | null } | undefined
  if (!payment) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment with id: ${id} was not found`)
  return new StepResponse({ id: payment.id, order_id: payment.payment_collection?.order?.id ?? null })
})
