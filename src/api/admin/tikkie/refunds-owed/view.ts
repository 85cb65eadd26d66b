/** A refund owed as the admin API shows it (amounts in cents). */
export function refundOwedView(r: Record<string, any>) {
  return {
    id: r.id,
    order_id: r.order_id,
    payment_id: r.payment_id,
    provider_id: r.provider_id,
    amount_in_cents: Number(r.amount_in_cents),
    currency_code: r.currency_code,
    payer_name: r.payer_name,
    payer_account: r.payer_account,
    source: r.source,
    reason: r.reason,
    status: r.status,
    payment_request_token: r.payment_request_token,
    tikkie_payment_token: r.tikkie_payment_token,
    refundable_at_tikkie: r.refundable_at_tikkie,
    refunded_by: r.refunded_by,
    refunded_at: r.refunded_at,
    bank_reference: r.bank_reference,
    note: r.note,
    medusa_refund_id: r.medusa_refund_id,
    bank_transaction_id: r.bank_transaction_id,
    bank_matched_by: r.bank_matched_by,
    created_at: r.created_at,
  }
}
