import { z } from "zod"
import { hookBody, oneOfField, optionalTokenField, tokenField, type TokenFormat } from "../../../utils/hook-body"

const LABEL = "Invalid Tikkie payment request notification"

/** The rule the client (and sandbox) applies to tokens in URL paths: a token outside it could never be read. */
export const PAYMENT_REQUEST_TOKEN_FORMAT: TokenFormat = {
  max: 64,
  chars: /[A-Za-z0-9_-]/,
  says: 'letters, digits, "-" or "_"',
}

/** No format is specified; only compared with the stored one, so 128 URL-safe characters is generous. */
export const SUBSCRIPTION_ID_FORMAT: TokenFormat = {
  max: 128,
  chars: /[A-Za-z0-9._~-]/,
  says: "letters, digits, - . _ or ~",
}

/** refundToken is required for REFUND; other fields are ignored. */
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
