import { model } from "@medusajs/framework/utils"

/**
 * Money to pay back by bank transfer because Tikkie cannot refund it (docs/REFUNDS-OWED.md). `key`: one
 * row per Medusa payment and cause, whichever instance records it.
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
    payer_account: model.json().nullable(),
    source: model.enum(["cancel", "return", "claim", "exchange", "second_payment", "refund"]),
    reason: model.text(),
    status: model.enum(["owed", "refunded"]).default("owed"),
    payment_request_token: model.text().nullable(),
    tikkie_payment_token: model.text().nullable(),
    /** A second payment on a v2 link: the admin can refund it at Tikkie instead of by bank transfer. */
    refundable_at_tikkie: model.boolean().default(false),
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
    bank_transaction_id: model.text().nullable(),
    bank_matched_by: model.enum(["reference", "amount_iban"]).nullable(),
  })
  .indexes([{ on: ["order_id"] }, { on: ["status"] }])

export default RefundOwed
