import { z } from "zod"
import { PAYMENT_REQUEST_STATUSES, REFUND_STATUSES } from "tikkie-client/payment-requests/v2/schemas"
import type { PaymentV2, RefundV2 } from "tikkie-client/payment-requests/v2"
import { BankTransferRefundsSchema } from "../shared/bank-transfer-refunds"

export const V1TokensSchema = z.object({
  platformToken: z.string().min(1),
  userToken: z.string().min(1),
  bankAccountToken: z.string().min(1),
})
export type V1Tokens = z.output<typeof V1TokensSchema>

export const StoredRefundSchema = z.object({
  refundToken: z.string(),
  amountInCents: z.number().int(),
  description: z.string(),
  referenceId: z.string().optional(),
  createdDateTime: z.string(),
  status: z.enum(REFUND_STATUSES),
})
export type StoredRefund = z.output<typeof StoredRefundSchema>

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

/** The provider's record of its request, in the session's `data`: amounts as sent to Tikkie. */
export const PaymentRequestSessionDataSchema = z.object({
  paymentRequestToken: z.string().min(1),
  url: z.string().min(1),
  referenceId: z.string().min(1),
  amountInCents: z.number().int(),
  description: z.string(),
  expiryDate: z.string(),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  payments: z.array(StoredPaymentSchema).default([]),
  /** Tikkie cannot close a v2 request, so the link stays payable; see the note. */
  cancelled: z.object({ at: z.string(), note: z.string() }).optional(),
  v1: V1TokensSchema.optional(),
  /** v1 cannot refund: refunds an admin marked as paid back by bank transfer. */
  bankTransferRefunds: BankTransferRefundsSchema.optional(),
  /**
   * Medusa refund ids whose refunds Medusa recorded: a Tikkie refund with an id not in it came from an
   * attempt whose answer was lost.
   */
  recordedRefundReferences: z.array(z.string()).optional(),
})
export type PaymentRequestSessionData = z.output<typeof PaymentRequestSessionDataSchema>

/**
 * Server-side callers' request input, under this key of the session `data`. The plugin's middleware
 * strips it from storefront calls, so a shopper cannot choose the text on the store's payment page.
 */
export const PAYMENT_REQUEST_INPUT_KEY = "tikkie_payment_request"

export const PaymentRequestInputSchema = z.object({
  description: z.string().min(1),
  expiryDate: z.string().optional(),
  v1: V1TokensSchema.optional(),
})
export type PaymentRequestInput = z.output<typeof PaymentRequestInputSchema>

/** Data from before the list existed counts every refund as recorded: Medusa got them all at the time. */
export function recordedRefundReferences(data: PaymentRequestSessionData): string[] {
  if (data.recordedRefundReferences) return data.recordedRefundReferences
  return data.payments.flatMap((p) => p.refunds.flatMap((r) => (r.referenceId ? [r.referenceId] : [])))
}

/**
 * The first payment made: a link paid on two devices has two (newest listed first); the first is what
 * Medusa settled, a later one is an extra payment to refund.
 */
export function paymentInFull(data: { amountInCents: number; payments: StoredPayment[] }): StoredPayment | undefined {
  return [...data.payments]
    .sort((a, b) => Date.parse(a.createdDateTime) - Date.parse(b.createdDateTime))
    .find((p) => p.amountInCents === data.amountInCents)
}
