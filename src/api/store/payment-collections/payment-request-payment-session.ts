import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { isPaymentRequestProvider } from "../../../providers/provider-keys"

/**
 * On Medusa's own `POST /store/payment-collections/:id/payment-sessions` with a Tikkie payment request
 * provider: whatever `data` the storefront sent is dropped, so a shopper cannot choose the description
 * shown on the store's Tikkie page (the provider then uses the store name option). The poll job records
 * such sessions. Other providers pass through untouched.
 */
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
