import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { addDays, amsterdamDate } from "tikkie-client/account-information"
import { normalizeIban } from "tikkie-client/core/dutch-iban"
import { bankModule } from "../../../modules/tikkie-bank/bank-session"

/** How far from the day an admin marked the refund its outgoing transfer may be booked (calendar days, either side). */
export const REFUND_MATCH_WINDOW_DAYS = 5

export interface RefundToMatch {
  id: string
  amountInCents: number
  currency: string
  bankReference: string | null
  payerIban: string | null
  /** yyyy-mm-dd (Amsterdam): when the admin marked it refunded. */
  refundedDate: string
}

export interface Debit {
  transactionId: string
  /** Negative: money going out. */
  amountInCents: number
  currency: string
  bookDate: string
  descriptionLines: string[]
  counterPartyAccountNumber: string | null
}

export interface RefundMatch {
  refundOwedId: string
  transactionId: string
  matchedBy: "reference" | "amount_iban"
}

/** Banks re-space, re-case and drop punctuation of free text: only letters and digits are compared. */
const compact = (text: string) => text.replace(/[^0-9a-z]/gi, "").toUpperCase()

/**
 * Pairs refunds marked refunded with the transfers that paid them, each once: by the admin's bank reference
 * and amount, then by amount to the payer's IBAN within REFUND_MATCH_WINDOW_DAYS, nearest first.
 */
export function matchRefundsOwed(refunds: RefundToMatch[], debits: Debit[]): RefundMatch[] {
  const matches: RefundMatch[] = []
  const used = new Set<string>()
  const sameMoney = (r: RefundToMatch, d: Debit) =>
    -d.amountInCents === r.amountInCents && d.currency.toUpperCase() === r.currency.toUpperCase()
  const ordered = [...debits].sort((a, b) =>
    a.bookDate === b.bookDate ? (a.transactionId < b.transactionId ? -1 : 1) : a.bookDate < b.bookDate ? -1 : 1
  )
  const left: RefundToMatch[] = []
  for (const r of refunds) {
    const reference = r.bankReference ? compact(r.bankReference) : ""
    const d =
      reference.length >= 4 &&
      ordered.find(
        (d) => !used.has(d.transactionId) && sameMoney(r, d) && compact(d.descriptionLines.join("")).includes(reference)
      )
    if (d) {
      used.add(d.transactionId)
      matches.push({ refundOwedId: r.id, transactionId: d.transactionId, matchedBy: "reference" })
    } else left.push(r)
  }
  for (const r of left) {
    if (!r.payerIban) continue
    const iban = normalizeIban(r.payerIban)
    const from = addDays(r.refundedDate, -REFUND_MATCH_WINDOW_DAYS)
    const until = addDays(r.refundedDate, REFUND_MATCH_WINDOW_DAYS)
    const distance = (d: Debit) => Math.abs(Date.parse(d.bookDate) - Date.parse(r.refundedDate))
    const candidates = ordered.filter(
      (d) =>
        !used.has(d.transactionId) &&
        sameMoney(r, d) &&
        d.bookDate >= from &&
        d.bookDate <= until &&
        !!d.counterPartyAccountNumber &&
        normalizeIban(d.counterPartyAccountNumber) === iban
    )
    const d = candidates.sort((a, b) => distance(a) - distance(b))[0]
    if (d) {
      used.add(d.transactionId)
      matches.push({ refundOwedId: r.id, transactionId: d.transactionId, matchedBy: "amount_iban" })
    }
  }
  return matches
}

/** Matches the refunds owed not yet seen leaving the account with the stored debits; answers how many. */
export async function matchRefundsOwedInBank(container: MedusaContainer): Promise<number> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const open = await tikkie.listRefundOweds({ status: "refunded", bank_transaction_id: null })
  if (!open.length) return 0
  const refunds: RefundToMatch[] = open.map((r) => ({
    id: r.id,
    amountInCents: Number(r.amount_in_cents),
    currency: r.currency_code,
    bankReference: r.bank_reference,
    payerIban: (r.payer_account as { iban?: string } | null)?.iban ?? null,
    refundedDate: amsterdamDate((r.refunded_at ?? r.updated_at).getTime()),
  }))
  const earliest = addDays(refunds.map((r) => r.refundedDate).sort()[0], -REFUND_MATCH_WINDOW_DAYS)
  const rows = await bankModule(container).listBankTransactions({
    amount_in_cents: { $lt: 0 },
    book_date: { $gte: earliest },
  })
  const taken = new Set(
    (
      await tikkie.listRefundOweds(
        { bank_transaction_id: rows.map((t) => t.transaction_id) },
        { select: ["bank_transaction_id"] }
      )
    ).map((r) => r.bank_transaction_id)
  )
  const debits: Debit[] = rows
    .filter((t) => !taken.has(t.transaction_id))
    .map((t) => ({
      transactionId: t.transaction_id,
      amountInCents: Number(t.amount_in_cents),
      currency: t.currency,
      bookDate: t.book_date,
      descriptionLines: (t.description_lines as unknown as string[] | null) ?? [],
      counterPartyAccountNumber: t.counter_party_account_number,
    }))
  const matches = matchRefundsOwed(refunds, debits)
  if (matches.length) {
    await tikkie.updateRefundOweds(
      matches.map((m) => ({ id: m.refundOwedId, bank_transaction_id: m.transactionId, bank_matched_by: m.matchedBy }))
    )
  }
  return matches.length
}
