import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"
import { recordPayments } from "../../workflows/payment-request/utils/record-payment-request"
import { completionGivenUp } from "../../workflows/utils/completion-budget"

export type PaymentRequestNotificationTarget = "unknown" | "settled" | "open"

/**
 * What a notification can change, from one indexed read before any event is emitted: nothing for an
 * unknown request or a payment or refund already settled; otherwise a settlement reads the request.
 */
export async function paymentRequestNotificationTarget(
  container: MedusaContainer,
  notification: {
    notificationType: "PAYMENT" | "REFUND"
    paymentRequestToken: string
    paymentToken: string
    refundToken?: string
  }
): Promise<PaymentRequestNotificationTarget> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [record] = await tikkie.listPaymentRequests(
    { payment_request_token: notification.paymentRequestToken },
    { select: ["id", "kind", "payments", "medusa_payment_id", "problem", "attempts", "retry_until"], take: 1 }
  )
  if (!record) return "unknown"
  const payment = recordPayments(record).find((p) => p.paymentToken === notification.paymentToken)
  if (!payment) return "open"
  if (notification.notificationType === "REFUND") {
    return payment.refunds.some((r) => r.refundToken === notification.refundToken && r.status === "PAID")
      ? "settled"
      : "open"
  }
  const done = !!record.medusa_payment_id || record.kind === "invoice" || completionGivenUp(record)
  return done ? "settled" : "open"
}
