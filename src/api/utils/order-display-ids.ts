import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * The orders' numbers as Medusa's admin shows them ("#1"), for lists that hold Medusa order ids: one
 * query for the page. Answers a lookup: null for no id or an id with no order (deleted).
 */
export async function orderDisplayIds(
  container: MedusaContainer,
  orderIds: Array<string | null | undefined>
): Promise<(orderId: string | null | undefined) => number | null> {
  const ids = [...new Set(orderIds.filter((id): id is string => !!id))]
  const numbers = new Map<string, number>()
  if (ids.length) {
    const { data } = await container
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({ entity: "order", fields: ["id", "display_id"], filters: { id: ids } })
    for (const o of data as Array<{ id: string; display_id: number }>) numbers.set(o.id, o.display_id)
  }
  return (orderId) => (orderId ? (numbers.get(orderId) ?? null) : null)
}
