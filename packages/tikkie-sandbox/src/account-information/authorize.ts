import { z } from "zod"
import { authorizationQuerySchema } from "tikkie-client/account-information/schemas"
import type { SandboxContext } from "../context"
import type { SandboxRequest, SandboxResponse } from "../http-kit"
import { accountsForBank } from "./accounts"
import { codePage, consentPage, deniedPage, errorPage } from "./pages"
import { CONSENT_REQUEST_MS, SANDBOX_CLIENT_ID, type AccountInformationState, type ConsentRequest } from "./state"

/**
 * GET /as/authorization.oauth2 (`oauth.authorize`): validates the consent request and shows the
 * consent page.
 *
 * Choices: only the client id TPP_test is accepted (the sandbox has no client registry); any absolute
 * http(s) redirect_uri is accepted, and redirect_uri may be left out, in which case the code is shown
 * on a page instead of redirected. Every bad query (unknown scope too, where RFC 6749 would redirect
 * with invalid_scope) answers a 400 HTML page: the sandbox never redirects a request it refused.
 */
export function showConsentPage(state: AccountInformationState, req: SandboxRequest): SandboxResponse {
  const parsed = authorizationQuerySchema.safeParse(Object.fromEntries(req.query))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue.path.join(".")
    return errorPage(400, field && !issue.message.includes(field) ? `${field}: ${issue.message}` : issue.message)
  }
  const q = parsed.data
  if (q.client_id !== SANDBOX_CLIENT_ID) {
    return errorPage(400, `unknown client_id; the sandbox accepts the test client id ${SANDBOX_CLIENT_ID}`)
  }
  const request = state.newConsentRequest({
    clientId: q.client_id,
    scopes: [...new Set(q.scope)],
    redirectUri: q.redirect_uri,
    state: q.state,
    bank: q.bank,
  })
  return { status: 200, html: consentPage(request, accountsForBank(q.bank)) }
}

const ConsentForm = z.object({
  consentRequestId: z.string().min(1),
  decision: z.enum(["approve", "deny"]),
  accountNumber: z.string().optional(),
})

/**
 * POST /as/authorization.oauth2 (`oauth.consentSubmit`): the holder's Approve or Deny. Approve
 * redirects (303) to redirect_uri with `code` and `state`; Deny with `error=access_denied` and `state`.
 * A consent form works once.
 */
export function submitConsent(
  ctx: SandboxContext,
  state: AccountInformationState,
  req: SandboxRequest
): SandboxResponse {
  const parsed = ConsentForm.safeParse(req.body)
  if (!parsed.success)
    return errorPage(400, "the consent form is incomplete: consentRequestId and decision are required")
  const form = parsed.data
  const request = state.consentRequests.get(form.consentRequestId)
  if (!request) return errorPage(400, "this consent request is unknown or was already answered; start again")
  if (ctx.now() - request.createdAt > CONSENT_REQUEST_MS) {
    state.consentRequests.delete(request.id)
    return errorPage(400, "this consent request has expired; start again")
  }

  if (form.decision === "deny") {
    state.consentRequests.delete(request.id)
    if (!request.redirectUri) return { status: 200, html: deniedPage(request.state) }
    return redirect(request, { error: "access_denied", error_description: "the account holder denied consent" })
  }

  const accounts = accountsForBank(request.bank)
  const chosen = accounts.find((a) => a.accountNumber === form.accountNumber)
  if (!chosen) return { status: 400, html: consentPage(request, accounts, "Choose one of the accounts listed.") }
  state.consentRequests.delete(request.id)
  const issued = state.newCode({
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    accountNumber: chosen.accountNumber,
  })
  if (!request.redirectUri) return { status: 200, html: codePage(issued.code, request.state) }
  return redirect(request, { code: issued.code })
}

function redirect(request: ConsentRequest, params: Record<string, string>): SandboxResponse {
  const url = new URL(request.redirectUri!)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  if (request.state !== undefined) url.searchParams.set("state", request.state)
  return { status: 303, headers: { location: url.toString(), "cache-control": "no-store" }, text: "" }
}
