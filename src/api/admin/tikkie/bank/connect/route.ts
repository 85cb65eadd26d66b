import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { startBankConnect } from "../../../../../workflows/tikkie-bank/start-bank-connect"
import type { BankScopeName } from "../../../../../workflows/tikkie-bank/scopes"
import { ConnectBankBodySchema, parseInput } from "../validators"

/**
 * POST /admin/tikkie/bank/connect {scopes?, bank?}: the consent URL to send the account holder to,
 * with a fresh single-use state bound to this admin. 400 when the feature or the token encryption key
 * is not configured.
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const body = parseInput(ConnectBankBodySchema, req.body, "body")
  const started = await startBankConnect(req.scope, {
    userId: req.auth_context.actor_id,
    scopes: body.scopes as BankScopeName[],
    bank: body.bank,
  })
  res.status(201).json(started)
}
