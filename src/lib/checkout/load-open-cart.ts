import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

/** The cart with the given fields, refused clearly when it does not exist or was completed already. */
export async function loadOpenCart<T extends { completed_at?: string | Date | null }>(container: MedusaContainer, cartId: string, fields: string[]): Promise<T> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields, filters: { id: cartId } })
  const cart = data[0] as T | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found.`)
  if (cart.completed_at) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Cart ${cartId} is already completed.`)
  return cart
}
