import { escapeHtml, euro } from "../http-kit"
import type { StoredPayment, StoredPaymentRequest } from "./state"

/**
 * The payment page a payer opens from `url`. Plain HTML with a form that works without JavaScript;
 * the ids and names are stable so browser tests can fill it:
 * - #description, #amount-due (fixed amount) or input#amount name="amount" (open amount, in euro),
 * - input#counterPartyName name="counterPartyName", button#pay-button,
 * - #payment-error (a refused submission), #payment-unavailable (cannot be paid, with the reason),
 * - #payment-confirmation with data-payment-token, #paid-amount, #tikkie-id (after paying).
 */

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6f8; margin: 0; padding: 2rem 1rem; color: #1d2b36; }
  main { max-width: 26rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  h1 { font-size: 1.25rem; margin-top: 0; }
  .amount { font-size: 2rem; font-weight: 600; margin: .5rem 0 1rem; }
  label { display: block; margin: .75rem 0 .25rem; font-weight: 500; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #b8c2cc; border-radius: 6px; }
  button { margin-top: 1.25rem; width: 100%; padding: .75rem; font-size: 1rem; border: 0; border-radius: 6px; background: #004c4c; color: #fff; cursor: pointer; }
  .error { background: #fdecea; color: #8a1c12; padding: .75rem; border-radius: 6px; }
  .notice { background: #fff4e5; color: #6b4100; padding: .75rem; border-radius: 6px; }
  .paid { background: #e6f4ea; color: #135c26; padding: .75rem; border-radius: 6px; }
  small { color: #5f6b76; }
</style>
</head>
<body><main>
${body}
<p><small>Tikkie sandbox: no real money moves.</small></p>
</main></body>
</html>`
}

export interface PaymentFormView {
  pr: StoredPaymentRequest
  action: string
  error?: string
  /** What the payer typed, shown again after a refused submission. */
  values?: { amount?: string; counterPartyName?: string }
}

export function paymentFormPage(v: PaymentFormView): string {
  const amountBlock =
    v.pr.amountInCents !== undefined
      ? `<p class="amount" id="amount-due">${escapeHtml(euro(v.pr.amountInCents))}</p>`
      : `<label for="amount">Amount in euro</label>
<input id="amount" name="amount" type="text" inputmode="decimal" autocomplete="off" placeholder="12,50" required value="${escapeHtml(v.values?.amount ?? "")}">`
  return layout(
    `Pay: ${v.pr.description}`,
    `<h1 id="description">${escapeHtml(v.pr.description)}</h1>
${v.error ? `<p class="error" id="payment-error" role="alert">${escapeHtml(v.error)}</p>` : ""}
<form id="payment-form" method="post" action="${escapeHtml(v.action)}">
${amountBlock}
<label for="counterPartyName">Your name</label>
<input id="counterPartyName" name="counterPartyName" type="text" autocomplete="name" maxlength="70" required value="${escapeHtml(v.values?.counterPartyName ?? "")}">
<button id="pay-button" type="submit">Pay</button>
</form>`
  )
}

export function unavailablePage(pr: StoredPaymentRequest, reason: string): string {
  return layout(
    `Cannot be paid: ${pr.description}`,
    `<h1 id="description">${escapeHtml(pr.description)}</h1>
<p class="notice" id="payment-unavailable" role="status">${escapeHtml(reason)}</p>`
  )
}

export function notFoundPage(): string {
  return layout(
    "Payment request not found",
    `<h1>Payment request not found</h1>
<p class="notice" id="payment-unavailable" role="status">This payment link is not valid.</p>`
  )
}

export function paidPage(pr: StoredPaymentRequest, payment: StoredPayment): string {
  return layout(
    `Paid: ${pr.description}`,
    `<h1 id="description">${escapeHtml(pr.description)}</h1>
<div class="paid" id="payment-confirmation" role="status" data-payment-token="${escapeHtml(payment.paymentToken)}">
<p><strong>Paid</strong> <span id="paid-amount">${escapeHtml(euro(payment.amountInCents))}</span>. Thank you, ${escapeHtml(payment.counterPartyName)}!</p>
<p>Tikkie id: <span id="tikkie-id">${escapeHtml(payment.tikkieId)}</span></p>
</div>`
  )
}
