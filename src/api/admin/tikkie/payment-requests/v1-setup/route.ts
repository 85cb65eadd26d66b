import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ensureV1Setup, v1Provider, v1SetupView } from "../../../../../workflows/payment-request/utils/v1-setup"
import type { AdminTikkieV1SetupResponse } from "../../../../types"
import type { RunV1SetupBody, V1SetupQuery } from "./validators"

/**
 * GET /admin/tikkie/payment-requests/v1-setup[?provider_id=] → `{ v1_setup: { ready, platform_token,
 * user_token, bank_account_token, problem, ... } }`: the stored v1 platform, user and bank account of a
 * provider with apiVersion "v1", or why setting them up failed (the v1 rule or code, explained).
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, V1SetupQuery>,
  res: MedusaResponse<AdminTikkieV1SetupResponse>
) => {
  const { providerId } = await v1Provider(req.scope, req.validatedQuery.provider_id)
  res.json({ v1_setup: await v1SetupView(req.scope, providerId) })
}

/**
 * POST /admin/tikkie/payment-requests/v1-setup → the setup, made now (or the stored one; `force` makes
 * it again). A failure answers 400 with the reason, e.g. a non-Dutch IBAN in the provider's options.
 * Checkout and order links set up on first use too; this route lets an admin check the options first.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<RunV1SetupBody>,
  res: MedusaResponse<AdminTikkieV1SetupResponse>
) => {
  const body = req.validatedBody
  const { providerId } = await v1Provider(req.scope, body.provider_id)
  await ensureV1Setup(req.scope, providerId, { force: body.force })
  res.json({ v1_setup: await v1SetupView(req.scope, providerId) })
}
