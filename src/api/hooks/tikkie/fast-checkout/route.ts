import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { FastCheckoutWebhookSchema } from "../../../../tikkie/fast-checkout"

export const FAST_CHECKOUT_WEBHOOK_EVENT = "tikkie.fast_checkout.webhook_received"

/**
 * POST /hooks/tikkie/fast-checkout: Tikkie's order webhook `{referenceId, orderToken, status}`.
 * Validated, then handed to the event bus and answered at once; a worker reads the order from Tikkie
 * (the body is not signed, so it is only a hint) and settles it. A malformed body gets 400.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const body = FastCheckoutWebhookSchema.safeParse(req.body)
  if (!body.success) {
    const issue = body.error.issues[0]
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Invalid Tikkie Fast Checkout webhook: ${issue.path.join(".") || "body"}: ${issue.message}`
    )
  }
  await req.scope.resolve(Modules.EVENT_BUS).emit({
    name: FAST_CHECKOUT_WEBHOOK_EVENT,
    data: { order_token: body.data.orderToken, reference_id: body.data.referenceId, status: body.data.status },
  })
  res.status(200).json({ received: true })
}
