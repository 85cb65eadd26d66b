import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { completeBankConsentWorkflow } from "../../../../../workflows/tikkie-bank/complete-bank-consent"
import { callbackPageLanguage, outcomePage } from "./page"
import type { BankConsentCallbackQuery } from "./validators"

/**
 * GET /hooks/tikkie/bank/callback?code&state (or ?error&state): where the bank's consent page sends the
 * holder's browser back. A /hooks route: a browser redirect carries no admin token; the single-use state
 * (made for the admin who started the connection) is what ties the answer to them. The query is
 * validated in middlewares.ts (a malformed one gets the page's 400). Answers an HTML page that says what
 * happened; never echoes the query, never shows a token.
 */
export const GET = async (req: MedusaRequest<unknown, BankConsentCallbackQuery>, res: MedusaResponse) => {
  res.setHeader("cache-control", "no-store")
  res.setHeader("referrer-policy", "no-referrer")
  const { state, code, error } = req.validatedQuery
  const { result: outcome } = await completeBankConsentWorkflow(req.scope).run({ input: { state, code, error } })
  // In the admin's language (its lng cookie, else the browser's): the admin who connected reads it.
  res
    .status(outcome.ok ? 200 : outcome.status)
    .type("html")
    .send(outcomePage(outcome, callbackPageLanguage(req)))
}
