import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TIKKIE_MODULE } from "../../../../../modules/tikkie"
import type TikkieModuleService from "../../../../../modules/tikkie/service"
import { createOrderPaymentLinkWorkflow } from "../../../../../workflows/payment-request/create-order-link"
import { linkView } from "../../../../utils/payment-request-link-view"
import type { AdminTikkieOrderPaymentLinkListResponse, AdminTikkieOrderPaymentLinkResponse } from "../../../../types"
import type { CreateOrderLinkBody, ListOrderLinksQuery } from "./validators"

/**
 * POST /admin/orders/:id/tikkie-payment-links → 201 `{ payment_link }`: a Tikkie link for what the order
 * still owes (or `amount_in_cents`, which may not be more). Send `payment_link.url` to the customer; when
 * it is paid, the order's payment is captured and what it owes drops.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<CreateOrderLinkBody>,
  res: MedusaResponse<AdminTikkieOrderPaymentLinkResponse>
) => {
  const body = req.validatedBody
  const { result: record } = await createOrderPaymentLinkWorkflow(req.scope).run({
    input: {
      orderId: req.params.id,
      amountInCents: body.amount_in_cents,
      description: body.description,
      expiryDate: body.expiry_date,
      providerId: body.provider_id,
    },
  })
  res.status(201).json({ payment_link: linkView(record) })
}

/**
 * GET /admin/orders/:id/tikkie-payment-links[?limit&offset] → `{ payment_links, count, limit, offset }`:
 * every Tikkie payment request of the order, newest first (the checkout link it was paid with, and the
 * links made for it afterwards), with status, payments and refunds.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, ListOrderLinksQuery>,
  res: MedusaResponse<AdminTikkieOrderPaymentLinkListResponse>
) => {
  const { limit, offset } = req.validatedQuery
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [records, count] = await tikkie.listAndCountPaymentRequests(
    { order_id: req.params.id },
    { order: { created_at: "DESC" }, take: limit, skip: offset }
  )
  res.json({ payment_links: records.map(linkView), count, limit, offset })
}
