import type { IOrderModuleService } from "@medusajs/framework/types"
import { ChangeActionType, Modules, OrderChangeType, OrderStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { fromCents } from "../../../utils/medusa-money"

export const creditCancelledOrderStepId = "tikkie-credit-cancelled-order"

/** The credit line's reference_id, which a retry finds; Medusa's admin shows it as the words, in any language. */
export const REFUND_OWED_CREDIT_LINE_REFERENCE = "tikkie"
const EARLIER_CREDIT_LINE_REFERENCES = ["tikkie_refund_owed"]

export interface CreditCancelledOrderInput {
  refundOwedId: string
  orderId: string | null
  amountInCents: number
  actorId: string
}

/**
 * A credit line of the refunded amount on a cancelled order, as Medusa's cancel makes after a refund:
 * else Medusa's summary says the customer owes it again. Made through the order module, as Medusa's
 * credit-line workflow refuses a cancelled order. Idempotent by the refund owed's id.
 */
export const creditCancelledOrderStep = createStep(
  creditCancelledOrderStepId,
  async (input: CreditCancelledOrderInput, { container }) => {
    if (!input.orderId) return new StepResponse(null, null)
    const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
    const order = await orders.retrieveOrder(input.orderId, { select: ["id", "status"], relations: ["credit_lines"] })
    if (order.status !== OrderStatus.CANCELED) return new StepResponse(null, null)
    const credited = (order.credit_lines ?? []).some(
      (l) =>
        [REFUND_OWED_CREDIT_LINE_REFERENCE, ...EARLIER_CREDIT_LINE_REFERENCES].includes(l.reference ?? "") &&
        l.reference_id === input.refundOwedId
    )
    if (credited) return new StepResponse(null, null)

    const change = await orders.createOrderChange({
      order_id: order.id,
      change_type: OrderChangeType.CREDIT_LINE,
      created_by: input.actorId,
    })
    await orders.addOrderAction({
      order_change_id: change.id,
      order_id: order.id,
      version: change.version,
      action: ChangeActionType.CREDIT_LINE_ADD,
      reference: REFUND_OWED_CREDIT_LINE_REFERENCE,
      reference_id: input.refundOwedId,
      amount: fromCents(input.amountInCents),
    })
    await orders.confirmOrderChange({ id: change.id, confirmed_by: input.actorId })
    return new StepResponse(change.id, { orderId: order.id, changeId: change.id })
  },
  async (made, { container }) => {
    if (!made) return
    const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
    // As Medusa's own steps compensate: undo the confirm, then delete the change so it blocks no later one.
    await orders.undoLastChange(made.orderId, { id: made.changeId } as never)
    await orders.deleteOrderChanges(made.changeId)
  }
)
