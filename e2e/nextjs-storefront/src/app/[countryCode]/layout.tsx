import { retrieveCart } from "@lib/data/cart"
import CartDropdown from "@modules/layout/components/cart-dropdown"

/** The starter's nav shows the cart's count from the cart cookie: after an order it must be empty. */
export default async function CountryLayout(props: { children: React.ReactNode; params: Promise<{ countryCode: string }> }) {
  await props.params
  const cart = await retrieveCart().catch(() => null)
  return (
    <>
      <nav>
        <CartDropdown cart={cart} />
      </nav>
      {props.children}
    </>
  )
}
