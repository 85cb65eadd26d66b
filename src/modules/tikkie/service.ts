import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { tikkieModels } from "./model-list"
import { CallHealthRecorder, type PollKey, writeHealthMark } from "./call-health"
import {
  busiestRateSecond,
  countRateWindowCall,
  holdRateWindow,
  releaseRateWindowCall,
  type RunSql,
} from "./rate-window-sql"
import { tikkieJoinerConfig } from "./joiner-config"
import { parseTikkieModuleOptions, type ResolvedTikkieModuleOptions } from "./options"
import { fastCheckoutGetOrderLimiter, type FastCheckoutGetOrderLimiter } from "./get-order-limiter"

/** How long a settlement's recorded read answers `authorizePayment` (a cart's completion under load). */
export const SETTLED_READ_FRESH_MS = 60_000

class TikkieModuleService extends MedusaService(tikkieModels) {
  private readonly options_: ResolvedTikkieModuleOptions
  /** One Tikkie client per product and credentials, for the providers and the plugin's code alike. */
  private readonly clients_ = new Map<string, unknown>()
  private readonly getOrderLimiter_: FastCheckoutGetOrderLimiter

  // Medusa hands a module service its options as the second argument.
  constructor(container: Record<string, unknown>, options?: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...(arguments as unknown as [Record<string, unknown>]))
    this.options_ = parseTikkieModuleOptions(options)
    this.getOrderLimiter_ = fastCheckoutGetOrderLimiter(container)
  }

  /** The shipping options the express checkout prefers (the `expressShippingOptions` option), in order. */
  expressShippingPreference(): string[] {
    return [...(this.options_.expressShippingOptions ?? [])]
  }

  __joinerConfig() {
    return tikkieJoinerConfig
  }

  tikkieClient<T>(kind: string, options: object, make: () => T): T {
    const key = `${kind}:${JSON.stringify(options)}`
    if (!this.clients_.has(key)) this.clients_.set(key, make())
    return this.clients_.get(key) as T
  }

  fastCheckoutGetOrderLimiter(): FastCheckoutGetOrderLimiter {
    return this.getOrderLimiter_
  }

  /** A PAID read a settlement recorded within SETTLED_READ_FRESH_MS (only server code writes records). */
  async settledFastCheckoutRead(
    orderToken: string
  ): Promise<{ status: "PAID"; amountInCents: number; payer?: unknown } | undefined> {
    const [record] = await this.listFastCheckoutOrders({ order_token: orderToken }, { take: 1 })
    if (record?.status !== "PAID" || !readWithin(record.last_checked_at)) return undefined
    return { status: "PAID", amountInCents: Number(record.amount_in_cents), payer: record.payer ?? undefined }
  }

  async settledPaymentRequestRead(
    paymentRequestToken: string
  ): Promise<{ status: string; payments: unknown[] } | undefined> {
    const [record] = await this.listPaymentRequests({ payment_request_token: paymentRequestToken }, { take: 1 })
    if (!record || !readWithin(record.last_checked_at)) return undefined
    const payments = (record.payments as { items?: unknown[] } | null)?.items
    return Array.isArray(payments) ? { status: record.status, payments } : undefined
  }

  /** This instance's health marks of the bank's calls and of webhooks (call-health.ts). */
  readonly callHealth = new CallHealthRecorder(() => (sql, bindings) => this.runHealthSql(sql, bindings))

  @InjectManager()
  protected async runHealthSql(sql: string, bindings: unknown[], @MedusaContext() sharedContext: Context = {}) {
    return sqlOf(sharedContext)(sql, bindings)
  }

  @InjectManager()
  async notePollRun(key: PollKey, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await writeHealthMark(sqlOf(sharedContext), key, "poll", new Date())
  }

  @InjectManager()
  async busiestRateSecond(key: string, since: Date, @MedusaContext() sharedContext: Context = {}) {
    return busiestRateSecond(sqlOf(sharedContext), key, since)
  }

  /** How many records the poll should have read by `now`, and the longest-waiting one's due time. */
  @InjectManager()
  async dueFastCheckoutOrders(
    opts: { maxAttempts: number; expiredAfter: Date; unreadExpiredAfter: Date; now: Date },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ count: number; oldest: Date | null }> {
    return dueCount(sqlOf(sharedContext), "tikkie_fast_checkout_order", dueFastCheckoutOrders(opts, opts.now))
  }

  @InjectManager()
  async duePaymentRequests(
    opts: { maxAttempts: number; expiryDateFrom: string; now: Date },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ count: number; oldest: Date | null }> {
    return dueCount(sqlOf(sharedContext), "tikkie_payment_request", duePaymentRequests(opts, opts.now))
  }

  /** Counts one call of `key` in the current second for every instance (one upsert); answers the count. */
  @InjectManager()
  async countRateWindowCall(
    key: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ count: number; window: number }> {
    return countRateWindowCall(sqlOf(sharedContext), key)
  }

  @InjectManager()
  async holdRateWindow(key: string, window: number, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await holdRateWindow(sqlOf(sharedContext), key, window)
  }

  @InjectManager()
  async releaseRateWindowCall(
    key: string,
    window: number,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await releaseRateWindowCall(sqlOf(sharedContext), key, window)
  }

  /**
   * A webhook's claim of a read of one order, in one statement: taken when none was in the last
   * `intervalMs`, else the webhook is counted as deferred and the order made due at the interval's end.
   * The CTE's row lock makes one claim win; time left uses `clock_timestamp()` (`now()` is the
   * transaction's start). Undefined when no record has this orderToken.
   */
  @InjectManager()
  async claimFastCheckoutWebhookRead(
    orderToken: string,
    opts: { intervalMs: number; countDeferral: boolean },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ claimed: boolean; deferred: number; freeInMs: number; claimedAt: string } | undefined> {
    const manager = sharedContext.manager as SqlEntityManager
    const rows: Array<{ claimed: boolean; deferred: number; free_in_ms: string | number; claimed_at: string }> =
      await manager.execute(
        `with old as (
         select id, (webhook_read_at is null or webhook_read_at <= now() - make_interval(secs => ?)) as claimable
           from tikkie_fast_checkout_order
          where order_token = ? and deleted_at is null
          for update
       )
       update tikkie_fast_checkout_order o
          set webhook_read_at = case when old.claimable then now() else o.webhook_read_at end,
              webhook_reads_deferred = case when old.claimable then 0 else o.webhook_reads_deferred + ? end,
              next_check_at = case when old.claimable then o.next_check_at
                else least(coalesce(o.next_check_at, o.created_at), o.webhook_read_at + make_interval(secs => ?)) end
         from old
        where o.id = old.id
       returning old.claimable as claimed, o.webhook_reads_deferred as deferred,
         to_char(o.webhook_read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as claimed_at,
         greatest(0, ceil(extract(epoch from (o.webhook_read_at + make_interval(secs => ?) - clock_timestamp())) * 1000)) as free_in_ms`,
        [opts.intervalMs / 1000, orderToken, opts.countDeferral ? 1 : 0, opts.intervalMs / 1000, opts.intervalMs / 1000]
      )
    const row = rows[0]
    if (!row) return undefined
    return {
      claimed: row.claimed === true,
      deferred: Number(row.deferred),
      freeInMs: Number(row.free_in_ms),
      claimedAt: row.claimed_at,
    }
  }

  /** A payment request's read claim in one statement, as above; undefined without a record. */
  @InjectManager()
  async claimPaymentRequestRead(
    paymentRequestToken: string,
    opts: { intervalMs: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ claimed: boolean; claimedAt: string } | undefined> {
    const manager = sharedContext.manager as SqlEntityManager
    const rows: Array<{ claimed: boolean; claimed_at: string }> = await manager.execute(
      `with old as (
         select id, (read_claimed_at is null or read_claimed_at <= now() - make_interval(secs => ?)) as claimable
           from tikkie_payment_request
          where payment_request_token = ? and deleted_at is null
          for update
       )
       update tikkie_payment_request p
          set read_claimed_at = case when old.claimable then now() else p.read_claimed_at end
         from old
        where p.id = old.id
       returning old.claimable as claimed,
         to_char(p.read_claimed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as claimed_at`,
      [opts.intervalMs / 1000, paymentRequestToken]
    )
    const row = rows[0]
    return row ? { claimed: row.claimed === true, claimedAt: row.claimed_at } : undefined
  }

  @InjectManager()
  async releasePaymentRequestRead(
    paymentRequestToken: string,
    claimedAt: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const manager = sharedContext.manager as SqlEntityManager
    await manager.execute(
      `update tikkie_payment_request set read_claimed_at = null
        where payment_request_token = ? and deleted_at is null
          and to_char(read_claimed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') = ?`,
      [paymentRequestToken, claimedAt]
    )
  }

  /** Due for the poll no later than `by` (a webhook skipped by a read claim kept in Redis). */
  @InjectManager()
  async markFastCheckoutOrderDue(orderToken: string, by: Date, @MedusaContext() sharedContext: Context = {}) {
    const manager = sharedContext.manager as SqlEntityManager
    await manager.execute(
      `update tikkie_fast_checkout_order set next_check_at = least(coalesce(next_check_at, created_at), ?)
        where order_token = ? and deleted_at is null and medusa_order_id is null`,
      [by, orderToken]
    )
  }

  /** Gives back an unused read claim (only that one, `claimedAt`): the next caller may read at once. */
  @InjectManager()
  async releaseFastCheckoutWebhookRead(
    orderToken: string,
    claimedAt: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const manager = sharedContext.manager as SqlEntityManager
    await manager.execute(
      `update tikkie_fast_checkout_order set webhook_read_at = null
        where order_token = ? and deleted_at is null
          and to_char(webhook_read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') = ?`,
      [orderToken, claimedAt]
    )
  }

  /**
   * The orderTokens a poll run reads: PAID without a Medusa order first, then unpaid ones due, longest due
   * first, until `expiredAfter` past expiry (`unreadExpiredAfter` when unread since); a recorded problem
   * until its retry budget is spent (completion-budget.ts).
   */
  @InjectManager()
  async listDueFastCheckoutOrderTokens(
    opts: { limit: number; maxAttempts: number; expiredAfter: Date; unreadExpiredAfter: Date; now?: Date },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<string[]> {
    const manager = sharedContext.manager as SqlEntityManager
    const due = dueFastCheckoutOrders(opts, opts.now ?? new Date())
    const rows: Array<{ order_token: string }> = await manager.execute(
      `select order_token from tikkie_fast_checkout_order where ${due.where}
        order by (status = 'PAID') desc, coalesce(next_check_at, created_at) asc
        limit ?`,
      [...due.bindings, opts.limit]
    )
    return rows.map((r) => r.order_token)
  }

  /**
   * Money paid at Tikkie not (yet) a Medusa order or captured payment, oldest first (invoice links have no
   * Medusa payment by design). `since`: a link's first payment, a Fast Checkout order's checkout start.
   */
  @InjectManager()
  async listPaidWithoutOrder(
    opts: { limit: number; offset: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ rows: PaidWithoutOrderRow[]; count: number }> {
    const manager = sharedContext.manager as SqlEntityManager
    const paidLink = `kind <> 'invoice' and medusa_payment_id is null and jsonb_array_length(coalesce(payments::jsonb -> 'items', '[]'::jsonb)) > 0`
    const union = `
      select 'fast_checkout' as source, id, order_token as token, provider_id, amount_in_cents::text as amount_in_cents,
             amount_in_cents::text as paid_in_cents, cart_id, null as order_id, problem, attempts, created_at as since
        from tikkie_fast_checkout_order where deleted_at is null and status = 'PAID' and medusa_order_id is null
      union all
      select kind as source, id, payment_request_token as token, provider_id, amount_in_cents::text,
             (select coalesce(sum((p ->> 'amountInCents')::bigint), 0) from jsonb_array_elements(payments::jsonb -> 'items') p)::text,
             cart_id, order_id, problem, attempts,
             coalesce((select min((p ->> 'createdDateTime')::timestamptz) from jsonb_array_elements(payments::jsonb -> 'items') p), created_at)
        from tikkie_payment_request where deleted_at is null and ${paidLink}`
    const rows: PaidWithoutOrderRow[] = await manager.execute(
      `select * from (${union}) paid order by since asc, id asc limit ? offset ?`,
      [opts.limit, opts.offset]
    )
    const [{ count }]: Array<{ count: string }> = await manager.execute(
      `select count(*)::text as count from (${union}) paid`
    )
    return { rows, count: Number(count) }
  }

  /** Links made since `since` with a refund still PENDING: the poll follows each until it is PAID. */
  @InjectManager()
  async listRefundingPaymentRequestTokens(
    opts: { since: Date; limit: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<string[]> {
    const manager = sharedContext.manager as SqlEntityManager
    const rows: Array<{ payment_request_token: string }> = await manager.execute(
      `select payment_request_token from tikkie_payment_request
        where deleted_at is null and created_at > ?
          and jsonb_path_exists(coalesce(payments::jsonb, '{}'::jsonb), ?::jsonpath)
        order by created_at asc
        limit ?`,
      // The path is a binding: its own `?` would be taken for one.
      [opts.since, '$.items[*].refunds[*] ? (@.status == "PENDING")', opts.limit]
    )
    return rows.map((r) => r.payment_request_token)
  }

  /**
   * Order links that owe their payer a reminder at `now`: open, unpaid, reminders on, fewer than `max`,
   * `afterDays` since the link or its last reminder; or one claimed and never sent (sent again). Decided
   * again under the link's lock; this only finds the work.
   */
  @InjectManager()
  async listRemindablePaymentRequestTokens(
    opts: { providerId: string; afterDays: number; max: number; expiryDateFrom: string; now: Date; limit: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<string[]> {
    const manager = sharedContext.manager as SqlEntityManager
    const reminders = `from tikkie_payment_request_reminder r
        where r.payment_request_id = pr.id and r.deleted_at is null and r.state <> 'dropped'`
    const rows: Array<{ payment_request_token: string }> = await manager.execute(
      `select pr.payment_request_token from tikkie_payment_request pr
        where pr.deleted_at is null and pr.provider_id = ?
          and (pr.kind = 'order' or (pr.kind = 'invoice' and pr.payer_email is not null))
          and pr.status = 'OPEN' and pr.medusa_payment_id is null and pr.cancelled_at is null
          and not pr.reminders_off and pr.expiry_date >= ?
          and jsonb_array_length(coalesce(pr.payments::jsonb -> 'items', '[]'::jsonb)) = 0
          and (exists (select 1 ${reminders} and r.state = 'sending')
            or ((select count(*) ${reminders}) < ?
              and coalesce((select max(r.claimed_at) ${reminders}), pr.created_at) <= ?::timestamptz - make_interval(days => ?)))
        order by pr.created_at asc
        limit ?`,
      [opts.providerId, opts.expiryDateFrom, opts.max, opts.now, opts.afterDays, opts.limit]
    )
    return rows.map((r) => r.payment_request_token)
  }

  /** The paymentRequestTokens a poll run reads: paid links without a captured payment first, then those due. */
  @InjectManager()
  async listDuePaymentRequestTokens(
    opts: { limit: number; maxAttempts: number; expiryDateFrom: string; now?: Date },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<string[]> {
    const manager = sharedContext.manager as SqlEntityManager
    const due = duePaymentRequests(opts, opts.now ?? new Date())
    const rows: Array<{ payment_request_token: string }> = await manager.execute(
      `select payment_request_token from tikkie_payment_request where ${due.where}
        order by ${PAID_LINK} desc, coalesce(next_check_at, created_at) asc
        limit ?`,
      [...due.bindings, opts.limit]
    )
    return rows.map((r) => r.payment_request_token)
  }

  /**
   * Settled links on which a second payment may still come, when due: OPEN and not expired, or closed by
   * their first payment less than `firstPaidAfter` ago (a page opened before it); v1 sends no notification.
   */
  @InjectManager()
  async listSettledPayablePaymentRequestTokens(
    opts: { limit: number; expiryDateFrom: string; firstPaidAfter: Date; now?: Date },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<string[]> {
    const manager = sharedContext.manager as SqlEntityManager
    const firstPaid = `(select min((p ->> 'createdDateTime')::timestamptz) from jsonb_array_elements(coalesce(payments::jsonb -> 'items', '[]'::jsonb)) p)`
    const rows: Array<{ payment_request_token: string }> = await manager.execute(
      `select payment_request_token from tikkie_payment_request
        where deleted_at is null and medusa_payment_id is not null and kind <> 'invoice' and cancelled_at is null
          and ((status = 'OPEN' and expiry_date >= ?) or (status = 'MAX_SUCCESSFUL_PAYMENTS_REACHED' and ${firstPaid} > ?))
          and coalesce(next_check_at, created_at) <= ?
        order by coalesce(next_check_at, created_at) asc
        limit ?`,
      [opts.expiryDateFrom, opts.firstPaidAfter, opts.now ?? new Date(), opts.limit]
    )
    return rows.map((r) => r.payment_request_token)
  }
}

export default TikkieModuleService

/** One row of listPaidWithoutOrder; amounts in cents as text (bigint), `since` a Date. */
export interface PaidWithoutOrderRow {
  source: "fast_checkout" | "checkout" | "order"
  id: string
  token: string
  provider_id: string
  amount_in_cents: string | null
  paid_in_cents: string
  cart_id: string | null
  order_id: string | null
  problem: string | null
  attempts: number
  since: Date
}

function readWithin(at: Date | string | null | undefined, ms = SETTLED_READ_FRESH_MS): boolean {
  return !!at && Date.now() - new Date(at).getTime() < ms
}

/** What the poll reads, as where clauses (list…Tokens and the health card's due counts). */
function dueFastCheckoutOrders(
  opts: { maxAttempts: number; expiredAfter: Date; unreadExpiredAfter: Date },
  now: Date
): { where: string; bindings: unknown[] } {
  return {
    where: `deleted_at is null and medusa_order_id is null
          and (problem is null or attempts < ? or retry_until > ?)
          and (status = 'PAID' or (status = 'NEW'
            and (expires_at > ? or (expires_at > ? and (last_checked_at is null or last_checked_at < expires_at)))
            and coalesce(next_check_at, created_at) <= ?))`,
    bindings: [opts.maxAttempts, now, opts.expiredAfter, opts.unreadExpiredAfter, now],
  }
}

const PAID_LINK = `(kind <> 'invoice' and jsonb_array_length(coalesce(payments::jsonb -> 'items', '[]'::jsonb)) > 0)`

function duePaymentRequests(
  opts: { maxAttempts: number; expiryDateFrom: string },
  now: Date
): { where: string; bindings: unknown[] } {
  return {
    where: `deleted_at is null and medusa_payment_id is null
          and (problem is null or attempts < ? or retry_until > ?) and (expiry_date >= ? or ${PAID_LINK})
          and (kind <> 'invoice' or status = 'OPEN')
          and (${PAID_LINK} or coalesce(next_check_at, created_at) <= ?)`,
    bindings: [opts.maxAttempts, now, opts.expiryDateFrom, now],
  }
}

async function dueCount(
  sql: RunSql,
  table: "tikkie_fast_checkout_order" | "tikkie_payment_request",
  due: { where: string; bindings: unknown[] }
): Promise<{ count: number; oldest: Date | null }> {
  const rows = (await sql(
    `select count(*)::text as count, min(coalesce(next_check_at, created_at)) as oldest from ${table} where ${due.where}`,
    due.bindings
  )) as Array<{ count: string; oldest: Date | null }>
  return { count: Number(rows[0].count), oldest: rows[0].oldest ? new Date(rows[0].oldest) : null }
}

function sqlOf(sharedContext: Context): RunSql {
  const manager = sharedContext.manager as SqlEntityManager
  return (sql, bindings) => manager.execute(sql, bindings)
}
