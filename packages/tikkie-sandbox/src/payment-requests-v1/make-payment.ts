import { randomUUID } from "node:crypto"
import { V1_ERRORS } from "tikkie-client/payment-requests/v1/codes"
import { SANDBOX_MAX_YIELD_IN_CENTS } from "tikkie-client/payment-requests/v1/limits"
import type { SandboxContext } from "../context"
import { euro } from "../http-kit"
import { newPayId, type V1Payment, type V1PaymentRequest, type V1Store } from "./state"
import { paidTotalInCents, paymentRequestStatus } from "./status"

export interface PayInput {
  /** Required for an open amount; for a fixed amount it may be left out, or must equal the amount. */
  amountInCents?: number
  counterPartyName?: string
  onlinePaymentStatus: "PAID" | "NOT_PAID"
  /** A second device that opened the page while the request was OPEN pays after the first one (pay control only). */
  secondDevice?: boolean
}

export type PayOutcome = { ok: true; payment: V1Payment } | { ok: false; code: string; message: string }

export const DEFAULT_COUNTER_PARTY_NAME = "Sandbox Payer"

/**
 * A payer's attempt on the payment page (or through the pay control). Choices:
 * - the sandbox records a payment at its outcome, PAID or NOT_PAID; NEW and PENDING are passing states a
 *   reader never sees, since the read operations list PAID payments only;
 * - only an OPEN request takes payments;
 * - an open-amount payment above what the request may still receive (SANDBOX_MAX_YIELD_IN_CENTS minus the
 *   paid total) is refused, so the paid total reaches the maximum exactly and the request becomes
 *   MAX_YIELD_REACHED;
 * - a PAID payment sends a notification to the platform's notificationUrl, if it has one (see
 *   notificationBody).
 */
export function makePayment(ctx: SandboxContext, store: V1Store, pr: V1PaymentRequest, input: PayInput): PayOutcome {
  const status = paymentRequestStatus(pr, ctx.now())
  const racedFirstPayment = input.secondDevice === true && status === "MAX_SUCCESSFUL_PAYMENTS_REACHED"
  if (status !== "OPEN" && !racedFirstPayment) {
    return { ok: false, code: V1_ERRORS.SEE_MESSAGE, message: `the payment request is ${status} and takes no payments` }
  }
  let amountInCents: number
  if (pr.amountInCents !== null) {
    if (input.amountInCents !== undefined && input.amountInCents !== pr.amountInCents) {
      return {
        ok: false,
        code: V1_ERRORS.INVALID_INPUT,
        message: `this payment request asks for exactly ${euro(pr.amountInCents)}`,
      }
    }
    amountInCents = pr.amountInCents
  } else {
    if (input.amountInCents === undefined) {
      return {
        ok: false,
        code: V1_ERRORS.PARAMETER_MISSING,
        message: "amountInCents is missing: the payer chooses the amount",
      }
    }
    const remaining = SANDBOX_MAX_YIELD_IN_CENTS - paidTotalInCents(pr)
    if (input.onlinePaymentStatus === "PAID" && input.amountInCents > remaining) {
      return {
        ok: false,
        code: V1_ERRORS.SEE_MESSAGE,
        message: `the amount is more than this payment request may still receive (${euro(remaining)})`,
      }
    }
    amountInCents = input.amountInCents
  }
  const payment: V1Payment = {
    payId: newPayId(),
    paymentToken: randomUUID(),
    counterPartyName: input.counterPartyName?.trim() || DEFAULT_COUNTER_PARTY_NAME,
    amountInCents,
    amountCurrency: pr.currency,
    description: pr.description,
    createdAt: ctx.now(),
    onlinePaymentStatus: input.onlinePaymentStatus,
  }
  pr.payments.push(payment)
  const platform = store.platforms.get(pr.platformToken)
  if (payment.onlinePaymentStatus === "PAID" && platform?.notificationUrl) {
    ctx.deliveries.deliver("paymentRequestsV1.notification", platform.notificationUrl, notificationBody(pr, payment))
  }
  return { ok: true, payment }
}

/**
 * The payment request specification names a platform's notificationUrl but shows neither body nor triggers of v1 notifications.
 * Choice: the sandbox POSTs this SANDBOX-ONLY body after each PAID payment, so a store can test that it
 * reacts to a notification by reading the payment request again. It carries tokens only (no amounts or
 * names): a receiver must treat it as a hint and read the request, which is what it would do with the
 * real service's body too.
 */
export function notificationBody(pr: V1PaymentRequest, payment: V1Payment) {
  return {
    sandboxOnly: true,
    notificationType: "PAYMENT",
    platformToken: pr.platformToken,
    userToken: pr.userToken,
    paymentRequestToken: pr.paymentRequestToken,
    paymentToken: payment.paymentToken,
  }
}
