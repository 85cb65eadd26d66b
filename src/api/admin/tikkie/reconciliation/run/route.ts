import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { reconcileBank } from "../../../../../workflows/tikkie-bank/reconcile"

/**
 * POST /admin/tikkie/reconciliation/run: runs reconciliation now (what the scheduled job does) and
 * answers its summary. Takes no body. A run already going on (another admin, the job, another
 * instance) is waited for; this one then finds little left to do.
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const body = (req.body ?? {}) as Record<string, unknown>
  if (typeof body !== "object" || Object.keys(body).length) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid body: this route takes no fields")
  }
  res.json({ summary: await reconcileBank(req.scope) })
}
