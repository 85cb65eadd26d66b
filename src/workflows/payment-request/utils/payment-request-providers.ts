import type { IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import type { ResolvedPaymentRequestProviderOptions } from "../../../providers/payment-request/options"
import type { PaymentRequestConnection } from "../../../providers/payment-request/connection"
import { isPaymentRequestProvider } from "../../../providers/provider-keys"
import { errorMessage } from "../../../utils/error-message"
import { callTikkieProvider } from "../../utils/call-tikkie-provider"

export interface PaymentRequestProviderEntry {
  providerId: string
  options: ResolvedPaymentRequestProviderOptions
}

export type PaymentRequestProviderConnection = PaymentRequestConnection & { providerId: string }

/** One payment request provider's options and clients (call-tikkie-provider.ts), for work with no session. */
export async function paymentRequestConnection(
  container: MedusaContainer,
  providerId?: string
): Promise<PaymentRequestProviderConnection> {
  // The one named (or the only one), with the same refusals: not a payment request provider, not registered.
  const { providerId: id } = await paymentRequestProvider(container, providerId)
  const connection = await callTikkieProvider<PaymentRequestConnection, PaymentRequestConnection>(
    container,
    id,
    async (c) => c
  )
  return { ...connection, providerId: id }
}

/**
 * The payment request providers this store runs, with their options, known once per process. A row
 * Medusa left enabled whose provider medusa-config.ts no longer declares is left out, with a warning.
 */
const registeredByModule = new WeakMap<object, Promise<PaymentRequestProviderEntry[]>>()

export function paymentRequestProviders(container: MedusaContainer): Promise<PaymentRequestProviderEntry[]> {
  const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  let found = registeredByModule.get(payment)
  if (!found) {
    found = findPaymentRequestProviders(container, payment)
    registeredByModule.set(payment, found)
    // A failure (the database away at start) is not remembered: the next caller asks again.
    found.catch(() => registeredByModule.delete(payment))
  }
  return found
}

/** The same, asked now (paymentRequestProviders remembers its answer for the process). */
export async function findPaymentRequestProviders(
  container: MedusaContainer,
  payment: IPaymentModuleService
): Promise<PaymentRequestProviderEntry[]> {
  const rows = await payment.listPaymentProviders({ is_enabled: true }, { select: ["id"] })
  const found: PaymentRequestProviderEntry[] = []
  for (const { id } of rows) {
    if (!isPaymentRequestProvider(id)) continue
    try {
      const options = await callTikkieProvider<PaymentRequestConnection, ResolvedPaymentRequestProviderOptions>(
        container,
        id,
        async (c) => c.options
      )
      found.push({ providerId: id, options })
    } catch (e) {
      container
        .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        .warn(
          `Tikkie: payment provider ${id} is enabled in the database but not registered now; left out (${errorMessage(e)})`
        )
    }
  }
  return found.sort((a, b) => a.providerId.localeCompare(b.providerId))
}

function notRegistered(providerId: string) {
  return new MedusaError(MedusaError.Types.NOT_FOUND, `Payment provider ${providerId} is not registered in this store.`)
}

/** One provider: the one named, or the only one registered. Clear errors otherwise. */
export async function paymentRequestProvider(
  container: MedusaContainer,
  providerId?: string
): Promise<PaymentRequestProviderEntry> {
  if (providerId !== undefined && !isPaymentRequestProvider(providerId)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `${providerId} is not a Tikkie payment request provider.`)
  }
  const all = await paymentRequestProviders(container)
  if (providerId !== undefined) {
    const found = all.find((p) => p.providerId === providerId)
    if (!found) throw notRegistered(providerId)
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
