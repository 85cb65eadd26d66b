"use client"

import type { HttpTypes } from "@medusajs/types"
import { Button, Heading } from "@medusajs/ui"
import TikkieExpressButton from "@modules/cart/components/tikkie-express-button"
import Link from "next/link"
import { useParams } from "next/navigation"

/** The starter's cart summary, shortened: the total and "Go to checkout"; the guide's express button after it. */
const Summary = ({ cart }: { cart: HttpTypes.StoreCart }) => {
  const { countryCode } = useParams<{ countryCode: string }>()
  return (
    <div className="flex flex-col gap-y-4">
      <Heading level="h2">Summary</Heading>
      <p data-testid="cart-total">{cart.total}</p>
      <Link href={`/${countryCode}/checkout?step=address`} data-testid="checkout-button">
        <Button className="w-full h-10">Go to checkout</Button>
      </Link>
      <TikkieExpressButton cart={cart} />
    </div>
  )
}

export default Summary
