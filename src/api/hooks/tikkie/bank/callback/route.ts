import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { completeBankConsentWorkflow } from "../../../../../workflows/tikkie-bank/complete-bank-consent"
import { callbackPage } from "./page"
import type { BankConsentCallbackQuery } from "./validators"

/** The bank sends the browser back here with no admin token: the single-use state ties the answer to the admin. */
export const GET = async (req: MedusaRequest<unknown, BankConsentCallbackQuery>, res: MedusaResponse) => {
  res.setHeader("cache-control", "no-store")
  res.setHeader("referrer-policy", "no-referrer")
  const { state, code, error } = req.validatedQuery
  const { result: outcome } = await completeBankConsentWorkflow(req.scope).run({ input: { state, code, error } })
  if (outcome.ok && outcome.purpose === "pay") {
    return res
      .status(200)
      .type("html")
      .send(
        callbackPage(
          "Tikkie payment requests v1 connected",
          "The store can now make payment requests with Tikkie v1. You can close this page."
        )
      )
  }
  if (outcome.ok) {
    return res
      .status(200)
      .type("html")
      .send(
        callbackPage("Bank account connected", `Connected ${outcome.accountNumber} with: ${outcome.scopes.join(", ")}.`)
      )
  }
  res.status(outcome.status).type("html").send(callbackPage(outcome.title, outcome.message))
}
