import { model } from "@medusajs/framework/utils"

/** An expected payout and the credit it matched; pending and overdue follow from `due_date` and today. */
const Payout = model
  .define("tikkie_bank_payout", {
    id: model.id({ prefix: "tkbpo" }).primaryKey(),
    /** The provider of the payment ("fastcheckout", "paymentrequest"). */
    source: model.text(),
    /** The payment's reference within its source (Fast Checkout: the orderToken). */
    reference: model.text(),
    amount_in_cents: model.bigNumber(),
    currency: model.text(),
    /** Amsterdam date the payment was paid. */
    paid_date: model.text(),
    /** Last bank day the payout may arrive before the payment is overdue. */
    due_date: model.text(),
    medusa_order_id: model.text().nullable(),
    transaction_id: model.text().nullable(),
    matched_by: model.enum(["reference", "amount_date"]).nullable(),
    matched_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["source", "reference"], unique: true },
    { on: ["transaction_id"], unique: true, where: "transaction_id IS NOT NULL" },
    { on: ["paid_date"] },
  ])

export default Payout
