import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { amsterdamDate } from "tikkie-client/account-information"
import { TIKKIE_MODULE } from "../../../../modules/tikkie"
import type TikkieModuleService from "../../../../modules/tikkie/service"
import { TIKKIE_BANK_MODULE } from "../../../../modules/tikkie-bank"
import type TikkieBankModuleService from "../../../../modules/tikkie-bank/service"
import type { AdminTikkieAttentionResponse } from "../../../types"

/**
 * GET /admin/tikkie/attention → `{ attention }`: how many things on the Tikkie page need the admin, for
 * the counts on its tabs. Paid at Tikkie with no order yet; refunds still owed; Fast Checkout deliveries to
 * review (another country than the tax country); payouts overdue or paid
 * out with another amount, and unmatched credits that look like a Tikkie payout (null when the store has
 * no bank account feature). Counts only: each tab lists its own.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminTikkieAttentionResponse>) => {
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const bank = req.scope.hasRegistration(TIKKIE_BANK_MODULE)
    ? req.scope.resolve<TikkieBankModuleService>(TIKKIE_BANK_MODULE)
    : null
  const [paid, owed, reviews, reconciliation] = await Promise.all([
    tikkie.listPaidWithoutOrder({ limit: 1, offset: 0 }),
    tikkie.listAndCountRefundOweds({ status: "owed" }, { take: 1, select: ["id"] }),
    tikkie.listAndCountFastCheckoutOrders(
      { delivery_review: { $ne: null }, delivery_reviewed_at: null },
      { take: 1, select: ["id"] }
    ),
    bank?.bankOptions
      ? bank.listReconciliation({
          today: amsterdamDate(Date.now()),
          statuses: ["overdue"],
          limit: 1,
          offset: 0,
          credits: "tikkie",
        })
      : null,
  ])
  res.json({
    attention: {
      paid_without_order: paid.count,
      refunds_owed: owed[1],
      delivery_reviews: reviews[1],
      reconciliation: reconciliation
        ? {
            overdue: reconciliation.counts.overdue,
            mismatch: reconciliation.counts.mismatch,
            unmatched: reconciliation.counts.unmatched,
          }
        : null,
    },
  })
}
