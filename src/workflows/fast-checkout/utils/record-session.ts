import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { FastCheckoutSessionDataSchema } from "../../../providers/fast-checkout/session-data"
import { rememberFastCheckoutTarget } from "./webhook-read-claim"

export interface FastCheckoutSessionLike {
  id: string
  provider_id: string
  data?: Record<string, unknown> | null
}

/**
 * The plugin's own record of a Fast Checkout order, kept once its session exists (the orderToken cannot be
 * fetched from Tikkie later, and the session may be deleted). Idempotent per orderToken.
 */
export async function recordFastCheckoutSession(container: MedusaContainer, session: FastCheckoutSessionLike) {
  const data = FastCheckoutSessionDataSchema.safeParse(session.data)
  if (!data.success) return undefined
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [existing] = await tikkie.listFastCheckoutOrders({ order_token: data.data.orderToken })
  if (existing) return existing
  try {
    const created = await tikkie.createFastCheckoutOrders({
      order_token: data.data.orderToken,
      reference_id: data.data.referenceId,
      provider_id: session.provider_id,
      checkout_url: data.data.checkoutUrl,
      success_url: data.data.successUrl,
      failure_url: data.data.failureUrl,
      cart_id: data.data.cartId ?? null,
      payment_session_id: session.id,
      amount_in_cents: data.data.amountInCents,
      expires_at: new Date(data.data.expiresAt),
      status: data.data.status,
    })
    await rememberFastCheckoutTarget(container, data.data.orderToken, "open")
    return created
  } catch (e) {
    // Another instance recorded it between our read and our write.
    const [raced] = await tikkie.listFastCheckoutOrders({ order_token: data.data.orderToken })
    if (raced) return raced
    throw e
  }
}
