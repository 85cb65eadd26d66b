import { model } from "@medusajs/framework/utils"

/** One consent round trip; only the state's SHA-256 is kept, so a database reader cannot complete it. */
const BankConsentState = model.define("tikkie_bank_consent_state", {
  id: model.id({ prefix: "tkbcs" }).primaryKey(),
  state_hash: model.text().unique(),
  /** The admin who asked. */
  user_id: model.text(),
  bank: model.text(),
  /** "bank" or "pay" (v1's pay grant): both come back through the app's one redirect URI. */
  purpose: model.enum(["bank", "pay"]).default("bank"),
  /** Service scopes asked for (psd2:account:... or pay), space-separated. */
  scopes: model.text(),
  expires_at: model.dateTime(),
  used_at: model.dateTime().nullable(),
})

export default BankConsentState
