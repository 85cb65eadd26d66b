import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { PaymentRequestSessionDataSchema, type StoredPayment } from "../../../providers/payment-request/session-data"

export type PaymentRequestRecord = Awaited<ReturnType<TikkieModuleService["listPaymentRequests"]>>[number]

export interface PaymentRequestSessionLike {
  id: string
  provider_id: string
  payment_collection_id?: string | null
  data?: Record<string, unknown> | null
}

/** The payments kept on a record (a JSON column holds `{items}`, since it cannot hold a bare array). */
export function recordPayments(record: { payments?: unknown }): StoredPayment[] {
  const items = (record.payments as { items?: StoredPayment[] } | null | undefined)?.items
  return Array.isArray(items) ? items : []
}

/** What a session's record says besides the session: a checkout link's cart and pages, an order link's order. */
export interface SessionRecordExtra {
  kind: "checkout" | "order"
  cartId?: string | null
  orderId?: string | null
  successUrl?: string
  failureUrl?: string
}

/**
 * Keeps the plugin's own record of a payment request made for a payment session (checkout or order
 * link) as soon as the session exists, so the notification, the return route and the poll can find it
 * even if the session is deleted later. Idempotent per paymentRequestToken, also across instances
 * (the token is unique in the table).
 */
export async function recordSessionPaymentRequest(
  container: MedusaContainer,
  session: PaymentRequestSessionLike,
  extra: SessionRecordExtra
): Promise<PaymentRequestRecord | undefined> {
  const data = PaymentRequestSessionDataSchema.safeParse(session.data)
  if (!data.success) return undefined
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [existing] = await tikkie.listPaymentRequests({ payment_request_token: data.data.paymentRequestToken })
  if (existing) return existing
  try {
    return await tikkie.createPaymentRequests({
      payment_request_token: data.data.paymentRequestToken,
      kind: extra.kind,
      provider_id: session.provider_id,
      url: data.data.url,
      description: data.data.description,
      reference_id: data.data.referenceId,
      amount_in_cents: data.data.amountInCents,
      expiry_date: data.data.expiryDate,
      status: data.data.status,
      payment_session_id: session.id,
      payment_collection_id: session.payment_collection_id ?? null,
      cart_id: extra.cartId ?? null,
      order_id: extra.orderId ?? null,
      success_url: extra.successUrl ?? null,
      failure_url: extra.failureUrl ?? null,
      payments: { items: [] },
      // v1 reads need the platform and user the request was made under.
      metadata: data.data.v1 ? { v1: data.data.v1 } : null,
    })
  } catch (e) {
    // Another instance recorded it between our read and our write.
    const [raced] = await tikkie.listPaymentRequests({ payment_request_token: data.data.paymentRequestToken })
    if (raced) return raced
    throw e
  }
}
