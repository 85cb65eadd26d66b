import { model } from "@medusajs/framework/utils"

/** The columns of an OAuth grant (bank connection, v1 pay grant), its tokens sealed (token-cipher.ts). */
export const sealedTokenGrantColumns = () => ({
  /** needs_consent: a refresh was refused or the bank refused access; an admin must connect again. */
  status: model.enum(["connected", "needs_consent"]).default("connected"),
  problem: model.text().nullable(),
  access_token: model.text(),
  refresh_token: model.text(),
  access_expires_at: model.dateTime(),
  /** Counts refreshes, so an instance that waited for the refresh lock sees another one refreshed. */
  token_version: model.number().default(1),
  connected_by: model.text(),
})
