import { addDays, amsterdamDate, endOfAmsterdamDay } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { createPaymentRequestBodySchema } from "tikkie-client/payment-requests/v2/schemas"
import type { SandboxContext } from "../context"
import type { Handler } from "../router"
import { requireApp } from "./auth"
import { parseWith } from "./http"
import { newToken, type PaymentRequestsV2State } from "./state"
import { paymentRequestJson } from "./views"

/** Without expiryDate a request can be paid for 14 days: through the 14th day after today (Amsterdam). */
export const DEFAULT_EXPIRY_DAYS = 14

/** POST /v2/{product}/paymentrequests: answers 201 with the new request (status OPEN). */
export function createPaymentRequest(ctx: SandboxContext, state: PaymentRequestsV2State): Handler {
  const schema = createPaymentRequestBodySchema(ctx.now)
  return (req) => {
    const caller = requireApp(req, state)
    if (!caller.ok) return caller.response
    const body = parseWith(req, schema, req.body)
    if (!body.ok) return body.response
    const now = ctx.now()
    const expiryDate = body.data.expiryDate ?? addDays(amsterdamDate(now), DEFAULT_EXPIRY_DAYS)
    const pr = {
      paymentRequestToken: newToken(),
      appToken: caller.app.appToken,
      amountInCents: body.data.amountInCents,
      description: body.data.description,
      referenceId: body.data.referenceId,
      createdAt: now,
      expiryDate,
      expiresAt: endOfAmsterdamDay(expiryDate),
      closed: false,
      payments: [],
    }
    state.addPaymentRequest(pr)
    return { status: 201, json: paymentRequestJson(pr, now, req.baseUrl, false) }
  }
}
