import { model } from "@medusajs/framework/utils"
import { sealedTokenGrantColumns } from "./sealed-token-grant"

/** The store's connected bank account (one: `slot` is unique), its tokens sealed (token-cipher.ts). */
const BankConnection = model.define("tikkie_bank_connection", {
  id: model.id({ prefix: "tkbcn" }).primaryKey(),
  /** Always "store": the unique index keeps one connection even when two callbacks race. */
  slot: model.text().default("store").unique(),
  account_number: model.text(),
  bank: model.text(),
  /** Scopes the holder granted (from consentinfo), space-separated as the bank writes them. */
  scopes: model.text(),
  ...sealedTokenGrantColumns(),
  /** Book date (yyyy-mm-dd) the next sync reads from (inclusive: that day is read again). */
  synced_through: model.text().nullable(),
  last_synced_at: model.dateTime().nullable(),
})

export default BankConnection
