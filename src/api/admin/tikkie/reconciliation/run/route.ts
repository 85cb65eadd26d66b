import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { reconcileBankWorkflow } from "../../../../../workflows/tikkie-bank/reconcile"
import type { AdminTikkieReconciliationRunResponse } from "../../../../types"

/**
 * POST /admin/tikkie/reconciliation/run: runs reconciliation now (what the scheduled job does) and
 * answers its summary. Takes no body. A run already going on (another admin, the job, another
 * instance) is waited for; this one then finds little left to do.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminTikkieReconciliationRunResponse>
) => {
  const { result: summary } = await reconcileBankWorkflow(req.scope).run()
  res.json({ summary })
}
