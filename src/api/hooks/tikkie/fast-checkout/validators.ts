import { z } from "zod"
import { hookBody, oneOfField, tokenField, type TokenFormat } from "../../../utils/hook-body"
import { FAST_CHECKOUT_STATUSES } from "tikkie-client/fast-checkout"

const LABEL = "Invalid Tikkie Fast Checkout webhook"

/**
 * orderToken: the Fast Checkout client refuses to put anything else into the GET order path (the live
 * service's tokens are letters and digits; the other unreserved URL characters are allowed so no token
 * ever needs escaping), so a token outside this rule could never be read and is refused at the edge.
 */
export const ORDER_TOKEN_FORMAT: TokenFormat = {
  max: 128,
  chars: /[A-Za-z0-9._~-]/,
  says: "letters, digits, - . _ or ~",
}

/**
 * referenceId: the specification calls it a free value chosen by the shop. This plugin always chooses
 * the Medusa payment session id (`payses_` and a ULID), and only orders this plugin created name this
 * route as their notificationUrl, so the same characters as an orderToken, up to the 100 characters the
 * plugin allows when it creates an order, cover every real webhook with room to spare.
 */
export const REFERENCE_ID_FORMAT: TokenFormat = {
  max: 100,
  chars: /[A-Za-z0-9._~-]/,
  says: "letters, digits, - . _ or ~",
}

/** POST /hooks/tikkie/fast-checkout: `{referenceId, orderToken, status}`; other fields are ignored. */
export const FastCheckoutWebhookBodySchema = hookBody(LABEL, {
  referenceId: tokenField(LABEL, "referenceId", REFERENCE_ID_FORMAT),
  orderToken: tokenField(LABEL, "orderToken", ORDER_TOKEN_FORMAT),
  status: oneOfField(LABEL, "status", FAST_CHECKOUT_STATUSES),
})
export type FastCheckoutWebhookBody = z.output<typeof FastCheckoutWebhookBodySchema>
