/**
 * What a store that runs as several instances needs of Medusa's configuration, checked when the plugin
 * starts (src/modules/tikkie/loaders/check-production-shape.ts). With `workerMode` server or worker the
 * store is split across processes: events emitted by the server must reach a worker (an in-process event
 * bus drops them), and the plugin's settlement locks and Medusa's cart-completion lock must hold across
 * processes (in-memory locks do not). In `shared` mode (the default) one process is fine with Medusa's
 * defaults, but N replicas of a shared instance each run the polls and settlements: in-memory locking is
 * refused wherever more than one instance is likely (a Redis event bus or workflow engine, or
 * NODE_ENV=production) unless the shop says it runs one (the tikkie module's option `singleInstance`).
 */
export interface ModuleDeclaration {
  resolve?: string
  options?: { providers?: Array<{ resolve?: string; id?: string; is_default?: boolean }> } & Record<string, unknown>
}

export interface ResolvedConfig {
  projectConfig?: { workerMode?: string }
  modules?: Record<string, ModuleDeclaration | boolean | undefined>
}

const declaration = (config: ResolvedConfig, key: string): ModuleDeclaration | undefined => {
  const m = config.modules?.[key]
  return typeof m === "object" && m ? m : undefined
}

/** The locking provider `execute` uses when no provider is named: as Medusa's locking module picks it. */
export function defaultLockingProvider(config: ResolvedConfig): string {
  const providers = declaration(config, "locking")?.options?.providers ?? []
  const chosen = providers.filter((p) => p.is_default).pop() ?? (providers.length === 1 ? providers[0] : undefined)
  return chosen?.resolve ?? "in-memory"
}

/** The event bus module Medusa loads (the local, in-process one when none is configured). */
export function eventBusModule(config: ResolvedConfig): string {
  return declaration(config, "event_bus")?.resolve ?? "@medusajs/medusa/event-bus-local"
}

/** The workflow engine module Medusa loads (the in-memory one when none is configured). */
export function workflowEngineModule(config: ResolvedConfig): string {
  return declaration(config, "workflows")?.resolve ?? "@medusajs/medusa/workflow-engine-inmemory"
}

export interface ProductionShapeContext {
  /** process.env.NODE_ENV of the starting process. */
  nodeEnv?: string
  /** The shop says it runs exactly one instance (the tikkie module's option `singleInstance`). */
  singleInstance?: boolean
}

const REGISTER_REDIS_LOCKING = `Register "@medusajs/medusa/locking" with the provider "@medusajs/medusa/locking-redis" ({ redisUrl }, is_default: true) in medusa-config.ts modules`

/** Problems of a multi-instance store, one sentence each naming what to configure; empty when fine. */
export function productionShapeProblems(
  config: ResolvedConfig,
  context: ProductionShapeContext = { nodeEnv: process.env.NODE_ENV }
): string[] {
  const mode = config.projectConfig?.workerMode ?? "shared"
  if (mode !== "server" && mode !== "worker") return sharedModeProblems(config, context)
  const problems: string[] = []
  if (context.singleInstance) {
    problems.push(
      `singleInstance: true cannot be right with workerMode "${mode}": a store split into server and worker instances runs more than one process. ` +
        `Remove singleInstance from the plugin's options.`
    )
  }
  const eventBus = eventBusModule(config)
  if (/event-bus-local/.test(eventBus)) {
    problems.push(
      `workerMode "${mode}" with the local event bus (${eventBus}): webhooks answered by a server instance never reach a worker. ` +
        `Register "@medusajs/medusa/event-bus-redis" with { redisUrl } in medusa-config.ts modules.`
    )
  }
  const locking = defaultLockingProvider(config)
  if (locking === "in-memory") {
    problems.push(
      `workerMode "${mode}" with in-memory locking: two instances could settle the same Tikkie payment at once. ` +
        `${REGISTER_REDIS_LOCKING}.`
    )
  }
  if (/locking-postgres/.test(locking)) {
    // Measured (a cluster storm of 60 carts): each settlement's lock holds a pool connection in an open
    // transaction for the whole settlement, and a wait for one holds another; 8 settlements at once in a
    // worker took its whole pool (10) and their own queries timed out ("Timeout acquiring a connection").
    problems.push(
      `workerMode "${mode}" with Postgres locking (${locking}): every settlement lock holds a database connection for the whole settlement, and a storm of them takes the connection pool. ` +
        `Register "@medusajs/medusa/locking" with the provider "@medusajs/medusa/locking-redis" ({ redisUrl }, is_default: true) in medusa-config.ts modules.`
    )
  }
  return problems
}

/**
 * One `shared` instance, or several replicas of it: nothing in the configuration tells them apart, so
 * in-memory locking (where two replicas would each poll and settle the same payment) passes only where a
 * single process is the likely intent (no Redis event bus or workflow engine, not NODE_ENV=production), or
 * when the shop says it runs one.
 */
function sharedModeProblems(config: ResolvedConfig, context: ProductionShapeContext): string[] {
  if (context.singleInstance || defaultLockingProvider(config) !== "in-memory") return []
  const signs = [eventBusModule(config), workflowEngineModule(config)].filter((m) => /-redis$/.test(m))
  if (context.nodeEnv === "production") signs.push("NODE_ENV=production")
  if (!signs.length) return []
  return [
    `workerMode "shared" with in-memory locking and ${signs.join(", ")}: replicas of this instance would each run the polls and could settle the same Tikkie payment at once. ` +
      `${REGISTER_REDIS_LOCKING}, or, if this store runs exactly one instance, say so with the plugin option singleInstance: true ` +
      `(plugins: [{ resolve: "medusa-plugin-tikkie", options: { singleInstance: true } }]).`,
  ]
}
