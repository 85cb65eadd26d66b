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

/** A JSON column holds `{items}`, as it cannot hold a bare array. */
export function recordPayments(record: { payments?: unknown }): StoredPayment[] {
  const items = (record.payments as { items?: StoredPayment[] } | null | undefined)?.items
  return Array.isArray(items) ? items : []
}

export interface SessionRecordExtra {
  kind: "checkout" | "order"
  cartId?: string | null
  orderId?: string | null
  successUrl?: string
  failureUrl?: string
}

/**
 * Recorded as soon as the session exists, so settlement finds it even if the session is deleted later.
 * Idempotent per paymentRequestToken (unique), across instances.
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
      metadata: data.data.v1 ? { v1: data.data.v1 } : null,
    })
  } catch (e) {
    const [raced] = await tikkie.listPaymentRequests({ payment_request_token: data.data.paymentRequestToken })
    if (raced) return raced
    throw e
  }
}
