import { fromCents } from "../../utils/medusa-money"
import { recordPayments, type PaymentRequestRecord } from "../../workflows/payment-request/utils/record-payment-request"

/** A payment request as the admin API shows it: amounts in integer cents (totals in major units too). */
export function linkView(r: PaymentRequestRecord) {
  const payments = recordPayments(r)
  const paidInCents = payments.reduce((s, p) => s + p.amountInCents, 0)
  const refundedInCents = payments.reduce((s, p) => s + p.refunds.reduce((t, x) => t + x.amountInCents, 0), 0)
  return {
    id: r.id,
    kind: r.kind,
    payment_request_token: r.payment_request_token,
    url: r.url,
    description: r.description,
    reference_id: r.reference_id,
    /** Null: an open amount, the payer chooses. */
    amount_in_cents: r.amount_in_cents === null || r.amount_in_cents === undefined ? null : Number(r.amount_in_cents),
    currency_code: r.currency_code,
    expiry_date: r.expiry_date,
    status: r.status,
    paid_in_cents: paidInCents,
    paid_total: fromCents(paidInCents),
    refunded_in_cents: refundedInCents,
    order_id: r.order_id,
    cart_id: r.cart_id,
    payment_id: r.medusa_payment_id,
    payments,
    problem: r.problem,
    /** Set when the link was given up (a failed creation): it stays payable at Tikkie until it expires. */
    cancelled_at: r.cancelled_at ?? null,
    payer_email: r.payer_email ?? null,
    payer_language: r.payer_language ?? null,
    last_checked_at: r.last_checked_at,
    created_at: r.created_at,
  }
}
