import fs from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { sendPaymentLinkReminders } from "../../src/workflows/payment-request/utils/payment-link-reminders"

/**
 * `medusa exec` script of the cluster's reminder case (cases.ts): one more worker process that runs the
 * reminder job's work at the job clock REMIND_NOW, once REMIND_GO exists (so two such processes start it
 * together), and writes its outcomes to REMIND_OUT.
 */
export default async function remindLinks({ container }: ExecArgs) {
  const out = process.env.REMIND_OUT!
  fs.writeFileSync(`${out}.ready`, "")
  const until = Date.now() + 300_000
  while (!fs.existsSync(process.env.REMIND_GO!) && Date.now() < until) await new Promise((r) => setTimeout(r, 10))
  const outcomes = await sendPaymentLinkReminders(container, { now: new Date(process.env.REMIND_NOW!) })
  fs.writeFileSync(out, JSON.stringify(outcomes))
}
