/** Payment links' workflows and reminders, refunds owed, promotions and traces: one app for five suites. */
import { runStoreSuites } from "../helpers/store-suites"
import paymentLinkReminders from "./payment-link-reminders.suite"
import paymentRequestWorkflows from "./payment-request-workflows.suite"
import promotions from "./promotions.suite"
import refundsOwed from "./refunds-owed.suite"
import traces from "./traces.suite"

runStoreSuites(
  {
    requestTimeoutMs: 1_500,
    paymentRequestApp: true,
    // Reminders of unpaid links (payment-link-reminders.suite.ts); the other suites never run their job.
    beforeBoot: () => {
      process.env.TIKKIE_REMINDER_AFTER_DAYS = "3"
      process.env.TIKKIE_MAX_REMINDERS = "2"
    },
  },
  [paymentRequestWorkflows, promotions, refundsOwed, paymentLinkReminders, traces]
)
