import { model } from "@medusajs/framework/utils"

/**
 * One consent round trip started by an admin (`POST /admin/tikkie/bank/connect`). Only the SHA-256 of
 * the `state` is kept, so a database reader cannot complete someone's consent. Single-use: the callback
 * sets `used_at` in one conditional update, so a replayed or concurrent callback finds it used.
 */
const BankConsentState = model.define("tikkie_bank_consent_state", {
  id: model.id({ prefix: "tkbcs" }).primaryKey(),
  state_hash: model.text().unique(),
  /** The admin user who asked; the connection records who connected it. */
  user_id: model.text(),
  bank: model.text(),
  /**
   * What the consent is for: "bank" (account information, a bank connection) or "pay" (the legacy
   * payment requests v1 API, a pay grant). Both come back through the same callback route, the one
   * redirect URI of the store's ABN AMRO app.
   */
  purpose: model.enum(["bank", "pay"]).default("bank"),
  /** Service scopes asked for (psd2:account:... or pay), space-separated. */
  scopes: model.text(),
  expires_at: model.dateTime(),
  used_at: model.dateTime().nullable(),
})

export default BankConsentState
