"use client"

import { paymentInfoMap } from "@lib/constants"
import { initiatePaymentSession } from "@lib/data/cart"
import type { HttpTypes } from "@medusajs/types"
import { Button } from "@medusajs/ui"
import TikkieReturnNotice from "@modules/checkout/components/tikkie-return-notice"
import ErrorMessage from "@modules/checkout/components/error-message"
import { usePathname, useRouter, useSearchParams } from "next/navigation"
import { useCallback, useState } from "react"

/**
 * The starter's payment step, shortened: pick a provider, "Continue to review" starts its payment
 * session (Medusa's POST /store/payment-collections/:id/payment-sessions) and moves to the review step.
 */
const Payment = ({ cart, availablePaymentMethods }: { cart: HttpTypes.StoreCart; availablePaymentMethods: Array<{ id: string }> }) => {
  const activeSession = cart.payment_collection?.payment_sessions?.find((s) => s.status === "pending")
  const [selectedPaymentMethod, setSelectedPaymentMethod] = useState(activeSession?.provider_id ?? "")
  const [isLoading, setIsLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const searchParams = useSearchParams()
  const router = useRouter()
  const pathname = usePathname()
  const isOpen = searchParams.get("step") === "payment"

  const createQueryString = useCallback(
    (name: string, value: string) => {
      const params = new URLSearchParams(searchParams)
      params.set(name, value)
      return params.toString()
    },
    [searchParams]
  )

  const handleSubmit = async () => {
    setIsLoading(true)
    try {
      if (activeSession?.provider_id !== selectedPaymentMethod) {
        await initiatePaymentSession(cart, { provider_id: selectedPaymentMethod })
      }
      router.push(pathname + "?" + createQueryString("step", "review"), { scroll: false })
    } catch (err: any) {
      setError(err.message)
    } finally {
      setIsLoading(false)
    }
  }

  return (
    <section data-testid="payment-step">
      <h2>Payment</h2>
      {isOpen ? (
        <div>
          <TikkieReturnNotice />
          {availablePaymentMethods.map((m) => (
            <label key={m.id} style={{ display: "block" }}>
              <input
                type="radio"
                name="payment-method"
                value={m.id}
                checked={selectedPaymentMethod === m.id}
                onChange={() => setSelectedPaymentMethod(m.id)}
                data-testid={`payment-method-${m.id}`}
              />
              {paymentInfoMap[m.id]?.title ?? m.id}
            </label>
          ))}
          <ErrorMessage error={error} data-testid="payment-method-error-message" />
          <Button size="large" onClick={handleSubmit} isLoading={isLoading} disabled={!selectedPaymentMethod} data-testid="submit-payment-button">
            Continue to review
          </Button>
        </div>
      ) : (
        <p data-testid="payment-method-summary">{paymentInfoMap[activeSession?.provider_id ?? ""]?.title ?? "-"}</p>
      )}
    </section>
  )
}

export default Payment
