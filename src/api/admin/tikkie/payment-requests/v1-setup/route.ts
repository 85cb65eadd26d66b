import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ensureV1Setup, v1Provider, v1SetupView } from "../../../../../workflows/payment-request/utils/v1-setup"
import type { AdminTikkieV1SetupResponse } from "../../../../types"
import type { RunV1SetupBody, V1SetupQuery } from "./validators"

/** The stored v1 platform, user and bank account of a v1 provider, or why setting them up failed. */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, V1SetupQuery>,
  res: MedusaResponse<AdminTikkieV1SetupResponse>
) => {
  const { providerId } = await v1Provider(req.scope, req.validatedQuery.provider_id)
  res.json({ v1_setup: await v1SetupView(req.scope, providerId) })
}

/** Sets up now (`force`: again), so an admin can check the options before the first link does. */
export const POST = async (
  req: AuthenticatedMedusaRequest<RunV1SetupBody>,
  res: MedusaResponse<AdminTikkieV1SetupResponse>
) => {
  const body = req.validatedBody
  const { providerId } = await v1Provider(req.scope, body.provider_id)
  await ensureV1Setup(req.scope, providerId, { force: body.force })
  res.json({ v1_setup: await v1SetupView(req.scope, providerId) })
}
