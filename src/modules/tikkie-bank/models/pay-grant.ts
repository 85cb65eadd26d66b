import { model } from "@medusajs/framework/utils"
import { sealedTokenGrantColumns } from "./sealed-token-grant"

/**
 * The merchant's consent for scope `pay` (payment-requests.md, Authentication), for legacy payment requests
 * v1: one per store, beside the bank connection since both come from the same ABN AMRO app and key.
 */
const PayGrant = model.define("tikkie_pay_grant", {
  id: model.id({ prefix: "tkpg" }).primaryKey(),
  slot: model.text().default("store").unique(),
  ...sealedTokenGrantColumns(),
})

export default PayGrant
