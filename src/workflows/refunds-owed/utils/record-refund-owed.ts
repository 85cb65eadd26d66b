import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import type { PayerDetails } from "./owed-payment"

export type RefundOwedSource = "cancel" | "return" | "claim" | "exchange" | "second_payment" | "refund"

export interface RecordRefundOwedInput extends PayerDetails {
  /** One refund owed per key, whichever instance records it: the Medusa payment or change it comes from. */
  key: string
  order_id: string | null
  payment_id: string | null
  provider_id: string | null
  amount_in_cents: number
  currency_code: string
  source: RefundOwedSource
  reason: string
  payment_request_token?: string | null
  tikkie_payment_token?: string | null
  refundable_at_tikkie?: boolean
}

/**
 * Records a refund owed once per key: a second call (an event delivered again, another instance) finds
 * the first. The unique key in the database decides a race, never process memory.
 */
export async function recordRefundOwed(container: MedusaContainer, input: RecordRefundOwedInput) {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [existing] = await tikkie.listRefundOweds({ key: input.key })
  if (existing) return existing
  let created
  try {
    created = await tikkie.createRefundOweds(input)
  } catch (e) {
    const [raced] = await tikkie.listRefundOweds({ key: input.key })
    if (raced) return raced
    throw e
  }
  // Ids only: the payer's name and account stay in the record, out of the logs.
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(
      `Tikkie refund owed ${created.id}: ${input.amount_in_cents} cents to the payer of payment ${input.payment_id ?? "-"} ` +
        `(order ${input.order_id ?? "-"}, ${input.source}): Tikkie cannot refund it; pay it back by bank transfer and mark it refunded.`
    )
  return created
}
