import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"
import { TIKKIE_BANK_MODULE } from "../../modules/tikkie-bank"
import type { PayGrantModules } from "../../modules/tikkie-bank/v1-pay-grant"
import { fastCheckoutConnection } from "../../providers/fast-checkout/connection"
import type { ResolvedFastCheckoutProviderOptions } from "../../providers/fast-checkout/options"
import { paymentRequestConnectionOf } from "../../providers/payment-request/connection"
import type { ResolvedPaymentRequestProviderOptions } from "../../providers/payment-request/options"
import { PaymentProviderKeys } from "../../providers/provider-keys"
import { configuredPaymentModule } from "../../utils/payment-provider-config"

/**
 * Runs `use` with the connection of the Tikkie provider `providerId` (providers/\*\/connection.ts): its
 * declared options, parsed by the provider's own parser, with the tikkie module's clients and budget.
 */
export async function callTikkieProvider<TConnection, TResult>(
  container: MedusaContainer,
  providerId: string,
  use: (connection: TConnection) => Promise<TResult>
): Promise<TResult> {
  return use((await tikkieConnection(container, providerId)) as TConnection)
}

async function tikkieConnection(container: MedusaContainer, providerId: string): Promise<unknown> {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const declared = (await configuredPaymentModule(config)).providers.find((p) => p.providerId === providerId)
  const identifier = declared?.service.identifier
  if (!declared?.service.parseOptions) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment provider ${providerId} is not a Tikkie provider registered in this store's medusa-config.ts.`
    )
  }
  const options = declared.service.parseOptions(declared.options)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  if (identifier === PaymentProviderKeys.FAST_CHECKOUT) {
    return fastCheckoutConnection(tikkie, options as ResolvedFastCheckoutProviderOptions, logger)
  }
  const payGrantModules = (): PayGrantModules => ({
    bank: container.resolve(TIKKIE_BANK_MODULE, { allowUnregistered: true }),
    locking: container.resolve(Modules.LOCKING, { allowUnregistered: true }),
  })
  return paymentRequestConnectionOf(tikkie, options as ResolvedPaymentRequestProviderOptions, logger, payGrantModules)
}
