import type {
  ConfirmVariantInventoryWorkflowInputDTO,
  IPaymentModuleService,
  Logger,
  MedusaContainer,
} from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ConfirmVariantInventoryWorkflowOutput } from "@medusajs/medusa/core-flows"
import { errorMessage } from "../../../utils/error-message"
import { bookSessionCaptures, sessionPayment } from "../utils/complete-cart-once"

/** An order a completion of this payment inserted (its marker) whose process died before it ended. */
export type HalfMadeOrderInput = { cartId: string; paymentSessionId: string; orderId: string }

type LinkDefinition = Record<string, Record<string, string>>
type PromotionUsage = {
  actions: Array<{ code: string; amount: unknown }>
  customer: { customer_id: string | null; customer_email: string | null }
}

/** What completeCartWorkflow had not done yet for the order, read before anything is written. */
export type HalfMadeOrder = HalfMadeOrderInput & {
  links: LinkDefinition[]
  usage?: PromotionUsage
  cartCompleted: boolean
  /** The order's items with a variant, none reserved yet: the input of Medusa's inventory confirmation. */
  stock?: ConfirmVariantInventoryWorkflowInputDTO
}

type Adjusted = Array<{ adjustments?: Array<{ code?: string | null; amount: unknown }> | null }> | null
type HalfDoneCart = {
  completed_at?: string | Date | null
  email?: string | null
  customer_id?: string | null
  payment_collection?: { id: string } | null
  promotions?: Array<{ id: string }> | null
  items?: Adjusted
  shipping_methods?: Adjusted
}
type HalfDoneOrder = {
  sales_channel_id?: string | null
  items?: Array<{ id: string; variant_id?: string | null; detail?: { quantity: number } | null }> | null
}

/** Each part of the completion that is missing: links (another order on the cart: refused), usage, stock. */
export const findHalfMadeOrderStep = createStep(
  "tikkie-find-half-made-order",
  async (input: HalfMadeOrderInput, { container }) => {
    const { cartId, orderId } = input
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const [{ data: carts }, { data: orders }, { data: cartLinks }, { data: collectionLinks }, { data: promoLinks }] =
      await Promise.all([
        query.graph({
          entity: "cart",
          fields: [
            "id",
            "completed_at",
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
          // The ordered quantity is the item detail's ("items.quantity" is the line item's own column).
          fields: ["id", "sales_channel_id", "items.id", "items.variant_id", "items.detail.quantity"],
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
    const cart = carts[0] as HalfDoneCart | undefined
    const order = orders[0] as HalfDoneOrder | undefined
    if (!cart || !order) throw new Error(`cannot finish order ${orderId}: its cart or the order is gone`)
    const linkedOrder = (cartLinks[0] as { order_id?: string } | undefined)?.order_id
    if (linkedOrder && linkedOrder !== orderId) {
      throw new Error(`cart ${cartId} was completed as order ${linkedOrder}; order ${orderId} was left unfinished`)
    }

    const links: LinkDefinition[] = []
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
    return new StepResponse<HalfMadeOrder>({
      ...input,
      links,
      usage: promotions.length ? promotionUsage(cart) : undefined,
      cartCompleted: !!cart.completed_at,
      stock: await unreservedStock(container, order),
    })
  }
)

function promotionUsage(cart: HalfDoneCart): PromotionUsage | undefined {
  const adjustments = [...(cart.items ?? []), ...(cart.shipping_methods ?? [])].flatMap((x) => x.adjustments ?? [])
  const actions = adjustments.filter((a) => a.code).map((a) => ({ code: a.code!, amount: a.amount }))
  if (!actions.length) return undefined
  return { actions, customer: { customer_id: cart.customer_id ?? null, customer_email: cart.email ?? null } }
}

async function unreservedStock(container: MedusaContainer, order: HalfDoneOrder) {
  const items = (order.items ?? []).filter((i) => i.variant_id)
  if (!items.length) return undefined
  const inventory = container.resolve(Modules.INVENTORY)
  const existing = await inventory.listReservationItems({ line_item_id: items.map((i) => i.id) }, { select: ["id"] })
  if (existing.length) return undefined
  const { data: variants } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
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
  return {
    sales_channel_id: order.sales_channel_id as string,
    variants,
    items: items.map((i) => ({ id: i.id, variant_id: i.variant_id!, quantity: i.detail?.quantity })),
  } as unknown as ConfirmVariantInventoryWorkflowInputDTO
}

/** The links, the promotions' usage and `completed_at`, each only when missing. Kept: the order is paid. */
export const finishHalfMadeOrderLinksStep = createStep(
  "tikkie-finish-half-made-order-links",
  async (found: HalfMadeOrder, { container }) => {
    if (found.links.length) await container.resolve(ContainerRegistrationKeys.LINK).create(found.links)
    if (found.usage) {
      await container
        .resolve(Modules.PROMOTION)
        .registerUsage(found.usage.actions as never, found.usage.customer as never)
    }
    if (!found.cartCompleted) {
      await container.resolve(Modules.CART).updateCarts(found.cartId, { completed_at: new Date() })
    }
    return new StepResponse(found.links.length > 0 || !found.cartCompleted)
  }
)

type ConfirmedStock = ConfirmVariantInventoryWorkflowOutput

type Reserved = { ids: string[]; keys: string[] }

/**
 * The order's reservations, placed where Medusa's inventory confirmation put them (as completeCartWorkflow
 * does). A paid order stays an order when the stock is gone meanwhile (the confirmation refused it, and
 * continued): the shop sees it unreserved, as with a backorder, and the log says so.
 */
export const reserveHalfMadeOrderStockStep = createStep(
  "tikkie-reserve-half-made-order-stock",
  async ({ found, confirmed }: { found: HalfMadeOrder; confirmed?: ConfirmedStock }, { container }) => {
    const answer = (reserved: boolean, made: Reserved = { ids: [], keys: [] }) => new StepResponse(reserved, made)
    if (!found.stock) return answer(false)
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const unreserved = (why: string) => {
      logger.error(`Medusa order ${found.orderId}: its stock could not be reserved (${why}); check its items`)
      return answer(true)
    }
    if (!confirmed) return unreserved("Medusa's inventory confirmation refused its items")
    if (!confirmed.items.length) return answer(false)
    const keys = [...new Set(confirmed.items.map((i) => i.inventory_item_id))]
    const inventory = container.resolve(Modules.INVENTORY)
    try {
      const reservations = await container.resolve(Modules.LOCKING).execute(keys, () =>
        inventory.createReservationItems(
          confirmed.items.map((i) => ({
            line_item_id: i.id,
            inventory_item_id: i.inventory_item_id,
            quantity: MathBN.mult(i.required_quantity, i.quantity) as never,
            allow_backorder: i.allow_backorder,
            location_id: i.location_ids[0],
          }))
        )
      )
      return answer(true, { ids: reservations.map((r) => r.id), keys })
    } catch (e) {
      return unreserved(errorMessage(e))
    }
  },
  async (made, { container }) => {
    if (!made?.ids.length) return
    const inventory = container.resolve(Modules.INVENTORY)
    await container.resolve(Modules.LOCKING).execute(made.keys, () => inventory.deleteReservationItems(made.ids))
  }
)

/**
 * The payment's authorization and capture transaction, when missing; then `order.placed`, which the dead
 * attempt never emitted. Answers whether anything was missing (a whole order is left as it is).
 */
export const finishHalfMadeOrderPaymentStep = createStep(
  "tikkie-finish-half-made-order-payment",
  async ({ found, linked, reserved }: { found: HalfMadeOrder; linked: boolean; reserved: boolean }, { container }) => {
    const { cartId, orderId, paymentSessionId } = found
    if (!(await sessionPayment(container, paymentSessionId))) {
      await container.resolve<IPaymentModuleService>(Modules.PAYMENT).authorizePaymentSession(paymentSessionId, {})
    }
    const { recorded, booked } = await bookSessionCaptures(container, orderId, paymentSessionId)
    // Nothing was missing: the order was whole (completed by another path that copied the stamp along).
    if (!linked && !reserved && recorded && !booked) return new StepResponse(false)
    await container.resolve(Modules.EVENT_BUS).emit({ name: OrderWorkflowEvents.PLACED, data: { id: orderId } }, {})
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(
        `Medusa order ${orderId} of cart ${cartId} was left half made by a completion that did not end (a process died); it is finished now`
      )
    return new StepResponse(true)
  }
)
