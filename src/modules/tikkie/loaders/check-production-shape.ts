import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { productionShapeProblems, type ResolvedConfig } from "../../../lib/production-shape"

/**
 * Refuses to start a `server` or `worker` instance on Medusa's in-process event bus or in-memory locking
 * (src/lib/production-shape.ts): such a store answers webhooks and then silently never settles them, or
 * settles one payment twice at once. The configuration Medusa resolved (defaults included) names the
 * modules it loads. The error names what to configure; the module's failing loader stops Medusa.
 */
export default async function checkProductionShape({ container }: LoaderOptions): Promise<void> {
  const config = container.resolve<ResolvedConfig>(ContainerRegistrationKeys.CONFIG_MODULE)
  const problems = productionShapeProblems(config)
  if (!problems.length) return
  const message = `medusa-plugin-tikkie cannot run in this configuration: ${problems.join(" ")} See the README, "Running in production".`
  container.resolve(ContainerRegistrationKeys.LOGGER).error(message)
  throw new Error(message)
}
