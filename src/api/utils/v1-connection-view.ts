import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_BANK_MODULE } from "../../modules/tikkie-bank"
import type TikkieBankModuleService from "../../modules/tikkie-bank/service"
import { paymentRequestProviders } from "../../workflows/payment-request/utils/payment-request-providers"
import { currentPayGrant } from "../../modules/tikkie-bank/v1-pay-grant"

/**
 * What the admin sees (never a token): the store's v1 providers and how each gets its token (a fixed
 * `accessToken` option, or the connection), whether the OAuth connection can be made here at all (the
 * tikkie-bank module's options and key), and the connection itself.
 */
export async function payGrantStatus(container: MedusaContainer) {
  const providers = (await paymentRequestProviders(container))
    .filter((p) => p.options.apiVersion === "v1")
    .map((p) => ({
      provider_id: p.providerId,
      token: p.options.accessToken ? ("fixed_access_token" as const) : ("connection" as const),
    }))
  const bank = container.hasRegistration(TIKKIE_BANK_MODULE)
    ? container.resolve<TikkieBankModuleService>(TIKKIE_BANK_MODULE)
    : undefined
  const oauth_ready = !!bank?.bankOptions?.tokenEncryptionKey
  const grant = bank?.bankOptions ? await currentPayGrant(bank) : undefined
  return {
    providers,
    oauth_ready,
    connection: grant
      ? {
          status: grant.status,
          problem: grant.problem,
          access_expires_at: new Date(grant.access_expires_at).toISOString(),
          connected_by: grant.connected_by,
          connected_at: new Date(grant.created_at).toISOString(),
        }
      : null,
  }
}
