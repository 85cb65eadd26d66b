import { z } from "zod"
import { PATH_TOKEN_PATTERN } from "tikkie-client/payment-requests/v2/rules"
import type { SandboxContext } from "../context"
import type { SandboxRequest, SandboxResponse } from "../http-kit"
import type { Handler } from "../router"
import { euroToCents } from "./euro-to-cents"
import { notFoundPage, paidPage, paymentFormPage, unavailablePage } from "./pages"
import { recordPayment } from "./record-payment"
import type { PaymentRequestsV2State, StoredPaymentRequest } from "./state"
import { paymentRequestStatus, unpayableReason } from "./status"

/**
 * GET /pay/v2/{paymentRequestToken}: the payment page (200), or why it cannot be paid (410 Gone for
 * expired, paid, closed or full requests; 404 for an unknown link).
 * POST the same path (form fields `amount` for an open amount, `counterPartyName`): 200 with the paid
 * confirmation, 400 with the form and the problem, or 410 if the request stopped being payable.
 * The page is the payer's, so it needs no API key or app token.
 */
const PaymentForm = z.looseObject({
  amount: z.string().optional(),
  counterPartyName: z.string().optional(),
})

function find(state: PaymentRequestsV2State, req: SandboxRequest): StoredPaymentRequest | undefined {
  const token = req.params.paymentRequestToken
  return PATH_TOKEN_PATTERN.test(token) ? state.paymentRequests.get(token) : undefined
}

/** Relative to the page itself, so the form also works when publicUrl puts the sandbox under a path prefix. */
function formAction(pr: StoredPaymentRequest): string {
  return encodeURIComponent(pr.paymentRequestToken)
}

export function paymentPage(ctx: SandboxContext, state: PaymentRequestsV2State): Handler {
  return (req) => {
    const pr = find(state, req)
    if (!pr) return { status: 404, html: notFoundPage() }
    const status = paymentRequestStatus(pr, ctx.now())
    if (status !== "OPEN") return { status: 410, html: unavailablePage(pr, unpayableReason(status)) }
    return { status: 200, html: paymentFormPage({ pr, action: formAction(pr) }) }
  }
}

export function paymentSubmit(ctx: SandboxContext, state: PaymentRequestsV2State): Handler {
  return (req): SandboxResponse => {
    const pr = find(state, req)
    if (!pr) return { status: 404, html: notFoundPage() }
    const form = PaymentForm.safeParse(req.body ?? {})
    const values = form.success ? form.data : {}
    const again = (error: string): SandboxResponse => ({
      status: 400,
      html: paymentFormPage({ pr, action: formAction(pr), error, values }),
    })
    if (!form.success) return again("Please fill in the form.")

    let amountInCents: number | undefined
    if (pr.amountInCents === undefined) {
      if (!values.amount?.trim()) return again("Please enter the amount you want to pay.")
      amountInCents = euroToCents(values.amount)
      if (amountInCents === undefined) return again("Please enter an amount like 12,50.")
    }
    const outcome = recordPayment(ctx, state, pr, { amountInCents, counterPartyName: values.counterPartyName ?? "" })
    if (outcome.ok) return { status: 200, html: paidPage(pr, outcome.payment) }
    if (outcome.status === 409) return { status: 410, html: unavailablePage(pr, outcome.reason) }
    return again(outcome.reason)
  }
}
