import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { prepareIbanRequest } from "../../../../../../workflows/refunds-owed/utils/iban-request"
import { requestPayerIbanWorkflow } from "../../../../../../workflows/refunds-owed/request-payer-iban"
import type { IbanRequestQuery, RequestIbanBody } from "../../validators"
import { refundOwedAnswer } from "../../view"

/** The e-mail asking the payer for an IBAN, in the order's language; `can_send`: an e-mail provider exists. */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, IbanRequestQuery>, res: MedusaResponse) => {
  const q = req.validatedQuery as IbanRequestQuery
  res.json({ iban_request: await prepareIbanRequest(req.scope, req.params.id, q.language) })
}

/** Sends it (`email`) or records that the admin did (`mailto`); the refund owed shows who asked and how. */
export const POST = async (req: AuthenticatedMedusaRequest<RequestIbanBody>, res: MedusaResponse) => {
  const body = req.validatedBody
  const { result } = await requestPayerIbanWorkflow(req.scope).run({
    input: { id: req.params.id, language: body.language, via: body.via, actor_id: req.auth_context.actor_id },
  })
  res.json(await refundOwedAnswer(req.scope, result))
}
