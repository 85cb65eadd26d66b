import { model } from "@medusajs/framework/utils"

/**
 * The columns of an OAuth grant the plugin keeps: the bank connection and the pay grant of legacy
 * payment requests v1 (modules/tikkie-bank/rotate-tokens.ts refreshes both the same way). Tokens are
 * AES-256-GCM sealed (token-cipher.ts) and never leave the code that reads them.
 */
export const sealedTokenGrantColumns = () => ({
  /** needs_consent: a refresh was refused or the bank refused access; an admin must connect again. */
  status: model.enum(["connected", "needs_consent"]).default("connected"),
  problem: model.text().nullable(),
  access_token: model.text(),
  refresh_token: model.text(),
  access_expires_at: model.dateTime(),
  /** Counts refreshes, so an instance that waited for the refresh lock sees another one refreshed. */
  token_version: model.number().default(1),
  /** The admin user who connected it. */
  connected_by: model.text(),
})
