import { retrieveCart } from "@lib/data/cart"

export default async function CartPage() {
  const cart = await retrieveCart()
  if (!cart?.items?.length) return <h1 data-testid="empty-cart-message">Cart is empty</h1>
  return (
    <ul data-testid="cart-items">
      {cart.items.map((i) => (
        <li key={i.id}>
          {i.quantity} × {i.product_title}
        </li>
      ))}
    </ul>
  )
}
