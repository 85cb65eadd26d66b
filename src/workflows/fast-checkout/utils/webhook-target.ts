import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { completionGivenUp } from "../../utils/completion-budget"

/** `unknown`: no record has this orderToken (an unrecorded session is the poll's to find). */
export type FastCheckoutWebhookTarget = "unknown" | "settled" | "open"

/**
 * What a webhook can change, from one indexed read before any event is emitted: a flood of forged or
 * repeated webhooks costs a lookup each, no job, no settlement, no Tikkie read.
 */
export async function fastCheckoutWebhookTarget(
  container: MedusaContainer,
  orderToken: string
): Promise<FastCheckoutWebhookTarget> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [record] = await tikkie.listFastCheckoutOrders(
    { order_token: orderToken },
    { select: ["id", "status", "medusa_order_id", "problem", "attempts", "retry_until"], take: 1 }
  )
  if (!record) return "unknown"
  return isSettledFastCheckoutRecord(record) ? "settled" : "open"
}

export function isSettledFastCheckoutRecord(record: {
  status: string
  medusa_order_id?: string | null
  problem?: string | null
  attempts?: number | null
  retry_until?: Date | string | null
}): boolean {
  if (record.medusa_order_id) return true
  if (record.status === "CANCELLED" || record.status === "EXPIRED" || record.status === "ERROR") return true
  return completionGivenUp(record)
}
