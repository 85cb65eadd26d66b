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
  /** Its amount now, exact (a decimal string of Medusa's BigNumber), to give back if the workflow fails. */
  amount: string
}

/**
 * A collection's amount as it is stored, in Medusa's BigNumber math (its raw `{ value, precision }` first):
 * a decimal string, which the workflow keeps as it is and Medusa takes back as a BigNumberInput. Never a
 * float: an amount with more digits than a double holds would come back changed.
 */
export function amountToRestore(collection: Pick<OrderCollection, "amount" | "raw_amount">): string {
  return MathBN.convert(collection.raw_amount ?? collection.amount ?? 0).toFixed()
}

export const findReusableOrderCollectionStepId = "tikkie-find-reusable-order-collection"

/**
 * An unpaid payment collection of the order that no session uses yet: an order edit that raises the total
 * makes Medusa add one for the difference, and a link for that money takes it over (its amount set to the
 * link's), so the order does not keep an unpaid collection next to the paid link and read "partially
 * captured" for ever. A collection that already has sessions (another link) is never taken over.
 * Read only.
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
