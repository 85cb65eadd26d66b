import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"

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
 * entry to EXPECTED_PAYOUT_SOURCES (payment requests: a source named "paymentrequest" listing paid
 * payments by the reference its payouts carry).
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
      const page = await tikkie.listFastCheckoutOrders({ status: "PAID", updated_at: { $gte: since } } as never, {
        select: ["order_token", "amount_in_cents", "currency_code", "updated_at", "medusa_order_id"],
        order: { id: "ASC" },
        take: PAGE,
        skip,
      })
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

export const EXPECTED_PAYOUT_SOURCES: ExpectedPayoutSource[] = [fastCheckoutPayouts]
