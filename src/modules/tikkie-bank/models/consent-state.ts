import { model } from "@medusajs/framework/utils"

/**
 * One consent round trip started by an admin (`POST /admin/tikkie/bank/connect`). Only the SHA-256 of
 * the `state` is kept, so a database reader cannot complete someone's consent. Single-use: the callback
 * sets `used_at` in one conditional update, so a replayed or concurrent callback finds it used.
 */
const BankConsentState = model
  .define("tikkie_bank_consent_state", {
    id: model.id({ prefix: "tkbcs" }).primaryKey(),
    state_hash: model.text().unique(),
    /** The admin user who asked; the connection records who connected it. */
    user_id: model.text(),
    bank: model.text(),
    /** Service scopes asked for (psd2:account:...), space-separated. */
    scopes: model.text(),
    expires_at: model.dateTime(),
    used_at: model.dateTime().nullable(),
  })

export default BankConsentState
