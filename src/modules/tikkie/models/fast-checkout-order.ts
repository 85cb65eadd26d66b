import { model } from "@medusajs/framework/utils"

/**
 * One Fast Checkout order created for a Medusa payment session. The orderToken "cannot be retrieved
 * later" (Fast Checkout specification), so it is stored before the shopper is redirected; the poll job and the webhook
 * find their work here, in the database every store instance shares.
 */
const FastCheckoutOrder = model
  .define("tikkie_fast_checkout_order", {
    id: model.id({ prefix: "tkfco" }).primaryKey(),
    order_token: model.text().unique(),
    reference_id: model.text().searchable(),
    /** NEW, PAID, CANCELLED, EXPIRED or ERROR, as last read from the service. */
    status: model.enum(["NEW", "PAID", "CANCELLED", "EXPIRED", "ERROR"]).default("NEW"),
    checkout_url: model.text(),
    /** Storefront pages the return route sends the shopper to (from the provider's options). */
    success_url: model.text(),
    failure_url: model.text(),
    provider_id: model.text(),
    cart_id: model.text().nullable(),
    payment_session_id: model.text().nullable(),
    /** Sum of items plus shipping minus discount that was sent, in cents. */
    amount_in_cents: model.bigNumber(),
    currency_code: model.text().default("eur"),
    expires_at: model.dateTime(),
    /** The payer as the service returned it once PAID. */
    payer: model.json().nullable(),
    medusa_order_id: model.text().nullable(),
    /** Why a PAID order could not become a Medusa order; the money must never be dropped silently. */
    problem: model.text().nullable(),
    /** Completions tried for a PAID order; the poll stops retrying a problem once its time budget has passed (workflows/utils/completion-budget.ts). */
    attempts: model.number().default(0),
    /**
     * Until when a recorded problem's completion is retried (workflows/utils/completion-budget.ts): set by its first
     * failure; null with attempts at the limit: decided final.
     */
    retry_until: model.dateTime().nullable(),
    last_checked_at: model.dateTime().nullable(),
    /** When the poll reads it next (workflows/utils/poll-schedule.ts); null: never read yet, due at once. */
    next_check_at: model.dateTime().nullable(),
    /**
     * When a webhook last claimed a read of this order (workflows/fast-checkout/utils/webhook-read-claim.ts): a webhook
     * within the interval after it starts no read of its own. Apart from last_checked_at, which only
     * successful reads set (and the poll's expiry rules read).
     */
    webhook_read_at: model.dateTime().nullable(),
    /** Webhooks skipped since that claim; the first one schedules the read at the interval's end. */
    webhook_reads_deferred: model.number().default(0),
    /**
     * Set once paid when the payer's address is in another country than the cart was taxed for, or outside
     * its shipping option's zone (workflows/fast-checkout/utils/delivery-country.ts): the admin's review.
     */
    delivery_review: model.json().nullable(),
    /** When, and by which admin user, the delivery review was marked as handled. */
    delivery_reviewed_at: model.dateTime().nullable(),
    delivery_reviewed_by: model.text().nullable(),
  })
  // payment_session_id: the return route's lookup (a shopper waits on it). order_token is unique, hence indexed.
  .indexes([
    { on: ["status", "expires_at"] },
    { on: ["cart_id"] },
    { on: ["payment_session_id"] },
    { on: ["status", "next_check_at"] },
  ])

export default FastCheckoutOrder
