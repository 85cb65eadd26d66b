/**
 * What a multi-instance store needs of Medusa's configuration, checked at start-up: events that reach a
 * worker, and locks that hold across processes (docs/production.md).
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

export function defaultLockingProvider(config: ResolvedConfig): string {
  const providers = declaration(config, "locking")?.options?.providers ?? []
  const chosen = providers.filter((p) => p.is_default).pop() ?? (providers.length === 1 ? providers[0] : undefined)
  return chosen?.resolve ?? "in-memory"
}

export function eventBusModule(config: ResolvedConfig): string {
  return declaration(config, "event_bus")?.resolve ?? "@medusajs/medusa/event-bus-local"
}

export function workflowEngineModule(config: ResolvedConfig): string {
  return declaration(config, "workflows")?.resolve ?? "@medusajs/medusa/workflow-engine-inmemory"
}

export interface ProductionShapeContext {
  nodeEnv?: string
  singleInstance?: boolean
}

const REGISTER_REDIS_LOCKING = `Register "@medusajs/medusa/locking" with the provider "@medusajs/medusa/locking-redis" ({ redisUrl }, is_default: true) in medusa-config.ts modules`

/** One sentence per problem, naming what to configure; empty when fine. */
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
    // each settlement's lock holds a pool connection for the whole settlement, and a wait holds another
    problems.push(
      `workerMode "${mode}" with Postgres locking (${locking}): every settlement lock holds a database connection for the whole settlement, and a storm of them takes the connection pool. ` +
        `Register "@medusajs/medusa/locking" with the provider "@medusajs/medusa/locking-redis" ({ redisUrl }, is_default: true) in medusa-config.ts modules.`
    )
  }
  return problems
}

/**
 * Nothing tells one `shared` instance from several replicas, so in-memory locking passes only where one
 * process is the likely intent (no Redis, not production) or the shop says so (`singleInstance`).
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
