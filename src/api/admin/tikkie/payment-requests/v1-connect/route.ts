import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { payGrantStatus } from "../../../../utils/v1-connection-view"
import { disconnectV1, payGrantModulesIn, startV1Connect } from "../../../../../modules/tikkie-bank/v1-pay-grant"
import type {
  AdminTikkieConsentResponse,
  AdminTikkieV1ConnectionResponse,
  AdminTikkieV1DisconnectResponse,
} from "../../../../types"
import type { ConnectV1Body } from "./validators"

/**
 * POST /admin/tikkie/payment-requests/v1-connect {bank?} → 201 `{ consent_url, expires_at }`: where the
 * merchant consents to scope pay for legacy payment requests v1. The bank's answer comes back through
 * the bank callback route (the ABN AMRO app's one redirect URI), which keeps the tokens sealed.
 * 400 when the tikkie-bank module's OAuth options or its tokenEncryptionKey are missing.
 */
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

/**
 * GET → `{ v1_connection: { providers: [{ provider_id, token: "connection" | "fixed_access_token" }],
 * oauth_ready, connection: null | { status, problem, access_expires_at, connected_by, connected_at } } }`;
 * never a token. `oauth_ready` is false when the tikkie-bank module's OAuth options or key are missing.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminTikkieV1ConnectionResponse>) => {
  res.json({ v1_connection: await payGrantStatus(req.scope) })
}

/** DELETE → `{ disconnected }`: the plugin forgets the tokens; v1 calls stop until connected again. */
export const DELETE = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminTikkieV1DisconnectResponse>) => {
  res.json({ disconnected: await disconnectV1(payGrantModulesIn(req.scope)) })
}
