import { z } from "zod"
import { PAYMENT_REQUEST_STATUSES, REFUND_STATUSES } from "tikkie-client/payment-requests/v2/schemas"
import type { PaymentV2, RefundV2 } from "tikkie-client/payment-requests/v2"
import { BankTransferRefundsSchema } from "../shared/bank-transfer-refunds"

/** The platform, user and bank account a v1 request is made under (from the stored v1 setup). */
export const V1TokensSchema = z.object({
  platformToken: z.string().min(1),
  userToken: z.string().min(1),
  bankAccountToken: z.string().min(1),
})
export type V1Tokens = z.output<typeof V1TokensSchema>

/** A refund as kept in the payment's data and the plugin's record: Tikkie's refund record. */
export const StoredRefundSchema = z.object({
  refundToken: z.string(),
  amountInCents: z.number().int(),
  description: z.string(),
  referenceId: z.string().optional(),
  createdDateTime: z.string(),
  status: z.enum(REFUND_STATUSES),
})
export type StoredRefund = z.output<typeof StoredRefundSchema>

/** A payment made against a request, with its refunds, as Tikkie last reported it. */
export const StoredPaymentSchema = z.object({
  paymentToken: z.string(),
  tikkieId: z.string(),
  counterPartyName: z.string().optional(),
  counterPartyAccountNumber: z.string().optional(),
  amountInCents: z.number().int(),
  createdDateTime: z.string(),
  refunds: z.array(StoredRefundSchema).default([]),
})
export type StoredPayment = z.output<typeof StoredPaymentSchema>

export function storedRefund(r: RefundV2): StoredRefund {
  return {
    refundToken: r.refundToken,
    amountInCents: r.amountInCents,
    description: r.description,
    ...(r.referenceId ? { referenceId: r.referenceId } : {}),
    createdDateTime: r.createdDateTime,
    status: r.status,
  }
}

export function storedPayment(p: PaymentV2): StoredPayment {
  return {
    paymentToken: p.paymentToken,
    tikkieId: p.tikkieId,
    ...(p.counterPartyName ? { counterPartyName: p.counterPartyName } : {}),
    ...(p.counterPartyAccountNumber ? { counterPartyAccountNumber: p.counterPartyAccountNumber } : {}),
    amountInCents: p.amountInCents,
    createdDateTime: p.createdDateTime,
    refunds: (p.refunds ?? []).map(storedRefund),
  }
}

/**
 * What the provider keeps in the payment session's (and then the payment's) `data`: its own record of
 * the request it made. Amounts in it are what was sent to Tikkie, never what a storefront sent.
 */
export const PaymentRequestSessionDataSchema = z.object({
  paymentRequestToken: z.string().min(1),
  /** Tikkie's payment page: the storefront sends the shopper here. */
  url: z.string().min(1),
  /** The payment session id, sent as Tikkie's referenceId. */
  referenceId: z.string().min(1),
  amountInCents: z.number().int(),
  description: z.string(),
  expiryDate: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  payments: z.array(StoredPaymentSchema).default([]),
  /** Set by cancelPayment: Tikkie cannot close a v2 request, so the link stays payable; see the note. */
  cancelled: z.object({ at: z.string(), note: z.string() }).optional(),
  /** apiVersion v1: the platform, user and bank account the request was made under (reads need them). */
  v1: V1TokensSchema.optional(),
  /** apiVersion v1: refunds an admin marked as paid back by bank transfer (v1 cannot refund). */
  bankTransferRefunds: BankTransferRefundsSchema.optional(),
  /**
   * The Medusa refund ids (Tikkie referenceIds) whose refunds Medusa recorded: written only by a
   * refund that succeeded, so a refund at Tikkie with a Medusa refund id not in it was made by an
   * attempt whose answer was lost. Absent in data from before it existed: see recordedRefundReferences.
   */
  recordedRefundReferences: z.array(z.string()).optional(),
})
export type PaymentRequestSessionData = z.output<typeof PaymentRequestSessionDataSchema>

/**
 * What a server-side caller (the plugin's checkout route, the admin order-link route) computed for the
 * request, under this key of the session input's `data`. A storefront's own session call through
 * Medusa's route has it removed by the plugin's middleware, so a shopper cannot choose the text that
 * appears on the store's payment page.
 */
export const PAYMENT_REQUEST_INPUT_KEY = "tikkie_payment_request"

export const PaymentRequestInputSchema = z.object({
  description: z.string().min(1),
  /** yyyy-mm-dd, Amsterdam; default from the provider's checkoutExpiryDays. */
  expiryDate: z.string().optional(),
  /** apiVersion v1: the stored setup's tokens, added by the plugin's server-side callers. */
  v1: V1TokensSchema.optional(),
})
export type PaymentRequestInput = z.output<typeof PaymentRequestInputSchema>

/**
 * The refunds Medusa recorded for this payment. Data written before the list existed counts every
 * refund it shows as recorded: those refunds were answered to Medusa at the time.
 */
export function recordedRefundReferences(data: PaymentRequestSessionData): string[] {
  if (data.recordedRefundReferences) return data.recordedRefundReferences
  return data.payments.flatMap((p) => p.refunds.flatMap((r) => (r.referenceId ? [r.referenceId] : [])))
}

/**
 * The payment made for the whole amount, if any: the first one made. A fixed-amount request takes one,
 * but a link paid on two devices at once has two, and Tikkie lists the newest first: the first made is
 * the one Medusa settled (and refunds), the later one is an extra payment to refund.
 */
export function paymentInFull(data: { amountInCents: number; payments: StoredPayment[] }): StoredPayment | undefined {
  return [...data.payments]
    .sort((a, b) => Date.parse(a.createdDateTime) - Date.parse(b.createdDateTime))
    .find((p) => p.amountInCents === data.amountInCents)
}
