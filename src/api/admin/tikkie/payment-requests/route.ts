import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TIKKIE_MODULE } from "../../../../modules/tikkie"
import type TikkieModuleService from "../../../../modules/tikkie/service"
import { createInvoicePaymentLinkWorkflow } from "../../../../workflows/payment-request/create-invoice-link"
import { linkView } from "../../../utils/payment-request-link-view"
import type { AdminTikkiePaymentRequestListResponse, AdminTikkiePaymentRequestResponse } from "../../../types"
import type { CreateInvoiceLinkBody, ListInvoiceLinksQuery } from "./validators"

/** POST /admin/tikkie/payment-requests → 201 `{ payment_request }`: an invoice link (docs/payment-links.md). */
export const POST = async (
  req: AuthenticatedMedusaRequest<CreateInvoiceLinkBody>,
  res: MedusaResponse<AdminTikkiePaymentRequestResponse>
) => {
  const body = req.validatedBody
  const { result: record } = await createInvoicePaymentLinkWorkflow(req.scope).run({
    input: {
      amountInCents: body.amount_in_cents,
      description: body.description,
      referenceId: body.reference_id,
      expiryDate: body.expiry_date,
      providerId: body.provider_id,
      payerEmail: body.payer_email,
      payerLanguage: body.payer_language,
    },
  })
  res.status(201).json({ payment_request: linkView(record) })
}

/** GET /admin/tikkie/payment-requests → the invoice links, newest first, as last read from Tikkie. */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, ListInvoiceLinksQuery>,
  res: MedusaResponse<AdminTikkiePaymentRequestListResponse>
) => {
  const { limit, offset, status } = req.validatedQuery
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [records, count] = await tikkie.listAndCountPaymentRequests(
    { kind: "invoice", ...(status ? { status } : {}) },
    { take: limit, skip: offset, order: { created_at: "DESC" } }
  )
  res.json({ payment_requests: records.map(linkView), count, limit, offset })
}
