import { model } from "@medusajs/framework/utils"
import { sealedTokenGrantColumns } from "./sealed-token-grant"

/**
 * The merchant's consent for scope `pay`: what the legacy payment requests v1 API is called with
 * (payment-requests.md, Authentication: OAuth with user-based consent, scope pay). It lives beside the
 * bank connection because both come from the same ABN AMRO app (client id, client certificate,
 * authorization service) and are sealed with the same key; at most one per store (`slot` is unique).
 *
 * Tokens are AES-256-GCM sealed (token-cipher.ts). A refresh token works once, so a refresh happens
 * under a store-wide lock and bumps `token_version`: an instance that waited for the lock sees that
 * another one already refreshed and uses the new token instead of burning the old refresh token.
 */
const PayGrant = model.define("tikkie_pay_grant", {
  id: model.id({ prefix: "tkpg" }).primaryKey(),
  slot: model.text().default("store").unique(),
  ...sealedTokenGrantColumns(),
})

export default PayGrant
