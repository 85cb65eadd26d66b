import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { tikkieHealth } from "../../../../workflows/utils/tikkie-health"
import type { AdminTikkieHealthResponse } from "../../../types"

/** GET /admin/tikkie/health: the health card, also for monitoring with a secret API key (docs/production.md). */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminTikkieHealthResponse>) => {
  res.json(await tikkieHealth(req.scope))
}
