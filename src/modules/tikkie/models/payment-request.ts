import { model } from "@medusajs/framework/utils"

/** A Tikkie payment request the plugin made (checkout, order or invoice link), as last read from Tikkie. */
const PaymentRequest = model
  .define("tikkie_payment_request", {
    id: model.id({ prefix: "tkpr" }).primaryKey(),
    payment_request_token: model.text().unique(),
    kind: model.enum(["checkout", "order", "invoice"]),
    provider_id: model.text(),
    url: model.text(),
    description: model.text(),
    reference_id: model.text().nullable(),
    /** Null for an open amount (invoices only). */
    amount_in_cents: model.bigNumber().nullable(),
    currency_code: model.text().default("eur"),
    /** Europe/Amsterdam: payable until the end of that day. */
    expiry_date: model.text(),
    status: model.text().default("OPEN"),
    payment_session_id: model.text().nullable(),
    payment_collection_id: model.text().nullable(),
    cart_id: model.text().nullable(),
    order_id: model.text().nullable(),
    medusa_payment_id: model.text().nullable(),
    payments: model.json().default({ items: [] } as never),
    success_url: model.text().nullable(),
    failure_url: model.text().nullable(),
    cancelled_at: model.dateTime().nullable(),
    /** Why a paid request did not become a captured payment: the money is never dropped silently. */
    problem: model.text().nullable(),
    attempts: model.number().default(0),
    /** Until when a problem's completion is retried; null with attempts at the limit: final. */
    retry_until: model.dateTime().nullable(),
    last_checked_at: model.dateTime().nullable(),
    next_check_at: model.dateTime().nullable(),
    read_claimed_at: model.dateTime().nullable(),
    reminders_off: model.boolean().default(false),
    payer_email: model.text().nullable(),
    payer_language: model.enum(["nl", "en"]).nullable(),
    metadata: model.json().nullable(),
  })
  .indexes([
    { on: ["kind", "status"] },
    { on: ["order_id"] },
    { on: ["payment_session_id"] },
    { on: ["cart_id"] },
    { on: ["next_check_at"] },
  ])

export default PaymentRequest
