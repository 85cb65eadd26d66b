import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { ShopperConflictError } from "../../../utils/shopper-conflict-error"
import { SHOPPER_MESSAGES, type ShopperLanguage } from "./shopper-messages"

/**
 * The cart with the given fields, refused clearly when it does not exist (404) or was completed already
 * (409 with a message for the shopper, in their language: the storefront shows it, and offers no payment).
 */
export async function loadOpenCart<T extends { completed_at?: string | Date | null }>(
  container: MedusaContainer,
  cartId: string,
  fields: string[],
  language: ShopperLanguage = "en"
): Promise<T> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields, filters: { id: cartId } })
  const cart = data[0] as T | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found.`)
  if (cart.completed_at) throw new ShopperConflictError(SHOPPER_MESSAGES[language].cartCompleted)
  return cart
}
