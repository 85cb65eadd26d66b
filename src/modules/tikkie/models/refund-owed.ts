import { model } from "@medusajs/framework/utils"

/**
 * Money the shop must pay back by bank transfer because Tikkie cannot refund it: a Fast Checkout order
 * or a legacy v1 link that was cancelled, returned, claimed, exchanged or refunded by the admin, or a
 * second payment on a link.
 * Medusa's own records show the refund only once an admin marks this refunded (then `medusa_refund_id`).
 * `key` makes recording idempotent across instances: one row per Medusa payment and cause.
 */
const RefundOwed = model
  .define("tikkie_refund_owed", {
    id: model.id({ prefix: "tkro" }).primaryKey(),
    key: model.text().unique(),
    order_id: model.text().nullable(),
    /** The Medusa payment the money came in with (null for a second payment Medusa never saw). */
    payment_id: model.text().nullable(),
    provider_id: model.text().nullable(),
    amount_in_cents: model.bigNumber(),
    currency_code: model.text().default("eur"),
    payer_name: model.text().nullable(),
    /** What is known of the payer's account: IBAN and bank as Tikkie reported them. */
    payer_account: model.json().nullable(),
    /** cancel, return, claim, exchange, second_payment, or refund (the admin's refund with Medusa's Refund). */
    source: model.enum(["cancel", "return", "claim", "exchange", "second_payment", "refund"]),
    reason: model.text(),
    status: model.enum(["owed", "refunded"]).default("owed"),
    /** The Tikkie payment request and payment of a second payment (v2 can refund it at Tikkie). */
    payment_request_token: model.text().nullable(),
    tikkie_payment_token: model.text().nullable(),
    /** A second payment on a v2 link: the admin can refund it at Tikkie instead of by bank transfer. */
    refundable_at_tikkie: model.boolean().default(false),
    /** When the payer was asked for their IBAN (Fast Checkout gives none), by whom, and how. */
    iban_requested_at: model.dateTime().nullable(),
    iban_requested_by: model.text().nullable(),
    iban_requested_via: model.enum(["email", "mailto"]).nullable(),
    refunded_by: model.text().nullable(),
    refunded_at: model.dateTime().nullable(),
    bank_reference: model.text().nullable(),
    note: model.text().nullable(),
    /** Marked sent by bank transfer: the provider answers Medusa's refund naming this row. */
    bank_transfer_marked_at: model.dateTime().nullable(),
    medusa_refund_id: model.text().nullable(),
    /** The outgoing bank transaction the reconciliation matched to this refund. */
    bank_transaction_id: model.text().nullable(),
    /** How it was matched: the bank reference in the description, or amount and payer IBAN near the date. */
    bank_matched_by: model.enum(["reference", "amount_iban"]).nullable(),
  })
  .indexes([{ on: ["order_id"] }, { on: ["status"] }])

export default RefundOwed
