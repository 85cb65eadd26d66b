import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { completeBankConsent } from "../../../../../lib/tikkie-bank/complete-bank-consent"
import { callbackPage } from "./page"

const CallbackQuerySchema = z.object({
  state: z.string().min(1).max(200).optional(),
  code: z.string().min(1).max(2_000).optional(),
  error: z.string().min(1).max(100).optional(),
  error_description: z.string().max(1_000).optional(),
})

/**
 * GET /hooks/tikkie/bank/callback?code&state (or ?error&state): where the bank's consent page sends the
 * holder's browser back. A /hooks route: a browser redirect carries no admin token; the single-use state
 * (made for the admin who started the connection) is what ties the answer to them. Answers an HTML page
 * that says what happened; never echoes the query, never shows a token.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  res.setHeader("cache-control", "no-store")
  res.setHeader("referrer-policy", "no-referrer")
  const q = CallbackQuerySchema.safeParse(req.query)
  if (!q.success) {
    return res.status(400).type("html").send(callbackPage("Not connected", "The bank's answer is malformed. Start again from the store admin."))
  }
  const outcome = await completeBankConsent(req.scope, q.data)
  if (outcome.ok && outcome.purpose === "pay") {
    return res
      .status(200)
      .type("html")
      .send(callbackPage("Tikkie payment requests v1 connected", "The store can now make payment requests with Tikkie v1. You can close this page."))
  }
  if (outcome.ok) {
    return res
      .status(200)
      .type("html")
      .send(callbackPage("Bank account connected", `Connected ${outcome.accountNumber} with: ${outcome.scopes.join(", ")}.`))
  }
  res.status(outcome.status).type("html").send(callbackPage(outcome.title, outcome.message))
}
