import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { eventually } from "./store-flow"

type Pg = {
  raw(sql: string, bindings?: unknown[]): Promise<{ rows: any[] }>
  transaction(): Promise<{
    raw(sql: string, bindings?: unknown[]): Promise<{ rows: any[] }>
    rollback(): Promise<void>
  }>
}

/**
 * Where completeCartWorkflow's process dies: at the order's link to its cart (the order inserted, nothing
 * else), at the payment (order linked, cart completed, stock reserved; no payment authorized), or at the
 * order's capture transaction (the payment authorized and captured; the order's books without it).
 */
export type HalfMadeAt = "order_cart" | "payment" | "order_transaction"

/**
 * The state a process leaves when it dies inside Medusa's completeCartWorkflow, made with the real
 * workflow and the real database: the write at `at` waits on a table lock this helper holds; that
 * connection is cut (as a Postgres restart cuts it), and so is every undo that would take back what the
 * earlier steps made (a dead process never runs them): the rows they would change are held too. Works for
 * processPaymentWorkflow (an order link's capture) as well, given the order it pays. Answers the cut
 * settlement's outcome and the orders made since.
 */
export async function leaveHalfMade(
  container: MedusaContainer,
  settle: () => Promise<unknown>,
  at: HalfMadeAt,
  opts: { existingOrderId?: string } = {}
) {
  const pg = container.resolve<Pg>(ContainerRegistrationKeys.PG_CONNECTION)
  const t0 = new Date()
  const ordersSince = async () =>
    (
      await pg.raw(`select id from "order" where created_at >= ? and deleted_at is null order by created_at`, [t0])
    ).rows.map((r) => String(r.id))
  const blocked = async (table: string) =>
    (
      await pg.raw(
        `select pid from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and query ilike ?`,
        [`%${table}%`]
      )
    ).rows.map((r) => Number(r.pid))
  const cut = (pids: number[]) => Promise.all(pids.map((pid) => pg.raw(`select pg_terminate_backend(?)`, [pid])))

  const held = await pg.transaction()
  let outcome: unknown
  try {
    await held.raw(`lock table ${at} in exclusive mode`)
    const first = settle().then(
      (result) => result,
      (e: unknown) => e
    )
    const waiting = await eventually(async () => {
      const pids = await blocked(at)
      return pids.length ? pids : undefined
    })
    const orphan = opts.existingOrderId ?? (await ordersSince())[0]
    if (!/^order_/.test(orphan ?? "")) throw new Error(`no order was inserted before the cut at ${at}`)
    await held.raw(`select id from "order" where id = ? for update`, [orphan])
    if (at !== "order_cart") {
      await held.raw(`select 1 from order_cart where order_id = ? for update`, [orphan])
      await held.raw(`select 1 from order_payment_collection where order_id = ? for update`, [orphan])
      await held.raw(
        `select 1 from cart where id in (select cart_id from order_cart where order_id = ? and deleted_at is null) for update`,
        [orphan]
      )
      await held.raw(
        `select 1 from reservation_item r join order_line_item li on li.id = r.line_item_id
          join order_item oi on oi.item_id = li.id where oi.order_id = ? for update of r`,
        [orphan]
      )
    }
    if (at === "order_transaction") {
      await held.raw(
        `select 1 from payment where payment_collection_id in
           (select payment_collection_id from order_payment_collection where order_id = ? and deleted_at is null)
         for update`,
        [orphan]
      )
    }
    await cut(waiting)
    const until = Date.now() + 20_000
    let settled = false
    void first.then((o) => {
      outcome = o
      settled = true
    })
    while (!settled && Date.now() < until) {
      await cut(await blocked(""))
      await new Promise((r) => setTimeout(r, 100))
    }
    if (!settled) throw new Error("the cut settlement did not end within 20 s")
  } finally {
    await held.rollback()
  }
  return { outcome, ordersSince, pg }
}

/** What a Medusa order holds of a completion: its cart link, payment, captures, books and stock. */
export async function completionParts(container: MedusaContainer, orderId: string, paymentSessionId: string) {
  const pg = container.resolve<Pg>(ContainerRegistrationKeys.PG_CONNECTION)
  const one = async (sql: string, bindings: unknown[]) => (await pg.raw(sql, bindings)).rows
  const [cartLinks, payments, captures, transactions, reservations] = await Promise.all([
    one(
      `select oc.cart_id, c.completed_at from order_cart oc join cart c on c.id = oc.cart_id
        where oc.order_id = ? and oc.deleted_at is null`,
      [orderId]
    ),
    one(`select id, captured_at from payment where payment_session_id = ? and deleted_at is null`, [paymentSessionId]),
    one(
      `select c.id from capture c join payment p on p.id = c.payment_id
        where p.payment_session_id = ? and c.deleted_at is null`,
      [paymentSessionId]
    ),
    one(
      `select reference, reference_id, amount::text as amount from order_transaction where order_id = ? and deleted_at is null`,
      [orderId]
    ),
    one(
      `select r.id from reservation_item r join order_line_item li on li.id = r.line_item_id
        join order_item oi on oi.item_id = li.id where oi.order_id = ? and r.deleted_at is null`,
      [orderId]
    ),
  ])
  return {
    cartLinked: cartLinks.length,
    cartCompleted: cartLinks.some((l) => !!l.completed_at),
    payments: payments.length,
    captured: payments.filter((p) => !!p.captured_at).length,
    captures: captures.map((c) => String(c.id)),
    transactions: transactions.map((t) => ({
      reference: String(t.reference),
      reference_id: String(t.reference_id),
      cents: Math.round(Number(t.amount) * 100),
    })),
    reservations: reservations.length,
  }
}
