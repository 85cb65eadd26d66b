import { model } from "@medusajs/framework/utils"

/** One Tikkie payment request the plugin made (checkout, order or invoice link), as last read from Tikkie. */
const PaymentRequest = model
  .define("tikkie_payment_request", {
    id: model.id({ prefix: "tkpr" }).primaryKey(),
    payment_request_token: model.text().unique(),
    /** checkout: a cart pays; order: an order's outstanding amount; invoice: outside Medusa's orders. */
    kind: model.enum(["checkout", "order", "invoice"]),
    provider_id: model.text(),
    url: model.text(),
    description: model.text(),
    reference_id: model.text().nullable(),
    /** Null for an open amount (invoices only): the payer chooses. */
    amount_in_cents: model.bigNumber().nullable(),
    currency_code: model.text().default("eur"),
    /** yyyy-mm-dd, Europe/Amsterdam: payable until the end of that day. */
    expiry_date: model.text(),
    /** OPEN, CLOSED, EXPIRED, MAX_YIELD_REACHED or MAX_SUCCESSFUL_PAYMENTS_REACHED, as last read. */
    status: model.text().default("OPEN"),
    payment_session_id: model.text().nullable(),
    payment_collection_id: model.text().nullable(),
    cart_id: model.text().nullable(),
    /** The order a checkout became, or the order an order link pays towards. */
    order_id: model.text().nullable(),
    /** The Medusa payment the paid request became (captured). */
    medusa_payment_id: model.text().nullable(),
    /** Tikkie's payments with their refunds, as last read (see providers/payment-request/session-data.ts). */
    payments: model.json().default({ items: [] } as never),
    /** Storefront pages for the return route (checkout only). */
    success_url: model.text().nullable(),
    failure_url: model.text().nullable(),
    /** When the shop cancelled the session; Tikkie cannot close the link itself. */
    cancelled_at: model.dateTime().nullable(),
    /** Why a paid request did not become a captured Medusa payment; the money is never dropped silently. */
    problem: model.text().nullable(),
    attempts: model.number().default(0),
    /**
     * Until when a recorded problem's completion is retried (workflows/utils/completion-budget.ts): set by its first
     * failure; null with attempts at the limit: decided final.
     */
    retry_until: model.dateTime().nullable(),
    last_checked_at: model.dateTime().nullable(),
    /** When the poll reads it next (workflows/utils/poll-schedule.ts); null: never read yet, due at once. */
    next_check_at: model.dateTime().nullable(),
    /** The admin switched reminders off for this link (reminders: jobs/send-payment-link-reminders.ts). */
    reminders_off: model.boolean().default(false),
    /** Invoice links: whom reminders go to (order links use the order's). */
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
