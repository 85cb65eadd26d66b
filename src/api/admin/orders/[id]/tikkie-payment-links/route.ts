import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createOrderPaymentLinkWorkflow } from "../../../../../workflows/payment-request/create-order-link"
import { loadOrderLinkRoom } from "../../../../../workflows/payment-request/utils/order-link-room"
import { tikkieAdminErrorAnswer } from "../../../../../utils/admin-error"
import { linkView } from "../../../../utils/payment-request-link-view"
import type { AdminTikkieOrderPaymentLinkListResponse, AdminTikkieOrderPaymentLinkResponse } from "../../../../types"
import type { CreateOrderLinkBody, ListOrderLinksQuery } from "./validators"

/**
 * POST /admin/orders/:id/tikkie-payment-links → 201 `{ payment_link }`: a link for what the order still
 * owes (or less). A refusal carries a `code` and `values` for the admin to word (TikkieAdminError).
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<CreateOrderLinkBody>,
  res: MedusaResponse<AdminTikkieOrderPaymentLinkResponse>
) => {
  const body = req.validatedBody
  let record
  try {
    ;({ result: record } = await createOrderPaymentLinkWorkflow(req.scope).run({
      input: {
        orderId: req.params.id,
        amountInCents: body.amount_in_cents,
        description: body.description,
        expiryDate: body.expiry_date,
        providerId: body.provider_id,
      },
    }))
  } catch (e) {
    const coded = tikkieAdminErrorAnswer(e)
    if (!coded) throw e
    res.status(coded.status).json(coded.body as never)
    return
  }
  res.status(201).json({ payment_link: linkView(record) })
}

/**
 * GET /admin/orders/:id/tikkie-payment-links[?limit&offset] → `{ payment_links, count, limit, offset }`,
 * newest first, and `new_link`: what a new link may still ask for and whether one can be made.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, ListOrderLinksQuery>,
  res: MedusaResponse<AdminTikkieOrderPaymentLinkListResponse>
) => {
  const { limit, offset } = req.validatedQuery
  const [{ data: records, metadata }, loaded] = await Promise.all([
    req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "tikkie_payment_request",
      fields: ["*"],
      filters: { order_id: req.params.id },
      pagination: { take: limit, skip: offset, order: { created_at: "DESC" } },
    }),
    loadOrderLinkRoom(req.scope, req.params.id),
  ])
  if (!loaded) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${req.params.id} was not found.`)
  const { order, room } = loaded
  res.json({
    payment_links: (records as Parameters<typeof linkView>[0][]).map(linkView),
    count: metadata?.count ?? records.length,
    limit,
    offset,
    new_link: {
      currency_code: order.currency_code.toLowerCase(),
      owed_in_cents: room.owedInCents,
      asked_in_cents: room.askedInCents,
      available_in_cents: Math.max(room.availableInCents, 0),
      allowed: order.status !== "canceled" && order.currency_code.toLowerCase() === "eur" && room.availableInCents > 0,
    },
  })
}
