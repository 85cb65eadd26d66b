import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { orderDisplayIds } from "../../../utils/order-display-ids"

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
    iban_requested_at: r.iban_requested_at ?? null,
    iban_requested_by: r.iban_requested_by ?? null,
    iban_requested_via: r.iban_requested_via ?? null,
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

export type RefundOwedView = ReturnType<typeof refundOwedView> & {
  /** The order's number as Medusa's admin shows it ("#1"); null without an order. */
  order_display_id: number | null
  refunded_by_email: string | null
  iban_requested_by_email: string | null
}

/** The views with the order's number and the admin users' e-mails instead of ids, one query per kind. */
export async function refundOwedViews(
  container: MedusaContainer,
  rows: Array<Record<string, any>>
): Promise<RefundOwedView[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const userIds = [...new Set(rows.flatMap((r) => [r.refunded_by, r.iban_requested_by]).filter(Boolean))] as string[]
  const [displayIds, users] = await Promise.all([
    orderDisplayIds(
      container,
      rows.filter((r) => !("order" in r)).map((r) => r.order_id)
    ),
    userIds.length ? query.graph({ entity: "user", fields: ["id", "email"], filters: { id: userIds } }) : { data: [] },
  ])
  const emails = new Map((users.data as Array<{ id: string; email: string }>).map((u) => [u.id, u.email]))
  return rows.map((r) => ({
    ...refundOwedView(r),
    order_display_id: "order" in r ? (r.order?.display_id ?? null) : displayIds(r.order_id),
    refunded_by_email: (r.refunded_by && emails.get(r.refunded_by)) ?? null,
    iban_requested_by_email: (r.iban_requested_by && emails.get(r.iban_requested_by)) ?? null,
  }))
}

/** One refund owed as the routes that change it answer it. */
export async function refundOwedAnswer(
  container: MedusaContainer,
  row: Record<string, any>
): Promise<{ refund_owed: RefundOwedView }> {
  const [view] = await refundOwedViews(container, [row])
  return { refund_owed: view }
}
