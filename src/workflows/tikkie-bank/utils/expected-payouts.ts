import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { recordPayments } from "../../payment-request/utils/record-payment-request"

/**
 * A payment the plugin took whose money should reach the connected account.
 * `reference` is what the payout carries after `TIKKIE <SOURCE>` (payout-reference.ts), at most 32 characters.
 */
export interface ExpectedPayout {
  source: string
  reference: string
  amountInCents: number
  currency: string
  paidAt: Date
  medusaOrderId?: string | null
}

/**
 * Where reconciliation learns which payouts to expect. Each payment product of the plugin adds one
 * entry to EXPECTED_PAYOUT_SOURCES: Fast Checkout orders ("fastcheckout") and the payments of payment
 * requests, checkout, order and invoice links alike ("paymentrequest").
 */
export interface ExpectedPayoutSource {
  /** Letters and digits; upper-cased in the payout's tag line (`TIKKIE FASTCHECKOUT`). */
  source: string
  /** Payments paid at or after `since`. */
  list(container: MedusaContainer, since: Date): Promise<ExpectedPayout[]>
}

const PAGE = 1_000

/**
 * Fast Checkout: every PAID order. Reference: the orderToken (32 hex characters). Paid at: the record's
 * updated_at, the moment the plugin saw it PAID (the record keeps no separate paid time; after
 * settlement the poll no longer touches it).
 */
export const fastCheckoutPayouts: ExpectedPayoutSource = {
  source: "fastcheckout",
  async list(container, since) {
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const out: ExpectedPayout[] = []
    for (let skip = 0; ; skip += PAGE) {
      const page = await tikkie.listFastCheckoutOrders(
        { status: "PAID", updated_at: { $gte: since } },
        {
          select: ["order_token", "amount_in_cents", "currency_code", "updated_at", "medusa_order_id"],
          order: { id: "ASC" },
          take: PAGE,
          skip,
        }
      )
      for (const r of page) {
        out.push({
          source: "fastcheckout",
          reference: r.order_token,
          amountInCents: Number(r.amount_in_cents),
          currency: r.currency_code.toUpperCase(),
          paidAt: new Date(r.updated_at),
          medusaOrderId: r.medusa_order_id,
        })
      }
      if (page.length < PAGE) return out
    }
  },
}

/**
 * A payment request's payout reference: the payment's paymentToken, one payout per payment (an open
 * invoice link paid twice is paid out twice). v2 tokens are 22 letters and digits; a v1 paymentToken is
 * a UUID, whose 32 hexadecimal digits without the dashes fit the 32-character reference line.
 */
export function paymentRequestPayoutReference(paymentToken: string): string {
  return paymentToken.length > 32 ? paymentToken.replace(/-/g, "") : paymentToken
}

/**
 * Payment requests: every payment Tikkie reported PAID on a request the plugin made (v1 and v2; refunds
 * do not change what is paid out: a refund leaves the account separately). Paid at: the payment's own
 * createdDateTime. A record's payments are re-read whenever they change, so a payment paid at or after
 * `since` is on a record updated at or after it.
 */
export const paymentRequestPayouts: ExpectedPayoutSource = {
  source: "paymentrequest",
  async list(container, since) {
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const out: ExpectedPayout[] = []
    for (let skip = 0; ; skip += PAGE) {
      const page = await tikkie.listPaymentRequests(
        { updated_at: { $gte: since } },
        {
          select: ["payments", "order_id"],
          order: { id: "ASC" },
          take: PAGE,
          skip,
        }
      )
      for (const r of page) {
        for (const p of recordPayments(r)) {
          const paidAt = new Date(p.createdDateTime)
          if (!(paidAt >= since) || !p.paymentToken || !(p.amountInCents > 0)) continue
          out.push({
            source: "paymentrequest",
            reference: paymentRequestPayoutReference(p.paymentToken),
            amountInCents: p.amountInCents,
            currency: "EUR",
            paidAt,
            medusaOrderId: r.order_id ?? null,
          })
        }
      }
      if (page.length < PAGE) return out
    }
  },
}

export const EXPECTED_PAYOUT_SOURCES: ExpectedPayoutSource[] = [fastCheckoutPayouts, paymentRequestPayouts]
