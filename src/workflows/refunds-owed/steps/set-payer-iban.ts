import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { codedAdminRefusal } from "../../../utils/admin-error"

export const setPayerIbanStepId = "tikkie-set-payer-iban"

export interface SetPayerIbanInput {
  id: string
  /** Electronic format (no spaces, upper case), checked by the route's validator. */
  iban: string
  accountHolder?: string
}

/**
 * The account the payer gave for their refund (answering the IBAN request), kept with what Tikkie told
 * about them (e-mail, phone): the reconciliation then also matches the outgoing transfer by amount and
 * this IBAN. A refund owed already refunded keeps its account as it was paid to. Undone: the account before.
 */
export const setPayerIbanStep = createStep(
  setPayerIbanStepId,
  async (input: SetPayerIbanInput, { container }) => {
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const [owed] = await tikkie.listRefundOweds({ id: input.id })
    if (!owed) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Refund owed ${input.id} was not found.`)
    if (owed.status === "refunded") {
      throw codedAdminRefusal(
        "tikkie_refund_owed_refunded",
        `Refund owed ${input.id} is already refunded: its account stays the one it was paid to.`
      )
    }
    const before = (owed.payer_account ?? null) as Record<string, string> | null
    const updated = await tikkie.updateRefundOweds({
      id: input.id,
      payer_account: {
        ...(before ?? {}),
        iban: input.iban,
        ...(input.accountHolder ? { account_holder: input.accountHolder } : {}),
        iban_source: "payer",
      },
    })
    return new StepResponse(updated, { id: input.id, payer_account: before })
  },
  async (before, { container }) => {
    if (!before) return
    await container.resolve<TikkieModuleService>(TIKKIE_MODULE).updateRefundOweds(before)
  }
)
