import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { productionShapeProblems, type ResolvedConfig } from "../production-shape"
import { parseTikkieModuleOptions } from "../options"

/**
 * Refuses to start a `server` or `worker` instance on Medusa's in-process event bus or in-memory locking,
 * and a `shared` one on in-memory locking where replicas are likely unless the shop says it runs one
 * (`singleInstance`; src/modules/tikkie/production-shape.ts): such a store answers webhooks and then silently never
 * settles them, or settles one payment twice at once. The configuration Medusa resolved (defaults
 * included) names the modules it loads. The error names what to configure; the module's failing loader
 * stops Medusa. The module's options are checked here too (every command: a wrong option is wrong anywhere).
 */
export default async function checkProductionShape({ container, options }: LoaderOptions): Promise<void> {
  const { singleInstance } = parseTikkieModuleOptions(options)
  if (isOneOffCommand(process.argv)) return
  const config = container.resolve<ResolvedConfig>(ContainerRegistrationKeys.CONFIG_MODULE)
  const problems = productionShapeProblems(config, { nodeEnv: process.env.NODE_ENV, singleInstance })
  if (!problems.length) return
  const message = `medusa-plugin-tikkie cannot run in this configuration: ${problems.join(" ")} See the plugin's docs/production.md ("Running in production").`
  container.resolve(ContainerRegistrationKeys.LOGGER).error(message)
  throw new Error(message)
}

/**
 * Medusa's one-off commands (`medusa db:migrate`, `exec`, `user`, ...) set MEDUSA_WORKER_MODE=server
 * themselves, so that no scheduled job or subscriber runs while they do their work: such a process
 * serves no webhook and settles nothing, and refusing it would stop every store on Medusa's defaults
 * from migrating. Only the processes that serve and work (`medusa start`, `develop`) are checked.
 */
export function isOneOffCommand(argv: string[]): boolean {
  return argv.some((a) => /^(db:[a-z:-]+|exec|user|plugin:[a-z:-]+)$/.test(a))
}
