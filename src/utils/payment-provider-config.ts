import { dynamicImport, Modules, normalizeImportPathWithSource, resolveFromProject } from "@medusajs/framework/utils"

/** A provider class as Medusa's payment module registers it (`pp_{identifier}_{id}`). */
export interface PaymentProviderClass {
  identifier?: string
  paymentModuleDependencies?: readonly string[]
  parseOptions?: (options: unknown) => unknown
}

export interface ConfiguredPaymentProvider {
  providerId: string
  service: PaymentProviderClass
  options: Record<string, unknown>
}

interface PaymentModuleConfig {
  dependencies?: string[]
  options?: { providers?: Array<{ resolve?: unknown; id?: string; options?: Record<string, unknown> }> }
}

export interface ConfiguredPaymentModule {
  dependencies: string[]
  providers: ConfiguredPaymentProvider[]
}

const found = new WeakMap<object, Promise<ConfiguredPaymentModule>>()

/**
 * The payment module's providers as medusa-config.ts declares them, each loaded as Medusa's payment
 * module loads it and named with the id Medusa gives it (read once per configuration).
 */
export function configuredPaymentModule(configModule: {
  modules?: Record<string, unknown>
}): Promise<ConfiguredPaymentModule> {
  let answer = found.get(configModule)
  if (!answer) {
    answer = load(configModule.modules?.[Modules.PAYMENT])
    found.set(configModule, answer)
  }
  return answer
}

async function load(declared: unknown): Promise<ConfiguredPaymentModule> {
  const payment = (typeof declared === "object" && declared ? declared : {}) as PaymentModuleConfig
  const providers: ConfiguredPaymentProvider[] = []
  for (const entry of payment.options?.providers ?? []) {
    const loaded = await loadProvider(entry.resolve)
    for (const service of (loaded?.default ?? loaded)?.services ?? []) {
      if (!service?.identifier) continue
      const providerId = `pp_${service.identifier}${entry.id ? `_${entry.id}` : ""}`
      providers.push({ providerId, service, options: entry.options ?? {} })
    }
  }
  return { dependencies: payment.dependencies ?? [], providers }
}

type LoadedProvider = { default?: { services?: PaymentProviderClass[] }; services?: PaymentProviderClass[] }

/** As Medusa's payment module loads it; one that does not load is Medusa's to report (it names the package). */
async function loadProvider(resolve: unknown): Promise<LoadedProvider | undefined> {
  if (typeof resolve !== "string") return resolve as LoadedProvider | undefined
  try {
    return (await dynamicImport(resolveFromProject(normalizeImportPathWithSource(resolve)))) as LoadedProvider
  } catch {
    return undefined
  }
}
