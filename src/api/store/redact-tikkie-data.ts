import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { redactStoreAnswer } from "../utils/store-session-data"

/**
 * Every Store API answer passes through here (middlewares.ts, `/store/*`): the data of Tikkie payment
 * sessions and payments in it is cut down to what a storefront needs (api/utils/store-session-data.ts), so a
 * cart id does not reveal the payer's details, IBAN or v1 tokens. A shop's own store routes that answer
 * Tikkie session data get the same, as long as they live under `/store`.
 */
export function redactTikkieDataMiddleware(_req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const json = res.json.bind(res)
  res.json = ((body: unknown) => json(redactStoreAnswer(body))) as typeof res.json
  next()
}
