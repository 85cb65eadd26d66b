import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { productionShapeProblems, type ResolvedConfig } from "../production-shape"
import { parseTikkieModuleOptions } from "../options"
import { envSettingProblems } from "../../../utils/env-settings"

/**
 * Refuses a multi-instance store on in-process events or in-memory locks (production-shape.ts): it would
 * never settle webhooks, or settle one twice. Also checks the module's options and the plugin's environment
 * variables, for every command.
 */
export default async function checkProductionShape({ container, options }: LoaderOptions): Promise<void> {
  const { singleInstance } = parseTikkieModuleOptions(options)
  const envProblems = envSettingProblems()
  if (envProblems.length) {
    const message = `medusa-plugin-tikkie cannot start: ${envProblems.join("; ")}. Unset it for the default (docs/production.md, "Environment variables the plugin reads").`
    container.resolve(ContainerRegistrationKeys.LOGGER).error(message)
    throw new Error(message)
  }
  if (isOneOffCommand(process.argv)) return
  const config = container.resolve<ResolvedConfig>(ContainerRegistrationKeys.CONFIG_MODULE)
  const problems = productionShapeProblems(config, { nodeEnv: process.env.NODE_ENV, singleInstance })
  if (!problems.length) return
  const message = `medusa-plugin-tikkie cannot run in this configuration: ${problems.join(" ")} See the plugin's docs/production.md ("Running in production").`
  container.resolve(ContainerRegistrationKeys.LOGGER).error(message)
  throw new Error(message)
}

/** Medusa's one-off commands set MEDUSA_WORKER_MODE=server and serve nothing: refusing them would stop migrations. */
export function isOneOffCommand(argv: string[]): boolean {
  return argv.some((a) => /^(db:[a-z:-]+|exec|user|plugin:[a-z:-]+)$/.test(a))
}
