import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * The app's database connection as the payment module hands it to its providers (a module container
 * resolves it from the app's); none for a provider built outside a Medusa app (a unit test, a script).
 */
export function databaseOf(container: Record<string, unknown>): Knex | undefined {
  let value: unknown
  try {
    value = container?.[ContainerRegistrationKeys.PG_CONNECTION]
  } catch {
    return undefined
  }
  return typeof (value as Knex | undefined)?.raw === "function" ? (value as Knex) : undefined
}
