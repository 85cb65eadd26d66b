import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { redactStoreAnswer } from "../utils/store-session-data"

/** Cuts Tikkie session data in every `/store` answer to what a storefront needs: a cart id reveals no payer details. */
export function redactTikkieDataMiddleware(_req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const json = res.json.bind(res)
  res.json = ((body: unknown) => json(redactStoreAnswer(body))) as typeof res.json
  next()
}
