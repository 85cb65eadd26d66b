import type { IOrderModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { errorMessage } from "../../../utils/error-message"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { FastCheckoutSessionDataSchema } from "../../../providers/fast-checkout/session-data"
import type { FastCheckoutPayer } from "tikkie-client/fast-checkout"
import { orderAddressFromPayer } from "./payer-address"
import { isFastCheckoutProvider } from "../../../providers/provider-keys"
import { guestCustomerForPayer } from "./payer-customer"
import { orderShippingZones, reviewDelivery } from "./delivery-country"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"

/**
 * Writes the payer onto the paid order and links a guest customer; idempotent, run by the settlement and
 * on `order.placed`. On the order, not the cart: a new cart address can change the total, and Medusa's
 * refresh then deletes the paid payment session (docs/fast-checkout.md).
 */
export async function importFastCheckoutPayer(container: MedusaContainer, orderId: string): Promise<boolean> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
  try {
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "customer_id",
        "metadata",
        "shipping_address.id",
        "shipping_address.country_code",
        "cart.shipping_address.country_code",
        "billing_address.id",
        "shipping_methods.name",
        "shipping_methods.shipping_option_id",
        "payment_collections.payments.provider_id",
        "payment_collections.payments.data",
      ],
      filters: { id: orderId },
    })
    const order = data[0] as
      | {
          customer_id?: string | null
          metadata?: Record<string, unknown> | null
          shipping_address?: { id: string; country_code?: string | null } | null
          cart?: { shipping_address?: { country_code?: string | null } | null } | null
          billing_address?: { id: string } | null
          shipping_methods?: Array<{ name?: string | null; shipping_option_id?: string | null }>
          payment_collections?: Array<{
            payments?: Array<{ provider_id: string; data?: Record<string, unknown> | null }>
          }>
        }
      | undefined
    if (!order) return false
    const imported = (order.metadata?.tikkie_fast_checkout as { payer_imported?: boolean } | undefined)?.payer_imported
    if (imported) return false
    const payment = (order.payment_collections ?? [])
      .flatMap((pc) => pc.payments ?? [])
      .find((p) => isFastCheckoutProvider(p.provider_id))
    const session = FastCheckoutSessionDataSchema.safeParse(payment?.data)
    if (!session.success || !session.data.payer) return false
    const payer = session.data.payer as FastCheckoutPayer

    const address = orderAddressFromPayer(payer)
    // The cart's address: a concurrent import may already have put the payer's on the order.
    const taxCountry =
      (order.cart?.shipping_address?.country_code ?? order.shipping_address?.country_code)?.toLowerCase() ?? null
    const [review, , customerId] = await Promise.all([
      orderShippingZones(container, order.shipping_methods ?? []).then((shippingOptions) =>
        reviewDelivery({ taxCountry, payerCountry: address.country_code, shippingOptions })
      ),
      order.shipping_address?.id
        ? orders.updateOrderAddresses({ id: order.shipping_address.id, ...address })
        : Promise.resolve(undefined),
      order.customer_id ?? guestCustomerForPayer(container, payer),
    ])
    // A storefront that asked for a billing address keeps it.
    await orders.updateOrders(orderId, {
      email: payer.email,
      customer_id: customerId,
      ...(order.shipping_address?.id ? {} : { shipping_address: address }),
      ...(order.billing_address?.id ? {} : { billing_address: address }),
      metadata: {
        ...(order.metadata ?? {}),
        tikkie_fast_checkout: {
          order_token: session.data.orderToken,
          payer_imported: true,
          payer_country: address.country_code,
          tax_country: taxCountry,
          tax_country_differs: !!review?.tax_country_differs,
          delivery_review: review ?? null,
        },
      },
    })
    if (review) {
      const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
      const [record] = await tikkie.listFastCheckoutOrders({ order_token: session.data.orderToken }, { select: ["id"] })
      if (record) await tikkie.updateFastCheckoutOrders({ id: record.id, delivery_review: review })
      logger.warn(
        `Medusa order ${orderId}: the Tikkie payer's address is in ${review.payer_country.toUpperCase()}, the cart was taxed for ` +
          `${review.tax_country.toUpperCase()}` +
          (review.shipping_options_outside_zone.length
            ? ` and its shipping option does not deliver there (${review.shipping_options_outside_zone.join(", ")})`
            : "") +
          "; the order keeps what was paid and waits for the admin's review"
      )
    }
    return true
  } catch (e) {
    logger.error(`Medusa order ${orderId}: importing the Tikkie payer failed: ${errorMessage(e)}`)
    return false
  }
}
