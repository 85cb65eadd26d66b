import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { prepareIbanRequest } from "../../../../../../workflows/refunds-owed/utils/iban-request"
import { requestPayerIbanWorkflow } from "../../../../../../workflows/refunds-owed/request-payer-iban"
import type { IbanRequestQuery, RequestIbanBody } from "../../validators"
import { refundOwedAnswer } from "../../view"

/**
 * GET /admin/tikkie/refunds-owed/:id/iban-request?language= → `{ iban_request: { to, language, subject,
 * text, can_send } }`: the e-mail that asks the payer for their IBAN, prepared in the order's language
 * (or the one asked for). `can_send`: the store has an e-mail provider; otherwise the admin opens it in a
 * mail program.
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, IbanRequestQuery>, res: MedusaResponse) => {
  const q = req.validatedQuery as IbanRequestQuery
  res.json({ iban_request: await prepareIbanRequest(req.scope, req.params.id, q.language) })
}

/**
 * POST /admin/tikkie/refunds-owed/:id/iban-request `{ language, via }` → `{ refund_owed }`: `via: "email"`
 * sends the prepared e-mail through Medusa's notification module; `via: "mailto"` records that the
 * admin sent it from a mail program. Either way the refund owed shows who asked, when and how.
 */
export const POST = async (req: AuthenticatedMedusaRequest<RequestIbanBody>, res: MedusaResponse) => {
  const body = req.validatedBody
  const { result } = await requestPayerIbanWorkflow(req.scope).run({
    input: { id: req.params.id, language: body.language, via: body.via, actor_id: req.auth_context.actor_id },
  })
  res.json(await refundOwedAnswer(req.scope, result))
}
