import type { IOrderModuleService, IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { confirmVariantInventoryWorkflow } from "@medusajs/medusa/core-flows"
import { errorMessage } from "../../../utils/error-message"

/**
 * The cart's (and so the order's) metadata key naming the Tikkie payment whose settlement completes it.
 * Medusa copies a cart's metadata onto the order it becomes, in the same insert as the order itself.
 */
export const COMPLETION_KEY = "tikkie_completion"

/**
 * Readies a paid cart for completeCartWorkflow so it completes once even when an earlier attempt's process
 * died inside it (nothing resumes that workflow): the cart is stamped with the payment's marker, which the
 * order carries from its insert on; a stamp already there means its order is finished, never made again.
 */
export async function startCompletion(
  container: MedusaContainer,
  input: { cartId: string; paymentSessionId: string; marker: string }
): Promise<{ finishedOrderId?: string }> {
  const started = await stampCart(container, input.cartId, input.marker)
  if (!started) return {}
  await dismissLinksOfGoneOrders(container, input.cartId)
  const orderId = await orderOfMarker(container, input.marker)
  if (!orderId) return {}
  await finishCompletion(container, { ...input, orderId })
  return { finishedOrderId: orderId }
}

/**
 * An attempt whose undo deleted its order but died before (or while) dismissing that order's links leaves
 * the cart or its payment collection linked to an order that is gone, and completeCartWorkflow then fails
 * on every try ("Cannot create multiple links"). Those links are the dead attempt's: dismissed.
 */
async function dismissLinksOfGoneOrders(container: MedusaContainer, cartId: string): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({
    entity: "cart",
    fields: ["id", "payment_collection.id"],
    filters: { id: cartId },
  })
  const collectionId = (carts[0] as { payment_collection?: { id: string } | null } | undefined)?.payment_collection?.id
  const [{ data: cartLinks }, { data: collectionLinks }] = await Promise.all([
    query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } }),
    collectionId
      ? query.graph({
          entity: "order_payment_collection",
          fields: ["order_id"],
          filters: { payment_collection_id: collectionId },
        })
      : Promise.resolve({ data: [] as unknown[] }),
  ])
  const linked = (rows: unknown[]) => rows.map((r) => (r as { order_id: string }).order_id)
  const orderIds = [...new Set([...linked(cartLinks), ...linked(collectionLinks)])]
  if (!orderIds.length) return
  const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
  const live = new Set((await orders.listOrders({ id: orderIds }, { select: ["id"] })).map((o) => o.id))
  const dismiss: Array<Record<string, Record<string, string>>> = [
    ...linked(cartLinks)
      .filter((id) => !live.has(id))
      .map((id) => ({ [Modules.ORDER]: { order_id: id }, [Modules.CART]: { cart_id: cartId } })),
    ...linked(collectionLinks)
      .filter((id) => !live.has(id))
      .map((id) => ({
        [Modules.ORDER]: { order_id: id },
        [Modules.PAYMENT]: { payment_collection_id: collectionId! },
      })),
  ]
  if (!dismiss.length) return
  await container.resolve(ContainerRegistrationKeys.LINK).dismiss(dismiss)
  container
    .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    .warn(`Cart ${cartId}: links to ${dismiss.length} deleted order(s) of an attempt that did not end were dismissed`)
}

/** Stamps the cart with the marker; answers whether it was stamped with it already (an attempt started). */
async function stampCart(container: MedusaContainer, cartId: string, marker: string): Promise<boolean> {
  const cartModule = container.resolve(Modules.CART)
  const cart = await cartModule.retrieveCart(cartId, { select: ["id", "metadata"] })
  const metadata = (cart.metadata ?? {}) as Record<string, unknown>
  if (metadata[COMPLETION_KEY] === marker) return true
  // The cart module's own update: no cart workflow, so no refresh of the cart's items or payment sessions.
  await cartModule.updateCarts(cartId, { metadata: { ...metadata, [COMPLETION_KEY]: marker } })
  return false
}

/** The (not deleted) order an attempt of this payment's settlement inserted, if any. */
export async function orderOfMarker(container: MedusaContainer, marker: string): Promise<string | undefined> {
  const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
  const found = await orders.listOrders({ metadata: { [COMPLETION_KEY]: marker } } as never, {
    select: ["id"],
    order: { created_at: "ASC" },
    take: 1,
  })
  return found[0]?.id
}

/** Whether `orderId` was made by a completion of this payment (its metadata carries the marker). */
export async function orderCarriesMarker(container: MedusaContainer, orderId: string, marker: string) {
  const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
  const [order] = await orders.listOrders({ id: orderId }, { select: ["id", "metadata"] })
  return (order?.metadata as Record<string, unknown> | null | undefined)?.[COMPLETION_KEY] === marker
}

type HalfDone = {
  cart?: {
    id: string
    completed_at?: string | Date | null
    sales_channel_id?: string | null
    email?: string | null
    customer_id?: string | null
    payment_collection?: { id: string } | null
    promotions?: Array<{ id: string }> | null
    items?: Array<{ adjustments?: Array<{ code?: string | null; amount: unknown }> | null }> | null
    shipping_methods?: Array<{ adjustments?: Array<{ code?: string | null; amount: unknown }> | null }> | null
  }
  order?: {
    id: string
    sales_channel_id?: string | null
    currency_code: string
    items?: Array<{ id: string; variant_id?: string | null; quantity: unknown }> | null
  }
}

/**
 * Does what completeCartWorkflow had not done yet for `orderId`, each part only when missing, in its order:
 * the links (another order on the cart: refused), promotion usage, `completed_at`, stock, the payment's
 * authorization and capture transaction; then `order.placed`, which the dead attempt never emitted.
 */
export async function finishCompletion(
  container: MedusaContainer,
  input: { cartId: string; paymentSessionId: string; orderId: string }
): Promise<boolean> {
  const { cartId, paymentSessionId, orderId } = input
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const cartModule = container.resolve(Modules.CART)
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)

  const [{ data: carts }, { data: orders }, { data: cartLinks }, { data: collectionLinks }, { data: promoLinks }] =
    await Promise.all([
      query.graph({
        entity: "cart",
        fields: [
          "id",
          "completed_at",
          "sales_channel_id",
          "email",
          "customer_id",
          "payment_collection.id",
          "promotions.id",
          "items.adjustments.code",
          "items.adjustments.amount",
          "shipping_methods.adjustments.code",
          "shipping_methods.adjustments.amount",
        ],
        filters: { id: cartId },
      }),
      query.graph({
        entity: "order",
        fields: ["id", "sales_channel_id", "currency_code", "items.id", "items.variant_id", "items.quantity"],
        filters: { id: orderId },
      }),
      query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } }),
      query.graph({
        entity: "order_payment_collection",
        fields: ["payment_collection_id"],
        filters: { order_id: orderId },
      }),
      query.graph({ entity: "order_promotion", fields: ["promotion_id"], filters: { order_id: orderId } }),
    ])
  const { cart, order } = { cart: carts[0], order: orders[0] } as HalfDone
  if (!cart || !order) throw new Error(`cannot finish order ${orderId}: its cart or the order is gone`)
  const linkedOrder = (cartLinks[0] as { order_id?: string } | undefined)?.order_id
  if (linkedOrder && linkedOrder !== orderId) {
    throw new Error(`cart ${cartId} was completed as order ${linkedOrder}; order ${orderId} was left unfinished`)
  }

  const links: Array<Record<string, Record<string, string>>> = []
  if (!linkedOrder) links.push({ [Modules.ORDER]: { order_id: orderId }, [Modules.CART]: { cart_id: cartId } })
  if (cart.payment_collection?.id && !collectionLinks.length) {
    links.push({
      [Modules.ORDER]: { order_id: orderId },
      [Modules.PAYMENT]: { payment_collection_id: cart.payment_collection.id },
    })
  }
  const promotions = promoLinks.length ? [] : (cart.promotions ?? [])
  for (const p of promotions) {
    links.push({ [Modules.ORDER]: { order_id: orderId }, [Modules.PROMOTION]: { promotion_id: p.id } })
  }
  if (links.length) await link.create(links)
  if (promotions.length) await registerPromotionUsage(container, cart)
  if (!cart.completed_at) await cartModule.updateCarts(cartId, { completed_at: new Date() })
  const reserved = await reserveStock(container, logger, order)

  if (!(await sessionPayment(container, paymentSessionId))) await payments.authorizePaymentSession(paymentSessionId, {})
  const { recorded, booked } = await bookSessionCaptures(container, orderId, paymentSessionId)
  // Nothing was missing: the order was whole (completed by another path that copied the stamp along).
  if (!links.length && cart.completed_at && !reserved && recorded && !booked) return false
  await container.resolve(Modules.EVENT_BUS).emit({ name: OrderWorkflowEvents.PLACED, data: { id: orderId } }, {})
  logger.warn(
    `Medusa order ${orderId} of cart ${cartId} was left half made by a completion that did not end (a process died); it is finished now`
  )
  return true
}

type SessionPayment = {
  id: string
  currency_code: string
  captures?: Array<{ id: string; raw_amount?: unknown; amount: unknown }> | null
}

async function sessionPayment(container: MedusaContainer, paymentSessionId: string) {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment_session",
    fields: [
      "payment.id",
      "payment.currency_code",
      "payment.captures.id",
      "payment.captures.raw_amount",
      "payment.captures.amount",
    ],
    filters: { id: paymentSessionId },
  })
  return (data[0] as { payment?: SessionPayment | null } | undefined)?.payment ?? undefined
}

/** Books the payment's captures the order has no transaction for (a cut after the capture left it owing). */
export async function bookSessionCaptures(
  container: MedusaContainer,
  orderId: string,
  paymentSessionId: string
): Promise<{ recorded: number; booked: number }> {
  const orderModule = container.resolve<IOrderModuleService>(Modules.ORDER)
  const payment = await sessionPayment(container, paymentSessionId)
  const transactions = await orderModule.listOrderTransactions({ order_id: orderId }, { select: ["reference_id"] })
  const recorded = new Set(transactions.map((t) => t.reference_id))
  const missing = (payment?.captures ?? []).filter((c) => !recorded.has(c.id))
  if (missing.length) {
    await orderModule.addOrderTransactions(
      missing.map((c) => ({
        order_id: orderId,
        amount: (c.raw_amount ?? c.amount) as never,
        currency_code: payment!.currency_code,
        reference: "capture",
        reference_id: c.id,
      }))
    )
  }
  return { recorded: recorded.size, booked: missing.length }
}

async function registerPromotionUsage(container: MedusaContainer, cart: NonNullable<HalfDone["cart"]>) {
  const adjustments = [...(cart.items ?? []), ...(cart.shipping_methods ?? [])].flatMap((x) => x.adjustments ?? [])
  const actions = adjustments.filter((a) => a.code).map((a) => ({ code: a.code!, amount: a.amount }))
  if (!actions.length) return
  await container
    .resolve(Modules.PROMOTION)
    .registerUsage(
      actions as never,
      { customer_id: cart.customer_id ?? null, customer_email: cart.email ?? null } as never
    )
}

/**
 * The order's stock reservations, when it has none: placed as completeCartWorkflow places them (Medusa's
 * own inventory confirmation picks the locations). A paid order stays an order when the stock is gone
 * meanwhile: the shop sees it unreserved, as with a backorder, and the line says so.
 */
async function reserveStock(
  container: MedusaContainer,
  logger: Logger,
  order: NonNullable<HalfDone["order"]>
): Promise<boolean> {
  const items = (order.items ?? []).filter((i) => i.variant_id)
  if (!items.length) return false
  const inventory = container.resolve(Modules.INVENTORY)
  const existing = await inventory.listReservationItems({ line_item_id: items.map((i) => i.id) }, { select: ["id"] })
  if (existing.length) return false
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: variants } = await query.graph({
    entity: "variant",
    fields: [
      "id",
      "manage_inventory",
      "allow_backorder",
      "inventory_items.inventory_item_id",
      "inventory_items.variant_id",
      "inventory_items.required_quantity",
      "inventory_items.inventory.location_levels.stocked_quantity",
      "inventory_items.inventory.location_levels.reserved_quantity",
      "inventory_items.inventory.location_levels.raw_stocked_quantity",
      "inventory_items.inventory.location_levels.raw_reserved_quantity",
      "inventory_items.inventory.location_levels.location_id",
      "inventory_items.inventory.location_levels.stock_locations.id",
      "inventory_items.inventory.location_levels.stock_locations.sales_channels.id",
    ],
    filters: { id: items.map((i) => i.variant_id!) },
  })
  try {
    const { result } = await confirmVariantInventoryWorkflow(container).run({
      input: {
        sales_channel_id: order.sales_channel_id as string,
        variants: variants as never,
        items: items.map((i) => ({ id: i.id, variant_id: i.variant_id!, quantity: i.quantity })) as never,
      },
    })
    const toReserve = (result as { items: Array<ConfirmedItem> }).items
    if (!toReserve.length) return false
    const keys = [...new Set(toReserve.map((i) => i.inventory_item_id))]
    await container.resolve(Modules.LOCKING).execute(keys, () =>
      inventory.createReservationItems(
        toReserve.map((i) => ({
          line_item_id: i.id,
          inventory_item_id: i.inventory_item_id,
          quantity: MathBN.mult(i.required_quantity, i.quantity) as never,
          allow_backorder: i.allow_backorder,
          location_id: i.location_ids[0],
        }))
      )
    )
    return true
  } catch (e) {
    logger.error(`Medusa order ${order.id}: its stock could not be reserved (${errorMessage(e)}); check its items`)
    return true
  }
}

type ConfirmedItem = {
  id: string
  inventory_item_id: string
  required_quantity: number
  quantity: number
  allow_backorder?: boolean
  location_ids: string[]
}
