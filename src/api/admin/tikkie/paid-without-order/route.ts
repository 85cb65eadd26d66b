import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TIKKIE_MODULE } from "../../../../modules/tikkie"
import type TikkieModuleService from "../../../../modules/tikkie/service"
import type { AdminTikkiePaidWithoutOrderListResponse } from "../../../types"
import type { ListPaidWithoutOrderQuery } from "./validators"

/**
 * GET /admin/tikkie/paid-without-order?limit&offset → `{ paid_without_order, count, limit, offset }`:
 * money paid at Tikkie that is not a Medusa order (or, for an order link, a captured payment) yet,
 * oldest first, with how long ago it was paid. The poll keeps settling each until it is an order or,
 * after a day, a recorded problem (`problem`); either way it stays here until it is settled.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, ListPaidWithoutOrderQuery>,
  res: MedusaResponse<AdminTikkiePaidWithoutOrderListResponse>
) => {
  const { limit, offset } = req.validatedQuery
  const { rows, count } = await req.scope
    .resolve<TikkieModuleService>(TIKKIE_MODULE)
    .listPaidWithoutOrder({ limit, offset })
  const now = Date.now()
  res.json({
    paid_without_order: rows.map((r) => {
      const since = new Date(r.since)
      return {
        source: r.source,
        id: r.id,
        token: r.token,
        provider_id: r.provider_id,
        amount_in_cents: r.amount_in_cents === null ? null : Number(r.amount_in_cents),
        paid_in_cents: Number(r.paid_in_cents),
        cart_id: r.cart_id,
        order_id: r.order_id,
        problem: r.problem,
        attempts: r.attempts,
        paid_since: since.toISOString(),
        age_minutes: Math.max(0, Math.floor((now - since.getTime()) / 60_000)),
      }
    }),
    count,
    limit,
    offset,
  })
}
