import { model } from "@medusajs/framework/utils"

/** The health card's marks (call-health.ts), one row per Tikkie service or poll: codes and times, never a credential. */
const HealthMark = model.define("tikkie_health_mark", {
  id: model.id({ prefix: "tkhm" }).primaryKey(),
  key: model.text().unique(),
  last_ok_at: model.dateTime().nullable(),
  last_refused_at: model.dateTime().nullable(),
  refused_code: model.text().nullable(),
  refused_status: model.number().nullable(),
  last_failed_at: model.dateTime().nullable(),
  failed_code: model.text().nullable(),
  last_webhook_at: model.dateTime().nullable(),
  poll_run_at: model.dateTime().nullable(),
})

export default HealthMark
