import { retrieveCart } from "@lib/data/cart"
import Summary from "@modules/cart/templates/summary"

/** As the starter's cart page: the items, and the summary with "Go to checkout". */
export default async function CartPage() {
  const cart = await retrieveCart()
  if (!cart?.items?.length) return <h1 data-testid="empty-cart-message">Cart is empty</h1>
  return (
    <div data-testid="cart-container">
      <ul data-testid="cart-items">
        {cart.items.map((i) => (
          <li key={i.id}>
            {i.quantity} × {i.product_title}
          </li>
        ))}
      </ul>
      <Summary cart={cart} />
    </div>
  )
}
