import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { tikkieScheduledJobsOff } from "../utils/job-schedule"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorMessage } from "../utils/error-message"
import { bankModule, currentConnection } from "../modules/tikkie-bank/bank-session"
import { reconcileBankWorkflow } from "../workflows/tikkie-bank/reconcile"

/**
 * Reconciles the connected bank account every 30 minutes (payouts are booked a few times a day at
 * most). Quiet when the feature is off or no account is connected; a warning when the connection needs
 * consent again or the bank refuses, so the shop hears about it in its logs as well as in the admin.
 */
export default async function reconcileTikkieBankJob(container: MedusaContainer) {
  if (tikkieScheduledJobsOff()) return
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const bank = bankModule(container)
  if (!bank.bankOptions) return
  const conn = await currentConnection(bank)
  if (!conn) return
  if (conn.status !== "connected") {
    logger.warn(
      `Tikkie bank reconciliation skipped: the connection needs consent again${conn.problem ? ` (${conn.problem})` : ""}`
    )
    return
  }
  try {
    const { result: s } = await reconcileBankWorkflow(container).run()
    if (s.transactions_stored || s.matched_now) {
      logger.info(
        `Tikkie bank reconciliation: ${s.transactions_stored} new transaction(s), ${s.matched_now} payout(s) matched`
      )
    }
  } catch (e) {
    logger.warn(`Tikkie bank reconciliation failed: ${errorMessage(e)}`)
  }
}

export const config = {
  name: "tikkie-reconcile-bank",
  schedule: "*/30 * * * *",
}
