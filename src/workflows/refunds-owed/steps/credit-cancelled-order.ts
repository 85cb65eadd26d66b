import type { IOrderModuleService } from "@medusajs/framework/types"
import { ChangeActionType, Modules, OrderChangeType, OrderStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { fromCents } from "../../../utils/medusa-money"

export const creditCancelledOrderStepId = "tikkie-credit-cancelled-order"

/**
 * Marks the credit line as this refund owed's (with its id as reference_id), so a retry finds it and adds
 * no second one. Medusa's admin shows the reference as the line's words, in every admin language alike:
 * "Tikkie" reads the same in Dutch and English ("tikkie_refund_owed" read "(Tikkie Refund Owed)" there).
 */
export const REFUND_OWED_CREDIT_LINE_REFERENCE = "tikkie"
/** The reference of credit lines made before, still recognised by a retry. */
const EARLIER_CREDIT_LINE_REFERENCES = ["tikkie_refund_owed"]

export interface CreditCancelledOrderInput {
  refundOwedId: string
  orderId: string | null
  amountInCents: number
  actorId: string
}

/**
 * What Medusa's cancel does right after it refunds a payment, done when the refund is recorded: a credit
 * line of the refunded amount, so the cancelled order's total drops by what went back. Without it the
 * order reads "paid X, refunded X, total X" and Medusa's summary says the customer owes X again (and the
 * widget would offer a payment link). Medusa's own credit-line workflow refuses a cancelled order, so the
 * same order change (type credit_line, action CREDIT_LINE_ADD, confirmed) is made through the order
 * module. Only for a cancelled order: a return, claim or exchange already holds its difference.
 *
 * Idempotent: the credit line carries the refund owed's id; a retry that finds it adds nothing. Undone
 * by Medusa's own undo of the order's last change, then the change is deleted.
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
    // As Medusa's own steps compensate: the confirm is undone (the change goes back to pending, the credit
    // line is removed), then the change itself is deleted, so it blocks no later change of the order.
    await orders.undoLastChange(made.orderId, { id: made.changeId } as never)
    await orders.deleteOrderChanges(made.changeId)
  }
)
