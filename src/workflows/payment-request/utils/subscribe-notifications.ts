import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { toMedusaError } from "../../../providers/shared/tikkie-medusa-error"
import { paymentRequestNotificationUrl } from "../../../providers/payment-request/urls"
import { paymentRequestConnection, paymentRequestProvider } from "./payment-request-providers"

export interface SubscriptionOutcome {
  providerId: string
  url: string
  /** False when the stored subscription already pointed at this URL and nothing was sent to Tikkie. */
  changed: boolean
  subscribedAt: Date
}

/**
 * Subscribes `{storeUrl}/hooks/tikkie/payment-requests` to the provider's Tikkie app and keeps the
 * subscriptionId in the database (every instance checks notifications against it). Tikkie keeps one
 * subscription per app and answers a new id each time, so this runs under a lock per provider and,
 * unless `force`, does nothing when the stored subscription already has this URL: several instances
 * starting together subscribe once. The subscriptionId is never returned or logged: since
 * notifications are unsigned, it is what tells Tikkie's notifications from forged ones.
 */
export async function subscribePaymentRequestNotifications(
  container: MedusaContainer,
  input: { providerId?: string; force: boolean }
): Promise<SubscriptionOutcome> {
  const provider = await paymentRequestProvider(container, input.providerId)
  if (provider.options.apiVersion === "v1") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `${provider.providerId} uses Tikkie payment requests v1, whose notifications have no documented body: the plugin polls v1 requests instead.`
    )
  }
  const { client, providerId, options } = await paymentRequestConnection(container, provider.providerId)
  const url = paymentRequestNotificationUrl(options.storeUrl)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  return await container.resolve(Modules.LOCKING).execute(
    `tikkie:payment-request:subscription:${providerId}`,
    async () => {
      const [existing] = await tikkie.listNotificationSubscriptions({ provider_id: providerId })
      if (existing && existing.url === url && !input.force) {
        return { providerId, url, changed: false, subscribedAt: new Date(existing.updated_at) }
      }
      let subscriptionId: string
      try {
        subscriptionId = (await client.subscribeNotifications(url)).subscriptionId
      } catch (e) {
        throw toMedusaError(e, `Subscribing ${url} to Tikkie's payment request notifications failed`)
      }
      const saved = existing
        ? await tikkie.updateNotificationSubscriptions({ id: existing.id, subscription_id: subscriptionId, url })
        : await tikkie.createNotificationSubscriptions({
            provider_id: providerId,
            subscription_id: subscriptionId,
            url,
          })
      container
        .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        .info(`Tikkie payment request notifications of ${providerId} now go to ${url}`)
      return { providerId, url, changed: true, subscribedAt: new Date(saved.updated_at) }
    },
    { timeout: 30 }
  )
}
