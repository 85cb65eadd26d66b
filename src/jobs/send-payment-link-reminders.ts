import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { tikkieScheduledJobsOff } from "../utils/job-schedule"
import { sendPaymentLinkReminders } from "../workflows/payment-request/utils/payment-link-reminders"

/** Reminders are claimed in the plugin's outbox under the link's lock, so concurrent workers send each once. */
export default async function sendPaymentLinkRemindersJob(container: MedusaContainer) {
  if (tikkieScheduledJobsOff()) return
  const sent = (await sendPaymentLinkReminders(container)).filter((o) => o.outcome === "sent").length
  if (sent) container.resolve(ContainerRegistrationKeys.LOGGER).info(`Tikkie payment link reminders: ${sent} sent`)
}

export const config = {
  name: "tikkie-send-payment-link-reminders",
  schedule: "*/10 * * * *",
}
