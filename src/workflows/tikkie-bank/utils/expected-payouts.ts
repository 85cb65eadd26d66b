import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { recordPayments } from "../../payment-request/utils/record-payment-request"

/** A payment whose money should reach the account; its payout carries `reference` (payout-reference.ts). */
export interface ExpectedPayout {
  source: string
  reference: string
  amountInCents: number
  currency: string
  paidAt: Date
  medusaOrderId?: string | null
}

/** Where reconciliation learns which payouts to expect: one per payment product (EXPECTED_PAYOUT_SOURCES). */
export interface ExpectedPayoutSource {
  source: string
  list(container: MedusaContainer, since: Date): Promise<ExpectedPayout[]>
}

const PAGE = 1_000

/** Fast Checkout: every PAID order by its orderToken, paid at updated_at (the poll leaves a settled record be). */
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

/** The paymentToken, one payout per payment; a v1 UUID without its dashes fits the 32-character line. */
export function paymentRequestPayoutReference(paymentToken: string): string {
  return paymentToken.length > 32 ? paymentToken.replace(/-/g, "") : paymentToken
}

/**
 * Payment requests: every PAID payment (a refund leaves the account separately), paid at its createdDateTime.
 * Filtered by the record's updated_at: a record is written whenever its payments change.
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
