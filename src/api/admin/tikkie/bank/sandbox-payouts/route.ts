import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { bankModule } from "../../../../../workflows/tikkie-bank/bank-session"
import { bookPendingSandboxPayouts } from "../../../../../workflows/tikkie-bank/book-pending-sandbox-payouts"

/**
 * GET /admin/tikkie/bank/sandbox-payouts: `{ enabled }`, whether the sandbox payout action is on (the
 * admin page shows its button only then).
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  res.json({ enabled: bankModule(req.scope).bankOptions?.sandboxPayouts === true })
}

/**
 * POST /admin/tikkie/bank/sandbox-payouts (SANDBOX ONLY, tikkie-bank option `sandboxPayouts`): makes the
 * sandbox book the payouts of paid payments not matched yet, then runs reconciliation. Takes no body.
 * Answers the payouts booked and the run's summary.
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const body = (req.body ?? {}) as Record<string, unknown>
  if (typeof body !== "object" || Object.keys(body).length) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid body: this route takes no fields")
  }
  res.json(await bookPendingSandboxPayouts(req.scope))
}
