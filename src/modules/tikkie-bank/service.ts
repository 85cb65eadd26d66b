import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import BankConnection from "./models/connection"
import BankConsentState from "./models/consent-state"
import BankTransaction from "./models/bank-transaction"
import Payout from "./models/payout"
import PayGrant from "./models/pay-grant"
import { parseTikkieBankOptions, type ResolvedTikkieBankOptions } from "./options"

export interface StoredTransactionInput {
  transactionId: string
  accountNumber: string
  amountInCents: number
  currency: string
  bookDate: string
  descriptionLines: string[]
  counterPartyName?: string
  counterPartyAccountNumber?: string
  mutationCode?: string
  transactionTimestamp?: string
}

export interface PayoutInput {
  source: string
  reference: string
  amountInCents: number
  currency: string
  paidDate: string
  dueDate: string
  medusaOrderId?: string | null
}

export interface UnmatchedPayout {
  id: string
  source: string
  reference: string
  amountInCents: number
  currency: string
  paidDate: string
}

export interface UnmatchedCredit {
  transactionId: string
  amountInCents: number
  currency: string
  bookDate: string
  descriptionLines: string[]
}

/**
 * A credit that looks like a Tikkie payout: from "Stichting Tikkie", or with a `TIKKIE <SOURCE>` tag line (a
 * friend's private Tikkie comes from the friend). Filters only what the admin is shown, not what is matched.
 */
const TIKKIE_CREDIT_SQL = `(t.counter_party_name ilike '%tikkie%'
  or exists (select 1 from json_array_elements_text(t.description_lines::json) line where line ~* '^\\s*tikkie\\s+[a-z0-9]+\\s*$'))`

/** mismatch: matched by reference, but another amount was paid out (shown, so it is looked at). */
export type ReconciliationStatus = "matched" | "mismatch" | "pending" | "overdue" | "unmatched"
export const RECONCILIATION_STATUSES: ReadonlyArray<ReconciliationStatus> = [
  "matched",
  "mismatch",
  "pending",
  "overdue",
  "unmatched",
]

export interface ReconciliationItem {
  kind: "payment" | "credit"
  status: ReconciliationStatus
  /** Payments: the paid date; credits: the book date. */
  date: string
  source: string | null
  reference: string | null
  amount_in_cents: number
  currency: string
  due_date: string | null
  medusa_order_id: string | null
  matched_by: "reference" | "amount_date" | null
  transaction: null | {
    transaction_id: string
    book_date: string
    amount_in_cents: number
    description_lines: string[]
    counter_party_name: string | null
  }
}

const INSERT_BATCH = 500

class TikkieBankModuleService extends MedusaService({
  BankConnection,
  BankConsentState,
  BankTransaction,
  Payout,
  PayGrant,
}) {
  /** Undefined when the module was registered without options (feature not configured). */
  readonly bankOptions?: ResolvedTikkieBankOptions

  constructor(container: Record<string, unknown>, options?: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.bankOptions = parseTikkieBankOptions(options)
  }

  /** Uses up a consent state in one conditional update (of two concurrent callbacks one wins), or says why not. */
  @InjectManager()
  async consumeConsentState(
    stateHash: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<
    | { ok: true; userId: string; bank: string; scopes: string[]; purpose: "bank" | "pay" }
    | { ok: false; reason: "unknown" | "used" | "expired" }
  > {
    const manager = sharedContext.manager as SqlEntityManager
    const rows: Array<{ user_id: string; bank: string; scopes: string; purpose: "bank" | "pay" }> =
      await manager.execute(
        `update tikkie_bank_consent_state set used_at = now(), updated_at = now()
       where state_hash = ? and used_at is null and expires_at > now() and deleted_at is null
       returning user_id, bank, scopes, purpose`,
        [stateHash]
      )
    if (rows[0]) {
      const r = rows[0]
      return {
        ok: true,
        userId: r.user_id,
        bank: r.bank,
        scopes: r.scopes.split(" ").filter(Boolean),
        purpose: r.purpose,
      }
    }
    const [row]: Array<{ used_at: Date | null }> = await manager.execute(
      `select used_at from tikkie_bank_consent_state where state_hash = ? and deleted_at is null`,
      [stateHash]
    )
    return { ok: false, reason: !row ? "unknown" : row.used_at ? "used" : "expired" }
  }

  /** Stores transactions; ones already stored (same transactionId) are left as they are. Answers how many were new. */
  @InjectManager()
  async storeTransactions(
    rows: StoredTransactionInput[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<number> {
    const manager = sharedContext.manager as SqlEntityManager
    let inserted = 0
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const batch = rows.slice(i, i + INSERT_BATCH)
      const values = batch.map(
        () =>
          `(?, ?, ?, ?, jsonb_build_object('value', ?::text, 'precision', 20), ?, ?, ?::jsonb, ?, ?, ?, ?, now(), now())`
      )
      const params = batch.flatMap((t) => [
        generateEntityId(undefined, "tkbtx"),
        t.transactionId,
        t.accountNumber,
        t.amountInCents,
        String(t.amountInCents),
        t.currency,
        t.bookDate,
        JSON.stringify(t.descriptionLines),
        t.counterPartyName ?? null,
        t.counterPartyAccountNumber ?? null,
        t.mutationCode ?? null,
        t.transactionTimestamp ?? null,
      ])
      const res: unknown[] = await manager.execute(
        `insert into tikkie_bank_transaction (id, transaction_id, account_number, amount_in_cents, raw_amount_in_cents, currency,
           book_date, description_lines, counter_party_name, counter_party_account_number, mutation_code, transaction_timestamp,
           created_at, updated_at)
         values ${values.join(", ")}
         on conflict (transaction_id) where deleted_at is null do nothing
         returning id`,
        params
      )
      inserted += res.length
    }
    return inserted
  }

  /** Records expected payouts; one already recorded (same source and reference) keeps its match. */
  @InjectManager()
  async recordPayouts(rows: PayoutInput[], @MedusaContext() sharedContext: Context = {}): Promise<number> {
    const manager = sharedContext.manager as SqlEntityManager
    let inserted = 0
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const batch = rows.slice(i, i + INSERT_BATCH)
      const values = batch.map(
        () => `(?, ?, ?, ?, jsonb_build_object('value', ?::text, 'precision', 20), ?, ?, ?, ?, now(), now())`
      )
      const params = batch.flatMap((p) => [
        generateEntityId(undefined, "tkbpo"),
        p.source,
        p.reference,
        p.amountInCents,
        String(p.amountInCents),
        p.currency,
        p.paidDate,
        p.dueDate,
        p.medusaOrderId ?? null,
      ])
      const res: unknown[] = await manager.execute(
        `insert into tikkie_bank_payout (id, source, reference, amount_in_cents, raw_amount_in_cents, currency, paid_date, due_date,
           medusa_order_id, created_at, updated_at)
         values ${values.join(", ")}
         on conflict (source, reference) where deleted_at is null do update
           set medusa_order_id = coalesce(tikkie_bank_payout.medusa_order_id, excluded.medusa_order_id)
         returning (xmax = 0) as inserted`,
        params
      )
      inserted += (res as Array<{ inserted: boolean }>).filter((r) => r.inserted).length
    }
    return inserted
  }

  @InjectManager()
  async listUnmatchedPayouts(@MedusaContext() sharedContext: Context = {}): Promise<UnmatchedPayout[]> {
    const manager = sharedContext.manager as SqlEntityManager
    const rows: any[] = await manager.execute(
      `select id, source, reference, amount_in_cents::bigint::text as cents, currency, paid_date
       from tikkie_bank_payout where transaction_id is null and deleted_at is null`
    )
    return rows.map((r) => ({
      id: r.id,
      source: r.source,
      reference: r.reference,
      amountInCents: Number(r.cents),
      currency: r.currency,
      paidDate: r.paid_date,
    }))
  }

  /** Credits (amount > 0) no payout is matched with. */
  @InjectManager()
  async listUnmatchedCredits(@MedusaContext() sharedContext: Context = {}): Promise<UnmatchedCredit[]> {
    const manager = sharedContext.manager as SqlEntityManager
    const rows: any[] = await manager.execute(
      `select t.transaction_id, t.amount_in_cents::bigint::text as cents, t.currency, t.book_date, t.description_lines
       from tikkie_bank_transaction t
       where t.amount_in_cents > 0 and t.deleted_at is null
         and not exists (select 1 from tikkie_bank_payout p where p.transaction_id = t.transaction_id and p.deleted_at is null)`
    )
    return rows.map((r) => ({
      transactionId: r.transaction_id,
      amountInCents: Number(r.cents),
      currency: r.currency,
      bookDate: r.book_date,
      descriptionLines: r.description_lines ?? [],
    }))
  }

  /** Writes matches, leaving a matched payout or a used credit alone (no double match); answers how many. */
  @InjectManager()
  async applyMatches(
    matches: Array<{ payoutId: string; transactionId: string; matchedBy: "reference" | "amount_date" }>,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<number> {
    const manager = sharedContext.manager as SqlEntityManager
    let written = 0
    for (const m of matches) {
      const res: unknown[] = await manager.execute(
        `update tikkie_bank_payout set transaction_id = ?, matched_by = ?, matched_at = now(), updated_at = now()
         where id = ? and transaction_id is null
           and not exists (select 1 from tikkie_bank_payout o where o.transaction_id = ? and o.deleted_at is null)
         returning id`,
        [m.transactionId, m.matchedBy, m.payoutId, m.transactionId]
      )
      written += res.length
    }
    return written
  }

  /**
   * Payments and unmatched credits, newest first; only credits that look like a Tikkie payout unless `credits:
   * "all"`: a shop's account takes other credits by the hundred, which would bury the payouts that need a look.
   */
  @InjectManager()
  async listReconciliation(
    filter: {
      today: string
      statuses: ReconciliationStatus[]
      from?: string
      to?: string
      limit: number
      offset: number
      credits?: "tikkie" | "all"
    },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ items: ReconciliationItem[]; count: number; counts: Record<ReconciliationStatus, number> }> {
    const manager = sharedContext.manager as SqlEntityManager
    const items = `
      with items as (
        select 'payment' as kind, p.id as item_id, p.source, p.reference, p.amount_in_cents::bigint::text as cents, p.currency,
               p.paid_date as date, p.due_date, p.medusa_order_id, p.matched_by, p.transaction_id,
               case when p.transaction_id is not null and paid_out.amount_in_cents is distinct from p.amount_in_cents then 'mismatch'
                    when p.transaction_id is not null then 'matched'
                    when p.due_date < ? then 'overdue' else 'pending' end as status
        from tikkie_bank_payout p
        left join tikkie_bank_transaction paid_out on paid_out.transaction_id = p.transaction_id and paid_out.deleted_at is null
        where p.deleted_at is null
        union all
        select 'credit', t.id, null, null, t.amount_in_cents::bigint::text, t.currency, t.book_date, null, null, null, t.transaction_id, 'unmatched'
        from tikkie_bank_transaction t
        where t.amount_in_cents > 0 and t.deleted_at is null
          and not exists (select 1 from tikkie_bank_payout p where p.transaction_id = t.transaction_id and p.deleted_at is null)
          ${(filter.credits ?? "tikkie") === "tikkie" ? `and ${TIKKIE_CREDIT_SQL}` : ""}
      )`
    const where = `where date >= coalesce(?, date) and date <= coalesce(?, date)`
    const countRows: Array<{ status: ReconciliationStatus; n: string }> = await manager.execute(
      `${items} select status, count(*)::text as n from items ${where} group by status`,
      [filter.today, filter.from ?? null, filter.to ?? null]
    )
    const counts = Object.fromEntries(RECONCILIATION_STATUSES.map((k) => [k, 0])) as Record<
      ReconciliationStatus,
      number
    >
    for (const r of countRows) counts[r.status] = Number(r.n)
    const rows: any[] = await manager.execute(
      `${items}
       select i.*, t.book_date as t_book_date, t.amount_in_cents::bigint::text as t_cents, t.description_lines as t_lines,
              t.counter_party_name as t_counter_party_name
       from items i left join tikkie_bank_transaction t on t.transaction_id = i.transaction_id and t.deleted_at is null
       ${where.replace(/date/g, "i.date")} and i.status = any(string_to_array(?, ','))
       order by i.date desc, i.kind, i.item_id
       limit ? offset ?`,
      [filter.today, filter.from ?? null, filter.to ?? null, filter.statuses.join(","), filter.limit, filter.offset]
    )
    return {
      count: filter.statuses.reduce((s, k) => s + counts[k], 0),
      counts,
      items: rows.map((r) => ({
        kind: r.kind,
        status: r.status,
        date: r.date,
        source: r.source,
        reference: r.reference,
        amount_in_cents: Number(r.cents),
        currency: r.currency,
        due_date: r.due_date,
        medusa_order_id: r.medusa_order_id,
        matched_by: r.matched_by,
        transaction:
          r.transaction_id && r.t_book_date
            ? {
                transaction_id: r.transaction_id,
                book_date: r.t_book_date,
                amount_in_cents: Number(r.t_cents),
                description_lines: r.t_lines ?? [],
                counter_party_name: r.t_counter_party_name,
              }
            : null,
      })),
    }
  }
}

export default TikkieBankModuleService
