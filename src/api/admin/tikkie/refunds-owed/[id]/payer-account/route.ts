import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { recordPayerIbanWorkflow } from "../../../../../../workflows/refunds-owed/record-payer-iban"
import type { PayerAccountBody } from "../../validators"
import { refundOwedAnswer } from "../../view"

/**
 * POST /admin/tikkie/refunds-owed/:id/payer-account `{ iban, account_holder? }` → `{ refund_owed }`: the
 * account the payer sent for their refund (any valid IBAN, kept in electronic format). Refused (400)
 * once the refund owed is refunded.
 */
export const POST = async (req: AuthenticatedMedusaRequest<PayerAccountBody>, res: MedusaResponse) => {
  const body = req.validatedBody
  const { result } = await recordPayerIbanWorkflow(req.scope).run({
    input: { id: req.params.id, iban: body.iban, account_holder: body.account_holder },
  })
  res.json(await refundOwedAnswer(req.scope, result))
}
