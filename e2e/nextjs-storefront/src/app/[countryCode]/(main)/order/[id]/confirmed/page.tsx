import { retrieveOrder } from "@lib/data/orders"
import { notFound } from "next/navigation"

/** As the starter's order confirmation (its OrderCompletedTemplate's words). */
export default async function OrderConfirmedPage(props: { params: Promise<{ id: string }> }) {
  const { id } = await props.params
  const order = await retrieveOrder(id).catch(() => null)
  if (!order) return notFound()
  return (
    <div data-testid="order-complete-container">
      <h1>
        <span>Thank you!</span>
        <span>Your order was placed successfully.</span>
      </h1>
      <p>
        Order number: <span data-testid="order-id">{order.display_id}</span>
      </p>
      <p data-testid="order-email">{order.email}</p>
    </div>
  )
}
