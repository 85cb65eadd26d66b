import { container } from "@medusajs/framework"
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { defineFileConfig } from "@medusajs/framework/utils"
import { TIKKIE_BANK_MODULE } from "../../../../../modules/tikkie-bank"
import type TikkieBankModuleService from "../../../../../modules/tikkie-bank/service"
import type { AdminTikkieSandboxPayoutsResponse, AdminTikkieSandboxPayoutsStateResponse } from "../../../../types"
import { bookPendingSandboxPayouts } from "./book-pending-sandbox-payouts"

/**
 * SANDBOX ONLY. This route exists only in a store whose tikkie-bank module has the option
 * `sandboxPayouts: true` (a store configured against the Tikkie sandbox, as the demo is); anywhere else
 * it is not mounted and answers 404 like any unknown path. Medusa's own switch for a route file
 * (`defineFileConfig`, as its feature-flagged routes use) is read once while the routes load, after the
 * modules: the app's container is the only way to the module's options there.
 */
defineFileConfig({
  isDisabled: () => {
    if (!container.hasRegistration(TIKKIE_BANK_MODULE)) return true
    return container.resolve<TikkieBankModuleService>(TIKKIE_BANK_MODULE).bankOptions?.sandboxPayouts !== true
  },
})

/** GET /admin/tikkie/bank/sandbox-payouts: `{ enabled: true }` (the admin shows its button when the route answers). */
export const GET = async (_req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminTikkieSandboxPayoutsStateResponse>) => {
  res.json({ enabled: true })
}

/**
 * POST /admin/tikkie/bank/sandbox-payouts: makes the sandbox book the payouts of paid payments not
 * matched yet, then runs reconciliation. Takes no body. Answers the payouts booked and the run's summary.
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminTikkieSandboxPayoutsResponse>) => {
  res.json(await bookPendingSandboxPayouts(req.scope))
}
