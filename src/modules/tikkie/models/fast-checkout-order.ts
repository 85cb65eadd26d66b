import { model } from "@medusajs/framework/utils"

/** A Fast Checkout order per payment session; stored before the redirect, as the orderToken cannot be read later. */
const FastCheckoutOrder = model
  .define("tikkie_fast_checkout_order", {
    id: model.id({ prefix: "tkfco" }).primaryKey(),
    order_token: model.text().unique(),
    reference_id: model.text().searchable(),
    status: model.enum(["NEW", "PAID", "CANCELLED", "EXPIRED", "ERROR"]).default("NEW"),
    checkout_url: model.text(),
    success_url: model.text(),
    failure_url: model.text(),
    provider_id: model.text(),
    cart_id: model.text().nullable(),
    payment_session_id: model.text().nullable(),
    /** Items plus shipping minus discount as sent, in cents. */
    amount_in_cents: model.bigNumber(),
    currency_code: model.text().default("eur"),
    expires_at: model.dateTime(),
    payer: model.json().nullable(),
    medusa_order_id: model.text().nullable(),
    /** Why a PAID order could not become a Medusa order: the money is never dropped silently. */
    problem: model.text().nullable(),
    attempts: model.number().default(0),
    /** Until when a problem's completion is retried; null with attempts at the limit: final. */
    retry_until: model.dateTime().nullable(),
    last_checked_at: model.dateTime().nullable(),
    next_check_at: model.dateTime().nullable(),
    /** Last webhook read claim (webhook-read-claim.ts); unlike last_checked_at, set before the read. */
    webhook_read_at: model.dateTime().nullable(),
    webhook_reads_deferred: model.number().default(0),
    /** Set when the payer's address lies outside the country or zone the cart was taxed and shipped for. */
    delivery_review: model.json().nullable(),
    delivery_reviewed_at: model.dateTime().nullable(),
    delivery_reviewed_by: model.text().nullable(),
  })
  .indexes([
    { on: ["status", "expires_at"] },
    { on: ["cart_id"] },
    { on: ["payment_session_id"] },
    { on: ["status", "next_check_at"] },
  ])

export default FastCheckoutOrder
