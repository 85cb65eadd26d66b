import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { completeBankConsentWorkflow } from "../../../../../workflows/tikkie-bank/complete-bank-consent"
import { callbackPageLanguage, outcomePage } from "./page"
import type { BankConsentCallbackQuery } from "./validators"

/** The bank sends the browser back here with no admin token: the single-use state ties the answer to the admin. */
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
