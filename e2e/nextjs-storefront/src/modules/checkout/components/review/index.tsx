"use client"

import type { HttpTypes } from "@medusajs/types"
import PaymentButton from "@modules/checkout/components/payment-button"
import { useSearchParams } from "next/navigation"

/** The starter's review step: the payment button once the step is "review". */
const Review = ({ cart }: { cart: HttpTypes.StoreCart }) => {
  const isOpen = useSearchParams().get("step") === "review"
  return (
    <section data-testid="review-step">
      <h2>Review</h2>
      {isOpen && <PaymentButton cart={cart} data-testid="submit-order-button" />}
    </section>
  )
}

export default Review
