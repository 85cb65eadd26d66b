import type { MedusaContainer } from "@medusajs/framework/types"
import { tikkieScheduledJobsOff } from "../utils/job-schedule"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorMessage } from "../utils/error-message"
import { paymentRequestProviders } from "../workflows/payment-request/utils/payment-request-providers"
import { subscribePaymentRequestNotifications } from "../workflows/payment-request/utils/subscribe-notifications"

/**
 * Subscribes the notification URL of every payment request provider whose `subscribeNotifications`
 * option is on. A scheduled job rather than a loader: a loader runs in every instance at boot (and
 * before the database may be migrated), while this runs after start-up and is idempotent (a stored
 * subscription for the same URL means nothing is sent), under a lock per provider. Running every
 * minute also repairs a lost subscription (database restored, store URL changed) without a restart.
 */
export async function subscribeConfiguredNotifications(container: MedusaContainer) {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const outcomes = []
  for (const provider of await paymentRequestProviders(container)) {
    if (!provider.options.subscribeNotifications || provider.options.apiVersion === "v1") continue
    try {
      outcomes.push(
        await subscribePaymentRequestNotifications(container, { providerId: provider.providerId, force: false })
      )
    } catch (e) {
      logger.warn(
        `Tikkie payment request notifications of ${provider.providerId}: subscribing failed (${errorMessage(e)}); will retry`
      )
    }
  }
  return outcomes
}

export default async function subscribePaymentRequestNotificationsJob(container: MedusaContainer) {
  if (tikkieScheduledJobsOff()) return
  await subscribeConfiguredNotifications(container)
}

export const config = {
  name: "tikkie-subscribe-payment-request-notifications",
  schedule: "* * * * *",
}
