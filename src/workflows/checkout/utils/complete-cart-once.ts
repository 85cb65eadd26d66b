import type { IOrderModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

/** The cart's metadata key naming the payment settling it; Medusa copies it onto the order in its insert. */
export const COMPLETION_KEY = "tikkie_completion"

/**
 * Stamps a paid cart with the payment's marker before completeCartWorkflow (nothing resumes one whose process
 * died): a stamp already there answers the order that attempt inserted, for finishHalfMadeOrderWorkflow.
 */
export async function startCompletion(
  container: MedusaContainer,
  input: { cartId: string; paymentSessionId: string; marker: string }
): Promise<{ finishedOrderId?: string }> {
  const started = await stampCart(container, input.cartId, input.marker)
  if (!started) return {}
  await dismissLinksOfGoneOrders(container, input.cartId)
  return { finishedOrderId: await orderOfMarker(container, input.marker) }
}

/**
 * Links to an order a dead attempt's undo deleted make completeCartWorkflow fail on every try ("Cannot create
 * multiple links"): dismissed.
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

/** Stamps the cart (the cart module's own update: no refresh of items or sessions); answers if it was already. */
async function stampCart(container: MedusaContainer, cartId: string, marker: string): Promise<boolean> {
  const cartModule = container.resolve(Modules.CART)
  const cart = await cartModule.retrieveCart(cartId, { select: ["id", "metadata"] })
  const metadata = (cart.metadata ?? {}) as Record<string, unknown>
  if (metadata[COMPLETION_KEY] === marker) return true
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

type SessionPayment = {
  id: string
  currency_code: string
  captures?: Array<{ id: string; raw_amount?: unknown; amount: unknown }> | null
}

export async function sessionPayment(container: MedusaContainer, paymentSessionId: string) {
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
