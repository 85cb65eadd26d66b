import { MedusaError } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"

export const TIKKIE_PAYMENT_MODULE_DEPENDENCIES = [TIKKIE_MODULE] as const

export function missingTikkieModuleMessage(providerId = "A Tikkie payment provider"): string {
  return (
    `${providerId} needs the plugin's tikkie module (its clients, read budget and records): ` +
    `add dependencies: ${JSON.stringify(TIKKIE_PAYMENT_MODULE_DEPENDENCIES)} to the payment module's entry ` +
    'in medusa-config.ts ({ resolve: "@medusajs/medusa/payment", dependencies: ["tikkie"], options: { providers } }).'
  )
}

/** The tikkie module in a provider's container, where Medusa puts the payment module's `dependencies`. */
export function tikkieModuleOf(cradle: object): TikkieModuleService {
  let tikkie: unknown
  try {
    tikkie = (cradle as Record<string, unknown>)[TIKKIE_MODULE]
  } catch {
    tikkie = undefined // an awilix cradle throws for a name nobody registered
  }
  if (!tikkie) throw new MedusaError(MedusaError.Types.INVALID_DATA, missingTikkieModuleMessage())
  return tikkie as TikkieModuleService
}
