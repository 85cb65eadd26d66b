import type { BigNumberInput } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, PaymentCollectionStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

type OrderCollection = {
  id: string
  status: string
  amount?: BigNumberInput | null
  raw_amount?: BigNumberInput | null
  payment_sessions?: Array<{ id: string }> | null
}

export interface ReusableCollection {
  id: string
  amount: string
}

/** A decimal string from Medusa's BigNumber, never a float, which could change a long amount. */
export function amountToRestore(collection: Pick<OrderCollection, "amount" | "raw_amount">): string {
  return MathBN.convert(collection.raw_amount ?? collection.amount ?? 0).toFixed()
}

export const findReusableOrderCollectionStepId = "tikkie-find-reusable-order-collection"

/**
 * An unpaid collection Medusa added for an order edit, with no session yet: a link takes it over, so the
 * order does not read "partially captured" for ever. Read only.
 */
export const findReusableOrderCollectionStep = createStep(
  findReusableOrderCollectionStepId,
  async (input: { orderId: string }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "payment_collections.id",
        "payment_collections.status",
        "payment_collections.amount",
        "payment_collections.raw_amount",
        "payment_collections.payment_sessions.id",
      ],
      filters: { id: input.orderId },
    })
    const collections = (
      (data[0] as { payment_collections?: OrderCollection[] } | undefined)?.payment_collections ?? []
    ).filter(Boolean)
    const unused = collections.find(
      (c) => c.status === PaymentCollectionStatus.NOT_PAID && !(c.payment_sessions ?? []).length
    )
    const found: ReusableCollection | null = unused ? { id: unused.id, amount: amountToRestore(unused) } : null
    return new StepResponse(found)
  }
)
