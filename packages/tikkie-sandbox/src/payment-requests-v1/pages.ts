import { z } from "zod"
import { MAX_AMOUNT_IN_CENTS } from "tikkie-client/payment-requests/v1/limits"
import type { SandboxContext } from "../context"
import { escapeHtml, euro, type SandboxResponse } from "../http-kit"
import type { Handler } from "../router"
import { makePayment } from "./make-payment"
import { parseEuroAmount } from "./parse-euro-amount"
import type { V1PaymentRequest, V1Store } from "./state"
import { paymentRequestStatus } from "./status"

/**
 * The payer's page behind paymentRequestUrl: a real form, so a person (or a browser test) can pay or
 * make a payment fail. Fixed amounts are shown; open amounts are typed in ("12,50").
 */
export function paymentPage(ctx: SandboxContext, store: V1Store): Handler {
  return (req) => {
    const pr = store.paymentRequests.get(req.params.paymentRequestToken)
    if (!pr) return notFound()
    return page(200, renderRequest(ctx, store, pr, {}))
  }
}

const PageForm = z.strictObject({
  counterPartyName: z.string().max(70).optional(),
  amount: z.string().max(30).optional(),
  action: z.enum(["pay", "fail"]),
})

export function submitPaymentPage(ctx: SandboxContext, store: V1Store): Handler {
  return (req) => {
    const pr = store.paymentRequests.get(req.params.paymentRequestToken)
    if (!pr) return notFound()
    const form = PageForm.safeParse(typeof req.body === "object" && req.body !== null ? req.body : {})
    if (!form.success) {
      return page(400, renderRequest(ctx, store, pr, { problem: "The form was not filled in correctly." }))
    }
    let amountInCents: number | undefined
    if (pr.amountInCents === null) {
      amountInCents = parseEuroAmount(form.data.amount ?? "")
      if (amountInCents === undefined || amountInCents < 1 || amountInCents > MAX_AMOUNT_IN_CENTS) {
        return page(
          400,
          renderRequest(ctx, store, pr, {
            problem: `Enter an amount between ${euro(1)} and ${euro(MAX_AMOUNT_IN_CENTS)}, for example 12,50.`,
            name: form.data.counterPartyName,
            amount: form.data.amount,
          })
        )
      }
    }
    const outcome = makePayment(ctx, store, pr, {
      amountInCents,
      counterPartyName: form.data.counterPartyName,
      onlinePaymentStatus: form.data.action === "pay" ? "PAID" : "NOT_PAID",
    })
    if (!outcome.ok) {
      return page(400, renderRequest(ctx, store, pr, { problem: outcome.message, name: form.data.counterPartyName }))
    }
    const p = outcome.payment
    const headline =
      p.onlinePaymentStatus === "PAID"
        ? `Paid ${euro(p.amountInCents)}`
        : `The payment of ${euro(p.amountInCents)} failed; nothing was paid`
    return page(
      200,
      `<h1 id="outcome" data-status="${p.onlinePaymentStatus}">${escapeHtml(headline)}</h1>
<p>Payment id (payId): <strong id="payId">${escapeHtml(p.payId)}</strong></p>
<p>${escapeHtml(pr.description)}</p>
<p><a href="">Back to the payment request</a></p>`
    )
  }
}

function renderRequest(
  ctx: SandboxContext,
  store: V1Store,
  pr: V1PaymentRequest,
  state: { problem?: string; name?: string; amount?: string }
): string {
  const owner = store.ownerOf(pr)
  const status = paymentRequestStatus(pr, ctx.now())
  const who = owner ? `${escapeHtml(owner.user.name)} asks you to pay` : "Payment request"
  const amount =
    pr.amountInCents === null
      ? `<label>Amount in euro <input name="amount" inputmode="decimal" placeholder="12,50" required value="${escapeHtml(state.amount ?? "")}"></label>`
      : `<p id="amount">${escapeHtml(euro(pr.amountInCents))}</p>`
  const problem = state.problem ? `<p id="problem" role="alert">${escapeHtml(state.problem)}</p>` : ""
  const body =
    status === "OPEN"
      ? `<form method="post">
  ${amount}
  <label>Your name <input name="counterPartyName" maxlength="70" value="${escapeHtml(state.name ?? "")}"></label>
  <button type="submit" name="action" value="pay">Pay</button>
  <button type="submit" name="action" value="fail">Pay fails</button>
</form>`
      : `<p id="status" data-status="${status}">This payment request is ${escapeHtml(status)} and can no longer be paid.</p>`
  return `<h1>${who}</h1>
<p id="description">${escapeHtml(pr.description)}</p>
${problem}
${body}`
}

function notFound(): SandboxResponse {
  return page(404, `<h1>Payment request not found</h1><p>This link does not lead to a payment request.</p>`)
}

function page(status: number, content: string): SandboxResponse {
  return {
    status,
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tikkie sandbox: payment request</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.4rem}button{margin:.75rem .5rem 0 0;padding:.5rem 1rem}#problem{color:#b00020}</style>
</head><body><p><small>Tikkie sandbox (payment requests v1). No real money moves.</small></p>
${content}
</body></html>`,
  }
}
