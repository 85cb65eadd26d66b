import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import { toCents } from "../../../utils/medusa-money"
import { isFastCheckoutProvider } from "../../../providers/provider-keys"
import { isPaymentRequestProvider } from "../../../providers/provider-keys"

/** A Medusa payment as the refund owed paths read it (query.graph with `OWED_PAYMENT_FIELDS`). */
export interface OwedPayment {
  id: string
  provider_id: string
  currency_code: string
  data: Record<string, unknown> | null
  captures?: Array<{ raw_amount?: BigNumberInput; amount?: BigNumberInput }> | null
  refunds?: Array<{ id: string; raw_amount?: BigNumberInput; amount?: BigNumberInput }> | null
}

export const OWED_PAYMENT_FIELDS = [
  "id",
  "provider_id",
  "currency_code",
  "data",
  "captures.id",
  "captures.raw_amount",
  "refunds.id",
  "refunds.raw_amount",
]

/**
 * Tikkie cannot give this payment's money back: Fast Checkout has no refund operation and payment
 * requests v1 have no refunds (v2 refunds through Tikkie, so its payments are not refunds owed).
 */
export function cannotRefundAtTikkie(payment: Pick<OwedPayment, "provider_id" | "data">): boolean {
  if (isFastCheckoutProvider(payment.provider_id)) return true
  return isPaymentRequestProvider(payment.provider_id) && !!payment.data?.v1
}

function sumCents(rows: Array<{ raw_amount?: BigNumberInput; amount?: BigNumberInput }> | null | undefined): number {
  return toCents((rows ?? []).reduce<BigNumberInput>((s, r) => MathBN.add(s, r.raw_amount ?? r.amount ?? 0), 0))
}

export const capturedCents = (p: OwedPayment) => sumCents(p.captures)
export const refundedCents = (p: OwedPayment) => sumCents(p.refunds)

export interface PayerDetails {
  payer_name: string | null
  payer_account: Record<string, string> | null
}

/**
 * Who paid, and what is known of their account, from the payment's data: a Fast Checkout payer has a
 * name, e-mail and phone (Tikkie does not give the IBAN; it is on the payout); a payment request
 * payment has the payer's name and IBAN (counterPartyName, counterPartyAccountNumber) when Tikkie gave them.
 */
export function payerOf(data: Record<string, unknown> | null | undefined): PayerDetails {
  const payer = data?.payer as
    { companyName?: string; firstName?: string; lastName?: string; email?: string; phoneNumber?: string } | undefined
  if (payer && typeof payer === "object") {
    const name = [payer.firstName, payer.lastName].filter(Boolean).join(" ")
    return {
      payer_name: [payer.companyName, name].filter(Boolean).join(", ") || null,
      payer_account: compact({ email: payer.email, phone_number: payer.phoneNumber }),
    }
  }
  const payments =
    (data?.payments as
      Array<{ amountInCents: number; counterPartyName?: string; counterPartyAccountNumber?: string }> | undefined) ?? []
  const paid = payments.find((p) => p.amountInCents === data?.amountInCents) ?? payments[0]
  return paymentRequestPayer(paid)
}

export function paymentRequestPayer(
  payment: { counterPartyName?: string; counterPartyAccountNumber?: string } | undefined
): PayerDetails {
  return {
    payer_name: payment?.counterPartyName ?? null,
    payer_account: compact({ iban: payment?.counterPartyAccountNumber }),
  }
}

function compact(values: Record<string, string | undefined>): Record<string, string> | null {
  const kept = Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== "")
  return kept.length ? Object.fromEntries(kept) : null
}
