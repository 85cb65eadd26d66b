import { paymentRequestStatus, totalPaidInCents } from "./status"
import type { StoredPayment, StoredPaymentRequest, StoredRefund } from "./state"

/** The JSON records the sandbox answers, in the public field names. */

export function paymentPageUrl(baseUrl: string, paymentRequestToken: string): string {
  return `${baseUrl}/pay/v2/${paymentRequestToken}`
}

/** `withTotals`: GET one and list add numberOfPayments and totalAmountPaidInCents; create does not. */
export function paymentRequestJson(pr: StoredPaymentRequest, now: number, baseUrl: string, withTotals: boolean) {
  return {
    paymentRequestToken: pr.paymentRequestToken,
    url: paymentPageUrl(baseUrl, pr.paymentRequestToken),
    ...(pr.amountInCents !== undefined ? { amountInCents: pr.amountInCents } : {}),
    description: pr.description,
    ...(pr.referenceId !== undefined ? { referenceId: pr.referenceId } : {}),
    createdDateTime: new Date(pr.createdAt).toISOString(),
    expiryDate: pr.expiryDate,
    status: paymentRequestStatus(pr, now),
    ...(withTotals ? { numberOfPayments: pr.payments.length, totalAmountPaidInCents: totalPaidInCents(pr) } : {}),
  }
}

/** `includeRefunds` false leaves the field out, so "no refunds" and "not asked" cannot be confused. */
export function paymentJson(p: StoredPayment, includeRefunds = true) {
  return {
    paymentToken: p.paymentToken,
    tikkieId: p.tikkieId,
    counterPartyName: p.counterPartyName,
    counterPartyAccountNumber: p.counterPartyAccountNumber,
    amountInCents: p.amountInCents,
    description: p.description,
    createdDateTime: new Date(p.createdAt).toISOString(),
    ...(includeRefunds ? { refunds: p.refunds.map(refundJson) } : {}),
  }
}

export function refundJson(r: StoredRefund) {
  return {
    refundToken: r.refundToken,
    amountInCents: r.amountInCents,
    description: r.description,
    ...(r.referenceId !== undefined ? { referenceId: r.referenceId } : {}),
    createdDateTime: new Date(r.createdAt).toISOString(),
    status: r.status,
  }
}
