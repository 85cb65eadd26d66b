import { V1_ERRORS } from "tikkie-client/payment-requests/v1/codes"
import { CreatePaymentRequestRequest } from "tikkie-client/payment-requests/v1/schemas"
import type { SandboxContext } from "../context"
import { error } from "../http-kit"
import type { Handler } from "../router"
import { authorize } from "./auth"
import { findUser } from "./lookup"
import { parseBody } from "./parse-input"
import type { V1Store } from "./state"

/** Where the payer pays; the sandbox serves the page itself (pages.ts). */
export function paymentPageUrl(baseUrl: string, paymentRequestToken: string): string {
  return `${baseUrl}/pay/v1/${encodeURIComponent(paymentRequestToken)}`
}

/**
 * Operation 5. Choices: 201 Created; a bankAccountToken that is not one of the user's bank accounts is
 * ERR_1100_004 (invalid input parameter), since the payment request specification has no "bank account not found" code.
 */
export function createPaymentRequest(ctx: SandboxContext, store: V1Store): Handler {
  return (req) => {
    const auth = authorize(ctx, req)
    if (!auth.ok) return auth.response
    const body = parseBody(req, CreatePaymentRequestRequest)
    if (!body.ok) return body.response
    const found = findUser(store, req.traceId, auth.client, req.params.platformToken, req.params.userToken)
    if (!found.ok) return found.response
    const bankAccount = found.value.user.bankAccounts.find((b) => b.bankAccountToken === req.params.bankAccountToken)
    if (!bankAccount) {
      return error(req.traceId, 400, V1_ERRORS.INVALID_INPUT, "bankAccountToken is not a bank account of this user")
    }
    const b = body.data
    const pr = store.addPaymentRequest(
      found.value.user,
      bankAccount,
      {
        amountInCents: b.amountInCents === undefined ? null : Number(b.amountInCents),
        currency: b.currency,
        description: b.description,
        externalId: b.externalId,
      },
      ctx.now()
    )
    return {
      status: 201,
      json: {
        paymentRequestUrl: paymentPageUrl(req.baseUrl, pr.paymentRequestToken),
        paymentRequestToken: pr.paymentRequestToken,
        externalId: pr.externalId,
      },
    }
  }
}
