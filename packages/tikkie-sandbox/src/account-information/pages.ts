import type { Scope } from "tikkie-client/account-information/schemas"
import { escapeHtml, type SandboxResponse } from "../http-kit"
import type { SeededAccount } from "./accounts"
import type { ConsentRequest } from "./state"

/**
 * HTML of the sandbox's authorization service. Element names and ids are stable so browser tests can
 * drive the page: radio inputs `name="accountNumber"` (`id="account-<IBAN>"`), buttons
 * `name="decision"` with `id="approve"` and `id="deny"`, and on the no-redirect result page
 * `id="code"` and `id="state"`.
 */
export const CONSENT_FORM_ACTION = "/as/authorization.oauth2"

const SCOPE_TEXT: Record<Scope, string> = {
  "psd2:account:details:read": "See the account's currency and holder name",
  "psd2:account:balance:read": "See the book balance",
  "psd2:account:transaction:read": "See the transactions of up to 18 months back",
  "psd2:account:funds:read": "Check whether an amount is available",
  pay: "Create Tikkie payment requests for the account (payment requests v1)",
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}
label{display:block;padding:.5rem;border:1px solid #ccc;margin:.25rem 0;border-radius:4px}
button{padding:.5rem 1.5rem;margin-right:1rem}.error{color:#a00}</style></head>
<body><p><strong>ABN AMRO sandbox</strong> &middot; account information consent (test environment)</p>
${body}</body></html>`
}

export function consentPage(request: ConsentRequest, accounts: SeededAccount[], problem?: string): string {
  const scopes = request.scopes
    .map((s) => `<li data-scope="${escapeHtml(s)}"><code>${escapeHtml(s)}</code>: ${escapeHtml(SCOPE_TEXT[s])}</li>`)
    .join("\n")
  const choices = accounts
    .map(
      (a, i) => `<label for="account-${escapeHtml(a.accountNumber)}"><input type="radio" name="accountNumber"
  id="account-${escapeHtml(a.accountNumber)}" value="${escapeHtml(a.accountNumber)}"${i === 0 ? " checked" : ""}>
  ${escapeHtml(a.accountNumber)} &middot; ${escapeHtml(a.accountHolderName)} &middot; ${escapeHtml(a.currency)}</label>`
    )
    .join("\n")
  return layout(
    "Give consent",
    `<h1>Give consent</h1>
${problem ? `<p class="error" id="problem">${escapeHtml(problem)}</p>` : ""}
<p><strong id="client-id">${escapeHtml(request.clientId)}</strong> asks access to one of your accounts:</p>
<ul id="scopes">${scopes}</ul>
<form method="post" action="${CONSENT_FORM_ACTION}" id="consent-form">
<input type="hidden" name="consentRequestId" value="${escapeHtml(request.id)}">
<fieldset><legend>Choose the account</legend>
${choices}
</fieldset>
<p><button type="submit" name="decision" value="approve" id="approve">Approve</button>
<button type="submit" name="decision" value="deny" id="deny">Deny</button></p>
</form>`
  )
}

/** Consent without redirect_uri: the sandbox shows the code for the developer to copy. */
export function codePage(code: string, state: string | undefined): string {
  return layout(
    "Consent given",
    `<h1>Consent given</h1>
<p>No redirect_uri was given, so here is the authorization code. Exchange it within 10 seconds.</p>
<p>code: <code id="code">${escapeHtml(code)}</code></p>
${state === undefined ? "" : `<p>state: <code id="state">${escapeHtml(state)}</code></p>`}`
  )
}

export function deniedPage(state: string | undefined): string {
  return layout(
    "Consent denied",
    `<h1>Consent denied</h1><p id="error">access_denied</p>
${state === undefined ? "" : `<p>state: <code id="state">${escapeHtml(state)}</code></p>`}`
  )
}

/** Bad consent requests get this page, never a redirect to a URL we could not validate. */
export function errorPage(status: number, reason: string): SandboxResponse {
  return {
    status,
    html: layout(
      "Consent request refused",
      `<h1>Consent request refused</h1><p class="error" id="error">${escapeHtml(reason)}</p>`
    ),
  }
}
