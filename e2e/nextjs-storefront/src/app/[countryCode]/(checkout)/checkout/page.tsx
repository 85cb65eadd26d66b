import { listCartPaymentMethods, retrieveCart } from "@lib/data/cart"
import Payment from "@modules/checkout/components/payment"
import Review from "@modules/checkout/components/review"
import { notFound } from "next/navigation"

/** As the starter's checkout page: the cart from the cart cookie, or "not found". */
export default async function Checkout() {
  const cart = await retrieveCart()
  if (!cart) return notFound()
  const paymentMethods = (await listCartPaymentMethods(cart.region_id ?? "")) ?? []
  return (
    <div data-testid="checkout-container">
      <h1>Checkout</h1>
      <p data-testid="checkout-cart-id">{cart.id}</p>
      <Payment cart={cart} availablePaymentMethods={paymentMethods} />
      <Review cart={cart} />
    </div>
  )
}
