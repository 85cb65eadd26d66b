import { PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS, isPositiveCents } from "tikkie-client/payment-requests/v2/rules"
import type { SandboxContext } from "../context"
import { dutchAccountNumber } from "./account-number"
import { notify } from "./notify"
import { newToken, type PaymentRequestsV2State, type StoredPayment, type StoredPaymentRequest } from "./state"
import { paymentRequestStatus, totalPaidInCents, unpayableReason } from "./status"

export const COUNTER_PARTY_NAME_MAX_LENGTH = 70
export const DEFAULT_COUNTER_PARTY_NAME = "Sandbox Payer"

export interface PaymentInput {
  /** Required for an open amount; for a fixed amount it may be left out, or must equal it. */
  amountInCents?: unknown
  counterPartyName?: unknown
  /**
   * A second device that opened the payment page while the request was still OPEN pays too, after the
   * first payment made it MAX_SUCCESSFUL_PAYMENTS_REACHED: the bank takes both (a shared link, two
   * phones). Pay control only; an expired or closed request still refuses.
   */
  secondDevice?: unknown
}

export type PaymentOutcome =
  { ok: true; payment: StoredPayment } | { ok: false; status: number; code: string; reason: string }

/**
 * One payer pays: shared by the payment page and the pay control so both follow the same rules.
 * The payment is recorded complete (the payer's bank confirmed it) and a PAYMENT notification goes
 * to the app's subscription.
 */
export function recordPayment(
  ctx: SandboxContext,
  state: PaymentRequestsV2State,
  pr: StoredPaymentRequest,
  input: PaymentInput
): PaymentOutcome {
  const now = ctx.now()
  const status = paymentRequestStatus(pr, now)
  const racedFirstPayment = input.secondDevice === true && status === "MAX_SUCCESSFUL_PAYMENTS_REACHED"
  if (status !== "OPEN" && !racedFirstPayment) {
    return { ok: false, status: 409, code: "PAYMENT_REQUEST_NOT_OPEN", reason: unpayableReason(status) }
  }

  const name = input.counterPartyName === undefined ? DEFAULT_COUNTER_PARTY_NAME : input.counterPartyName
  if (typeof name !== "string" || name.trim() === "" || [...name.trim()].length > COUNTER_PARTY_NAME_MAX_LENGTH) {
    return {
      ok: false,
      status: 400,
      code: "COUNTER_PARTY_NAME_INVALID",
      reason: `Please enter your name (at most ${COUNTER_PARTY_NAME_MAX_LENGTH} characters).`,
    }
  }

  let amountInCents: number
  if (pr.amountInCents !== undefined) {
    if (input.amountInCents !== undefined && input.amountInCents !== pr.amountInCents) {
      return { ok: false, status: 400, code: "AMOUNT_IN_CENTS_INVALID", reason: "A fixed amount is paid in full." }
    }
    amountInCents = pr.amountInCents
  } else {
    if (input.amountInCents === undefined) {
      return {
        ok: false,
        status: 400,
        code: "AMOUNT_IN_CENTS_MISSING",
        reason: "Please enter the amount you want to pay.",
      }
    }
    if (!isPositiveCents(input.amountInCents)) {
      return { ok: false, status: 400, code: "AMOUNT_IN_CENTS_INVALID", reason: "Please enter an amount above € 0,00." }
    }
    if (totalPaidInCents(pr) + input.amountInCents > PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS) {
      return {
        ok: false,
        status: 400,
        code: "PAYMENT_REQUEST_MAX_AMOUNT_EXCEEDED",
        reason: "This amount would take the request above its maximum.",
      }
    }
    amountInCents = input.amountInCents
  }

  const payment: StoredPayment = {
    paymentToken: newToken(),
    tikkieId: state.nextTikkieId(),
    counterPartyName: name.trim(),
    counterPartyAccountNumber: dutchAccountNumber(),
    amountInCents,
    description: pr.description,
    createdAt: now,
    refunds: [],
  }
  pr.payments.push(payment)
  notify(ctx, state, pr.appToken, {
    notificationType: "PAYMENT",
    paymentRequestToken: pr.paymentRequestToken,
    paymentToken: payment.paymentToken,
  })
  return { ok: true, payment }
}
