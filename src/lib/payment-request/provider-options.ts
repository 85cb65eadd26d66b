import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import {
  parsePaymentRequestProviderOptions,
  type ResolvedPaymentRequestProviderOptions,
} from "../../providers/payment-request/options"
import { paymentRequestsClientFrom } from "../../providers/payment-request/v2-api"
import { paymentRequestsV1ClientFrom } from "../../providers/payment-request/v1"
import type { PaymentRequestsV1Client } from "tikkie-client/payment-requests/v1"
import type { PaymentRequestsClient } from "tikkie-client/payment-requests/v2"
import { isPaymentRequestProvider, PAYMENT_REQUEST_PROVIDER_PREFIX } from "../../providers/provider-keys"

export interface ConfiguredPaymentRequestProvider {
  providerId: string
  options: ResolvedPaymentRequestProviderOptions
}

/**
 * The payment request providers the store registered, with their options, read from the store's own
 * configuration (the payment module's `providers`).
 *
 * Why the app side reads the options instead of going through the payment module: links for invoices
 * have no payment session, and the notification subscription and the lists are not payment-provider
 * operations, so the payment module has no method that could carry them. Reading the configuration
 * keeps the credentials written in one place (the provider entry) and in no database row.
 */
export function configuredPaymentRequestProviders(container: MedusaContainer): ConfiguredPaymentRequestProvider[] {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const found: ConfiguredPaymentRequestProvider[] = []
  for (const mod of Object.values(config.modules ?? {})) {
    const providers = mod as { options?: { providers?: unknown } } | boolean | undefined
    const list = typeof providers === "object" && providers ? providers.options?.providers : undefined
    if (!Array.isArray(list)) continue
    for (const p of list as Array<{ resolve?: unknown; id?: string; options?: unknown }>) {
      const resolve = typeof p.resolve === "string" ? p.resolve : ""
      if (!/providers\/payment-request\/?$/.test(resolve) || !p.id) continue
      found.push({
        providerId: `${PAYMENT_REQUEST_PROVIDER_PREFIX}${p.id}`,
        options: parsePaymentRequestProviderOptions(p.options),
      })
    }
  }
  return found
}

/** One provider: the one named, or the only one registered. Clear errors otherwise. */
export function paymentRequestProvider(
  container: MedusaContainer,
  providerId?: string
): ConfiguredPaymentRequestProvider {
  const all = configuredPaymentRequestProviders(container)
  if (providerId !== undefined) {
    if (!isPaymentRequestProvider(providerId)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `${providerId} is not a Tikkie payment request provider.`)
    }
    const found = all.find((p) => p.providerId === providerId)
    if (!found)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Payment provider ${providerId} is not registered in this store.`
      )
    return found
  }
  if (!all.length) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "No Tikkie payment request provider is registered in this store."
    )
  }
  if (all.length > 1) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `This store has ${all.length} Tikkie payment request providers: say which with provider_id (${all.map((p) => p.providerId).join(", ")}).`
    )
  }
  return all[0]
}

/**
 * One client per provider for the whole process, as the provider keeps its own: its undici pool keeps
 * connections to Tikkie alive from one settlement to the next (a client per call opened, and closed, a
 * new TCP and TLS connection for every notification and every poll). Do not close it. A pool is not
 * state another instance needs: each instance has its own.
 */
const clients = new Map<string, PaymentRequestsClient>()
const v1Clients = new Map<string, PaymentRequestsV1Client>()

export function paymentRequestsClient(
  container: MedusaContainer,
  providerId?: string
): { client: PaymentRequestsClient } & ConfiguredPaymentRequestProvider {
  const provider = paymentRequestProvider(container, providerId)
  let client = clients.get(provider.providerId)
  if (!client) {
    client = paymentRequestsClientFrom(provider.options, container.resolve(ContainerRegistrationKeys.LOGGER))
    clients.set(provider.providerId, client)
  }
  return { ...provider, client }
}

/** The same for a provider on the legacy v1 API (its token from the store's v1 connection or options). */
export function paymentRequestsV1Client(
  container: MedusaContainer,
  provider: ConfiguredPaymentRequestProvider
): PaymentRequestsV1Client {
  let client = v1Clients.get(provider.providerId)
  if (!client) {
    client = paymentRequestsV1ClientFrom(provider.options, container)
    v1Clients.set(provider.providerId, client)
  }
  return client
}
