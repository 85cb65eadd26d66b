import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminTikkieConsentResponse } from "../../../../types"
import { startBankConnectWorkflow } from "../../../../../workflows/tikkie-bank/start-bank-connect"
import type { ConnectBankBody } from "../validators"

/** POST /admin/tikkie/bank/connect {scopes?, bank?, language?}: the consent URL, its single-use state bound to this admin. */
export const POST = async (
  req: AuthenticatedMedusaRequest<ConnectBankBody>,
  res: MedusaResponse<AdminTikkieConsentResponse>
) => {
  const { result: started } = await startBankConnectWorkflow(req.scope).run({
    input: {
      userId: req.auth_context.actor_id,
      scopes: req.validatedBody.scopes,
      bank: req.validatedBody.bank,
      language: req.validatedBody.language,
    },
  })
  res.status(201).json(started)
}
