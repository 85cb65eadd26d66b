import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { isPaymentRequestProvider } from "../../../providers/provider-keys"

/** Drops a storefront's `data` on Medusa's session route: a shopper cannot choose the text on the Tikkie page. */
export function paymentRequestPaymentSessionMiddleware(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  const body = (req.body ?? {}) as { provider_id?: string; data?: Record<string, unknown> }
  if (!isPaymentRequestProvider(body.provider_id)) return next()
  req.body = { ...body, data: {} }
  const validated = (req as { validatedBody?: Record<string, unknown> }).validatedBody
  if (validated) validated.data = {}
  next()
}
