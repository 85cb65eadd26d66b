"use client"

import type { HttpTypes } from "@medusajs/types"
import { Button } from "@medusajs/ui"
import TikkieExpressButton from "@modules/cart/components/tikkie-express-button"
import Link from "next/link"
import { useParams } from "next/navigation"
import { useState } from "react"

/** The starter's cart dropdown, shortened: "Cart (n)" in the nav, its panel open while hovered. */
const CartDropdown = ({ cart: cartState }: { cart?: HttpTypes.StoreCart | null }) => {
  const { countryCode } = useParams<{ countryCode: string }>()
  const [open, setOpen] = useState(false)
  const totalItems = cartState?.items?.reduce((n, i) => n + i.quantity, 0) ?? 0
  return (
    <div onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <Link href={`/${countryCode}/cart`} data-testid="nav-cart-link">{`Cart (${totalItems})`}</Link>
      {open && (
        <div data-testid="nav-cart-dropdown">
          {cartState && cartState.items?.length ? (
            <div className="p-4 flex flex-col gap-y-4 text-small-regular">
              <Link href={`/${countryCode}/cart`}>
                <Button className="w-full" size="large" data-testid="go-to-cart-button">
                  Go to cart
                </Button>
              </Link>
              <TikkieExpressButton cart={cartState} />
            </div>
          ) : (
            <span>Your shopping bag is empty.</span>
          )}
        </div>
      )}
    </div>
  )
}

export default CartDropdown
