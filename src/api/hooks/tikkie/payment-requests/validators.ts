import { z } from "zod"
import { hookBody, oneOfField, optionalTokenField, tokenField, type TokenFormat } from "../../../utils/hook-body"

const LABEL = "Invalid Tikkie payment request notification"

/**
 * paymentRequestToken, paymentToken, refundToken: the payment requests client puts them into URL paths
 * and refuses anything but 1-64 letters, digits, "-" or "_" (the rule it shares with the sandbox), so a
 * token outside it could never be read and is refused at the edge.
 */
export const PAYMENT_REQUEST_TOKEN_FORMAT: TokenFormat = {
  max: 64,
  chars: /[A-Za-z0-9_-]/,
  says: 'letters, digits, "-" or "_"',
}

/**
 * subscriptionId: the specification shows no format (the sandbox makes UUIDs). It is only compared
 * with the one stored for this store, never sent anywhere, so the URL-safe characters up to 128 are
 * generous for any real id.
 */
export const SUBSCRIPTION_ID_FORMAT: TokenFormat = {
  max: 128,
  chars: /[A-Za-z0-9._~-]/,
  says: "letters, digits, - . _ or ~",
}

/**
 * POST /hooks/tikkie/payment-requests: `{subscriptionId, notificationType, paymentRequestToken,
 * paymentToken, refundToken?}`; refundToken is required for REFUND. Other fields are ignored.
 */
export const PaymentRequestNotificationBodySchema = hookBody(LABEL, {
  subscriptionId: tokenField(LABEL, "subscriptionId", SUBSCRIPTION_ID_FORMAT),
  notificationType: oneOfField(LABEL, "notificationType", ["PAYMENT", "REFUND"] as const),
  paymentRequestToken: tokenField(LABEL, "paymentRequestToken", PAYMENT_REQUEST_TOKEN_FORMAT),
  paymentToken: tokenField(LABEL, "paymentToken", PAYMENT_REQUEST_TOKEN_FORMAT),
  refundToken: optionalTokenField(LABEL, "refundToken", PAYMENT_REQUEST_TOKEN_FORMAT),
}).superRefine((body, ctx) => {
  if (body.notificationType === "REFUND" && !body.refundToken) {
    ctx.addIssue({
      code: "custom",
      message: `${LABEL}: refundToken is missing (a REFUND notification names the refund)`,
    })
  }
})
export type PaymentRequestNotificationBody = z.output<typeof PaymentRequestNotificationBodySchema>
