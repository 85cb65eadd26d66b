import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { configuredPaymentModule } from "../../../utils/payment-provider-config"

/**
 * Stops the start when a Tikkie provider's payment module lacks the `dependencies` it needs: Medusa
 * builds a provider on first use, so the store would otherwise fail at a shopper's checkout.
 */
export default async function checkPaymentDependencies({ container }: LoaderOptions): Promise<void> {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const payment = await configuredPaymentModule(config)
  for (const { providerId, service } of payment.providers) {
    const missing = (service.paymentModuleDependencies ?? []).filter((m) => !payment.dependencies.includes(m))
    if (!missing.length) continue
    const needed = [...new Set([...payment.dependencies, ...(service.paymentModuleDependencies ?? [])])]
    throw new Error(
      `medusa-plugin-tikkie: payment provider ${providerId} needs the plugin's ${missing.join(", ")} module: ` +
        `add dependencies: ${JSON.stringify(needed)} to the payment module's entry in medusa-config.ts ` +
        `({ resolve: "@medusajs/medusa/payment", dependencies: ${JSON.stringify(needed)}, options: { providers } }).`
    )
  }
}
