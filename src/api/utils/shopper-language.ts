import type { MedusaRequest } from "@medusajs/framework/http"
import { shopperLanguage, type ShopperLanguage } from "../../workflows/checkout/utils/shopper-messages"

/**
 * The language of a Store API request's answers meant for the shopper: Medusa's `req.locale` (its
 * `x-medusa-locale` header or `?locale=`; the storefront helper sends the header from its `locale`
 * option), then `Accept-Language`. Dutch or English.
 */
export function requestShopperLanguage(req: MedusaRequest): ShopperLanguage {
  return shopperLanguage((req as { locale?: string }).locale, req.get("accept-language"))
}
