import { model } from "@medusajs/framework/utils"

/**
 * One reminder e-mail to the payer of an unpaid order link, as an outbox row: the reminder job claims it
 * (state `sending`, one row per link and number: the unique index makes a second claim fail) before it asks
 * Medusa's notification module to send it, with this row's id as the notification's idempotency key, and
 * marks it `sent` after. A run that dies between the claim and the mark leaves `sending`: the next run
 * sends it again under the same key, which the notification module sends at most once. `failed`: the
 * notification module refused it `attempts` times (no e-mail provider, the provider's error); not retried.
 * `dropped`: claimed, then found paid, expired, cancelled or switched off before it was sent.
 */
const PaymentRequestReminder = model
  .define("tikkie_payment_request_reminder", {
    id: model.id({ prefix: "tkrm" }).primaryKey(),
    payment_request_id: model.text(),
    /** 1 for the first reminder of the link, 2 for the second, … up to the shop's maxReminders. */
    number: model.number(),
    state: model.enum(["sending", "sent", "failed", "dropped"]).default("sending"),
    /** nl or en: the language the payer was written in. */
    language: model.text(),
    notification_id: model.text().nullable(),
    attempts: model.number().default(0),
    error: model.text().nullable(),
    /** When the job claimed it (its clock): the next reminder is due reminderAfterDays after this. */
    claimed_at: model.dateTime(),
    sent_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["payment_request_id", "number"], unique: true }])

export default PaymentRequestReminder
