import { model } from "@medusajs/framework/utils"

/** A booking read from the account, stored once per transactionId however often it is read. */
const BankTransaction = model
  .define("tikkie_bank_transaction", {
    id: model.id({ prefix: "tkbtx" }).primaryKey(),
    transaction_id: model.text().unique(),
    account_number: model.text(),
    /** Negative for a debit. */
    amount_in_cents: model.bigNumber(),
    currency: model.text(),
    book_date: model.text(),
    description_lines: model.json(),
    counter_party_name: model.text().nullable(),
    counter_party_account_number: model.text().nullable(),
    mutation_code: model.text().nullable(),
    transaction_timestamp: model.text().nullable(),
  })
  .indexes([{ on: ["book_date"] }])

export default BankTransaction
