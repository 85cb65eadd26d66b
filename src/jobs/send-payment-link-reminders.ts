import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { tikkieScheduledJobsOff } from "../utils/job-schedule"
import { sendPaymentLinkReminders } from "../workflows/payment-request/utils/payment-link-reminders"

/**
 * Reminds the payers of order links still unpaid `reminderAfterDays` after they were made (and after each
 * reminder), at most `maxReminders` times (payment request provider options; off by default). Each
 * reminder is claimed under the link's lock in the plugin's outbox before it is sent, so workers running
 * this at the same time send it once (workflows/payment-request/utils/payment-link-reminders.ts).
 */
export default async function sendPaymentLinkRemindersJob(container: MedusaContainer) {
  if (tikkieScheduledJobsOff()) return
  const sent = (await sendPaymentLinkReminders(container)).filter((o) => o.outcome === "sent").length
  if (sent) container.resolve(ContainerRegistrationKeys.LOGGER).info(`Tikkie payment link reminders: ${sent} sent`)
}

export const config = {
  name: "tikkie-send-payment-link-reminders",
  schedule: "*/10 * * * *",
}
