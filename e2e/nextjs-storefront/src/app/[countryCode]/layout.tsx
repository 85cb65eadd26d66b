import { retrieveCart } from "@lib/data/cart"
import Link from "next/link"

/** The starter's nav shows the cart's count from the cart cookie: after an order it must be empty. */
export default async function CountryLayout(props: { children: React.ReactNode; params: Promise<{ countryCode: string }> }) {
  const { countryCode } = await props.params
  const cart = await retrieveCart().catch(() => null)
  const count = cart?.items?.reduce((n, i) => n + i.quantity, 0) ?? 0
  return (
    <>
      <nav>
        <Link href={`/${countryCode}/cart`} data-testid="nav-cart-link">
          Cart ({count})
        </Link>
      </nav>
      {props.children}
    </>
  )
}
