import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { payGrantStatus } from "../../../../utils/v1-connection-view"
import { disconnectV1, payGrantModulesIn, startV1Connect } from "../../../../../modules/tikkie-bank/v1-pay-grant"
import type {
  AdminTikkieConsentResponse,
  AdminTikkieV1ConnectionResponse,
  AdminTikkieV1DisconnectResponse,
} from "../../../../types"
import type { ConnectV1Body } from "./validators"

/** Starts the merchant's consent to scope pay; the bank callback route keeps the tokens sealed. */
export const POST = async (
  req: AuthenticatedMedusaRequest<ConnectV1Body>,
  res: MedusaResponse<AdminTikkieConsentResponse>
) => {
  res.status(201).json(
    await startV1Connect(payGrantModulesIn(req.scope), {
      userId: req.auth_context.actor_id,
      bank: req.validatedBody.bank,
      language: req.validatedBody.language,
    })
  )
}

/** Never a token; `oauth_ready` is false without the tikkie-bank module's OAuth options or key. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminTikkieV1ConnectionResponse>) => {
  res.json({ v1_connection: await payGrantStatus(req.scope) })
}

export const DELETE = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminTikkieV1DisconnectResponse>) => {
  res.json({ disconnected: await disconnectV1(payGrantModulesIn(req.scope)) })
}
