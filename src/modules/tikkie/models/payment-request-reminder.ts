import { model } from "@medusajs/framework/utils"

/**
 * One reminder e-mail as an outbox row: claimed (`sending`, unique per link and number) before Medusa's
 * notification module sends it with this row's id as idempotency key, so a run that dies in between
 * resends under the same key, at most once.
 */
const PaymentRequestReminder = model
  .define("tikkie_payment_request_reminder", {
    id: model.id({ prefix: "tkrm" }).primaryKey(),
    payment_request_id: model.text(),
    number: model.number(),
    state: model.enum(["sending", "sent", "failed", "dropped"]).default("sending"),
    language: model.text(),
    notification_id: model.text().nullable(),
    attempts: model.number().default(0),
    error: model.text().nullable(),
    /** The next reminder is due reminderAfterDays after this. */
    claimed_at: model.dateTime(),
    sent_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["payment_request_id", "number"], unique: true }])

export default PaymentRequestReminder
