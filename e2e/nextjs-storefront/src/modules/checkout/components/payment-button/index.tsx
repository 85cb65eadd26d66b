"use client"

import { isManual, isStripeLike, isTikkieFastCheckout, isTikkieLink } from "@lib/constants"
import type { HttpTypes } from "@medusajs/types"
import { Button } from "@medusajs/ui"
import { TikkieCheckoutButton, TikkieLinkButton } from "@modules/checkout/components/tikkie-buttons"
import React from "react"

type PaymentButtonProps = {
  cart: HttpTypes.StoreCart
  "data-testid": string
}

/** The starter's payment button, its Stripe and manual buttons left out; the guide's two cases in it. */
const PaymentButton: React.FC<PaymentButtonProps> = ({ cart }) => {
  const notReady = !cart || !cart.shipping_address || !cart.billing_address || !cart.email || (cart.shipping_methods?.length ?? 0) < 1

  const paymentSession = cart.payment_collection?.payment_sessions?.[0]

  switch (true) {
    case isStripeLike(paymentSession?.provider_id):
    case isManual(paymentSession?.provider_id):
      return <Button disabled>Not part of this test</Button>
    case isTikkieFastCheckout(paymentSession?.provider_id):
      return <TikkieCheckoutButton notReady={notReady} />
    case isTikkieLink(paymentSession?.provider_id):
      return <TikkieLinkButton notReady={notReady} />
    default:
      return <Button disabled>Select a payment method</Button>
  }
}

export default PaymentButton
