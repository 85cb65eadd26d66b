import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** The name the payer sees first: the provider's storeName option, else Medusa's store settings. */
export async function storeNameFor(container: MedusaContainer, option?: string): Promise<string> {
  if (option) return option
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "store", fields: ["name"], pagination: { take: 1 } })
  return ((data[0] as { name?: string } | undefined)?.name || "Online order").trim()
}
