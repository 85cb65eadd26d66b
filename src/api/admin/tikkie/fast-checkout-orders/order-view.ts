import type TikkieModuleService from "../../../../modules/tikkie/service"
import type { DeliveryReview } from "../../../../workflows/fast-checkout/utils/delivery-country"

type FastCheckoutOrderRecord = Awaited<ReturnType<TikkieModuleService["listFastCheckoutOrders"]>>[number]

/** A Fast Checkout order as the admin API shows it: amounts in integer cents. */
export function fastCheckoutOrderView(o: FastCheckoutOrderRecord) {
  return {
    id: o.id,
    order_token: o.order_token,
    status: o.status,
    amount_in_cents: Number(o.amount_in_cents),
    cart_id: o.cart_id,
    payment_session_id: o.payment_session_id,
    medusa_order_id: o.medusa_order_id,
    payer: o.payer,
    problem: o.problem,
    /** The payer's address is in another country than the tax country, or outside the shipping zone. */
    delivery_review: (o.delivery_review ?? null) as DeliveryReview | null,
    delivery_reviewed_at: o.delivery_reviewed_at ?? null,
    delivery_reviewed_by: o.delivery_reviewed_by ?? null,
    expires_at: o.expires_at,
    created_at: o.created_at,
    updated_at: o.updated_at,
  }
}
