import { z } from "zod"
import { hookBody, oneOfField, optionalTokenField, tokenField, type TokenFormat } from "../../../utils/hook-body"
import { FAST_CHECKOUT_STATUSES } from "tikkie-client/fast-checkout"

const LABEL = "Invalid Tikkie Fast Checkout webhook"

/** The rule the client applies to tokens in the GET order path: a token outside it could never be read. */
export const ORDER_TOKEN_FORMAT: TokenFormat = {
  max: 128,
  chars: /[A-Za-z0-9._~-]/,
  says: "letters, digits, - . _ or ~",
}

/** The plugin always sends the payment session id; the orderToken's characters, up to 100, cover it. */
export const REFERENCE_ID_FORMAT: TokenFormat = {
  max: 100,
  chars: /[A-Za-z0-9._~-]/,
  says: "letters, digits, - . _ or ~",
}

/** Other fields are ignored. */
export const FastCheckoutWebhookBodySchema = hookBody(LABEL, {
  referenceId: tokenField(LABEL, "referenceId", REFERENCE_ID_FORMAT),
  orderToken: tokenField(LABEL, "orderToken", ORDER_TOKEN_FORMAT),
  status: oneOfField(LABEL, "status", FAST_CHECKOUT_STATUSES),
})
export type FastCheckoutWebhookBody = z.output<typeof FastCheckoutWebhookBodySchema>

/** The per-order key the store puts in the notificationUrl (webhook-key.ts); a longer one was never ours. */
export const WEBHOOK_KEY_FORMAT: TokenFormat = { max: 64, chars: /[A-Za-z0-9_-]/, says: 'letters, digits, "-" or "_"' }

/** `?key=…`; other parameters are ignored. */
export const FastCheckoutWebhookQuerySchema = hookBody(LABEL, {
  key: optionalTokenField(LABEL, "key", WEBHOOK_KEY_FORMAT),
})
export type FastCheckoutWebhookQuery = z.output<typeof FastCheckoutWebhookQuerySchema>
