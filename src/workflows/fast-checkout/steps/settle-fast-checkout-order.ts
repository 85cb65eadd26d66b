import { completionGivenUp, retryUntilAfterProblem } from "../../utils/completion-budget"
import type { IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { errorMessage } from "../../../utils/error-message"
import { isLockTimeout, RETURN_LOCK_WAIT_SECONDS, underLockOrBusy } from "../../../utils/lock-timeout"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { logExcerpt } from "../../../utils/log-excerpt"
import { isConnectionFailure } from "../../../utils/connection-failure"
import { settleAgainSoon } from "../../utils/retry-soon"
import { toCents } from "../../../utils/medusa-money"
import { settlementTiming, type SettlementTiming } from "../../../utils/settlement-timing"
import { LogThrottle } from "../../../utils/log-throttle"
import { nextCheckAt } from "../../utils/poll-schedule"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import type { FastCheckoutConnection } from "../../../providers/fast-checkout/connection"
import { callTikkieProvider } from "../../utils/call-tikkie-provider"
import { amountToPayInCents, type FastCheckoutOrder, type FastCheckoutStatus } from "tikkie-client/fast-checkout"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { traceSettlement } from "../../utils/settlement-span"
import { orderForCart } from "../../checkout/utils/order-for-cart"
import { completeCartOnce, finishCompletion, orderCarriesMarker } from "../../checkout/utils/complete-cart-once"
import { RETURN_RATE_WAIT_MS, type SettleFastCheckoutInput, type SettleOutcome } from "../utils/settle-outcome"
import { importFastCheckoutPayer } from "../utils/import-payer"
import { SESSION_STATUS } from "../../../providers/fast-checkout/status"
import { inInlineSlotOrHandOver } from "../../utils/inline-settlement-slots"

/**
 * Failed reads of Tikkie, a few lines a minute per process: while Tikkie is unreachable every webhook,
 * return and poll read fails, and webhooks (forged ones too) would otherwise each write a warning. The
 * record keeps each order due for the poll, so nothing depends on the line.
 */
const FAILED_READS = new LogThrottle("failed reads of Tikkie Fast Checkout orders")

type FastCheckoutRecord = Awaited<ReturnType<TikkieModuleService["listFastCheckoutOrders"]>>[number]

/**
 * The one code path that turns a Fast Checkout order into a Medusa order, whoever calls it first and
 * however often: the webhook subscriber, the return route and the poll job. Exactly one Medusa order
 * per paid orderToken, across concurrent calls and store instances:
 *
 * - a lock per orderToken (Medusa's locking module: Redis or Postgres in a multi-instance store)
 *   serialises settlements of the same order, and the record's `medusa_order_id` makes later ones no-ops;
 * - the webhook body is only a hint: the order is always read from Tikkie (through the provider);
 * - the cart is completed with Medusa's own completeCartWorkflow, which authorizes the session: the
 *   provider takes the read made here under the lock (the record, written first) instead of a second GET order,
 *   and answers `captured`, so the payment is captured and carries the orderToken and payer in its data;
 * - the payer's email and address are written to the order only after it exists (see import-payer.ts),
 *   never to the cart first, where they could change its tax and total and delete the paid session;
 * - a PAID order that cannot become a Medusa order (cart changed, session replaced, completion refused)
 *   is kept with its payer and the reason, and logged as an error: the money is never dropped silently.
 */
export async function settleFastCheckoutOrder(
  container: MedusaContainer,
  input: SettleFastCheckoutInput
): Promise<SettleOutcome> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const timing = settlementTiming("fast-checkout", input.orderToken ?? input.sessionId)

  // No record, no settlement: a session that a crash left unrecorded is recorded (and then settled) by
  // the poll job, which finds all of them with one query; looking for it here, per unknown orderToken,
  // made every forged webhook scan the store's payment sessions. Given an orderToken (webhooks, the
  // poll), the record is read once, under the lock (settleLocked); only a session id needs a lookup first.
  const orderToken = input.orderToken ?? (await findRecord(tikkie, input))?.order_token
  if (!orderToken) return unknownOrder(logger, input)
  timing?.mark("find record")
  // Another settlement of this order held the lock all that time: it is being settled; the poll retries.
  return underLockOrBusy(
    container,
    `tikkie:fast-checkout:${orderToken}`,
    () => settleLocked(container, orderToken, input, timing),
    (reason) => {
      logger.warn(
        `Tikkie Fast Checkout ${input.source}: order ${orderToken} is being settled elsewhere (${reason}); will retry`
      )
      return { outcome: "retry", reason, lockBusy: true }
    },
    // A shopper waits on the return (a short wait, then PROCESSING: the storefront asks again) and on the
    // checkout guard (its caller says how long).
    input.lockWaitSeconds ?? (input.source === "return" ? RETURN_LOCK_WAIT_SECONDS : undefined)
  )
}

function unknownOrder(logger: Logger, input: SettleFastCheckoutInput): SettleOutcome {
  logger.warn(
    `Tikkie Fast Checkout ${input.source}: ignored ${input.orderToken ? `orderToken ${logExcerpt(input.orderToken)}` : `session ${logExcerpt(input.sessionId)}`}, not an order of this store`
  )
  return { outcome: "unknown" }
}

async function findRecord(tikkie: TikkieModuleService, input: { sessionId?: string }) {
  if (input.sessionId) {
    const [latest] = await tikkie.listFastCheckoutOrders(
      { payment_session_id: input.sessionId },
      { order: { created_at: "DESC" }, take: 1 }
    )
    return latest
  }
  return undefined
}

async function settleLocked(
  container: MedusaContainer,
  orderToken: string,
  input: SettleFastCheckoutInput,
  timing?: SettlementTiming
): Promise<SettleOutcome> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  timing?.mark("lock")

  const [record] = await tikkie.listFastCheckoutOrders({ order_token: orderToken })
  timing?.mark("record read")
  if (!record) return unknownOrder(logger, input)
  if (record.medusa_order_id) return { outcome: "already-completed", orderId: record.medusa_order_id }
  if (record.status === "CANCELLED" || record.status === "EXPIRED" || record.status === "ERROR") {
    return { outcome: "closed", status: record.status }
  }
  if (completionGivenUp(record)) return { outcome: "problem", problem: record.problem! }
  // A read that began after the webhook came found it unpaid: that read answers the webhook.
  if (record.status === "NEW" && readSince(record.last_checked_at, input.coveredAfter)) return { outcome: "pending" }
  if (!input.inlineSlot) return readAndSettle(container, record, input, timing)
  // The return route: the shopper's settlement runs in one of the store's few inline slots, taken only
  // now that the order's lock is held, so returns waiting on that lock never sit on a slot.
  return inInlineSlotOrHandOver<SettleOutcome>(
    container,
    () => readAndSettle(container, record, input, timing),
    async () => ({ outcome: "retry", reason: "handed over to the workers", handOver: true })
  )
}

/** A read that started after `after` (an ISO time) is recorded in `lastCheckedAt`. */
function readSince(lastCheckedAt: Date | string | null | undefined, after: string | undefined): boolean {
  if (!lastCheckedAt || !after) return false
  return new Date(lastCheckedAt).getTime() >= new Date(after).getTime()
}

async function readAndSettle(
  container: MedusaContainer,
  record: FastCheckoutRecord,
  input: SettleFastCheckoutInput,
  timing?: SettlementTiming
): Promise<SettleOutcome> {
  const { source, hint } = input
  const orderToken = record.order_token
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)

  // Said to be paid: the cart is read while Tikkie is (wasted, and cheap, when the hint was wrong).
  const cartRead = hint === "PAID" && record.cart_id ? readCart(container, record.cart_id) : undefined
  cartRead?.catch(() => undefined)

  // Read the order from Tikkie (through the provider, which holds the credentials).
  let order: FastCheckoutOrder
  // Recorded as the check's time: a webhook that came before it is answered by this read (readSince).
  const readStartedAt = new Date()
  try {
    // The provider takes a store-wide GET order slot for every attempt; a shopper waits on the return
    // route, so there its wait for a slot is bounded, and past it the read fails and answers "retry".
    const rateWaitAtMostMs = source === "return" || source === "checkout" ? RETURN_RATE_WAIT_MS : undefined
    order = await callTikkieProvider<FastCheckoutConnection, FastCheckoutOrder>(container, record.provider_id, (fc) =>
      fc.getOrder(orderToken, rateWaitAtMostMs)
    )
    timing?.mark("tikkie read")
  } catch (e) {
    const reason = errorMessage(e)
    FAILED_READS.warn(
      logger,
      () => `Tikkie Fast Checkout ${source}: could not read order ${orderToken} yet (${reason}); will retry`
    )
    // Due for the next poll run, whatever its schedule said; once expired, on its backoff schedule (the
    // poll keeps reading it until a read succeeds, see poll-fast-checkout-orders.ts).
    const expired = record.expires_at && new Date(record.expires_at).getTime() < Date.now()
    await tikkie.updateFastCheckoutOrders({ id: record.id, next_check_at: expired ? nextCheckAt(record) : new Date() })
    return { outcome: "retry", reason }
  }
  if (order.referenceId !== record.reference_id) {
    logger.error(
      `Tikkie Fast Checkout order ${orderToken} names session ${order.referenceId}, expected ${record.reference_id}`
    )
    return { outcome: "unknown" }
  }

  const status = order.status
  if (status === "NEW") {
    // A shopper back on the return route may have paid a moment ago: the next poll run looks again.
    const next = source === "return" ? new Date() : nextCheckAt(record)
    await tikkie.updateFastCheckoutOrders({ id: record.id, last_checked_at: readStartedAt, next_check_at: next })
    return { outcome: "pending" }
  }
  if (status !== "PAID") {
    await tikkie.updateFastCheckoutOrders({ id: record.id, status, last_checked_at: readStartedAt })
    await markSession(container, record.payment_session_id, status)
    logger.info(`Tikkie Fast Checkout order ${orderToken} is ${status}; the cart stays open for another try`)
    return { outcome: "closed", status }
  }

  const payer = order.payer
  const paidInCents = amountToPayInCents(order)
  // The money received is written down while the cart is checked and completed: the time from webhook
  // to order is what a shop feels. Every later write of the record repeats it, so none depends on it.
  const paidFields = { status: "PAID" as const, payer: payer ?? null, last_checked_at: new Date() }
  const markedPaid = tikkie.updateFastCheckoutOrders({ id: record.id, ...paidFields }).catch((e) => {
    logger.warn(
      `Tikkie Fast Checkout order ${orderToken}: recording it as PAID failed (${errorMessage(e)}); the next write repeats it`
    )
  })
  const refusal = await (
    cartRead ?? (record.cart_id ? readCart(container, record.cart_id) : Promise.resolve(undefined))
  ).then((cart) => whyCartCannotComplete(container, record, orderToken, paidInCents, cart))
  timing?.mark("cart check")
  if (refusal?.halfDoneOrderId) {
    // An earlier settlement of this order died inside Medusa's completion: finished, never made again.
    await markedPaid
    await finishCompletion(container, {
      cartId: record.cart_id!,
      paymentSessionId: record.payment_session_id!,
      orderId: refusal.halfDoneOrderId,
    })
  }
  const existingOrderId = refusal?.existingOrderId ?? refusal?.halfDoneOrderId
  if (existingOrderId) {
    await markedPaid
    await tikkie.updateFastCheckoutOrders({
      id: record.id,
      ...paidFields,
      medusa_order_id: existingOrderId,
      problem: null,
    })
    return { outcome: "already-completed", orderId: existingOrderId }
  }
  if (refusal?.problem) {
    await markedPaid
    return recordProblem(container, record, refusal.problem, paidFields)
  }

  // completeCartWorkflow authorizes the session: the provider takes this read, recorded, instead of reading again.
  await markedPaid
  let orderId: string
  try {
    const completed = await completeCartOnce(container, {
      cartId: record.cart_id!,
      paymentSessionId: record.payment_session_id!,
      marker: orderToken,
    })
    orderId = completed.orderId
    timing?.mark("complete cart")
  } catch (e) {
    await markedPaid
    const message = errorMessage(e)
    const existing = await orderForCart(container, record.cart_id!)
    // An order of this payment's completion, left linked by a failure whose undo failed too (the database
    // went away mid-way): the next settlement finishes it (whyCartCannotComplete), this one retries.
    if (existing && (await orderCarriesMarker(container, existing, orderToken)))
      return { outcome: "retry", reason: message }
    if (existing) {
      await tikkie.updateFastCheckoutOrders({ id: record.id, ...paidFields, medusa_order_id: existing, problem: null })
      return { outcome: "already-completed", orderId: existing }
    }
    // The database went away under the completion: nothing is wrong with the payment. Tried again in
    // seconds (and finished there if it was left half done), not recorded as its problem.
    if (isConnectionFailure(message)) {
      await settleAgainSoon(container, {
        kind: "fast-checkout",
        orderToken,
        referenceId: record.reference_id,
        retry: input.retry,
      })
      return { outcome: "retry", reason: message }
    }
    if (/already being completed|conflict/i.test(message) || isLockTimeout(message))
      return { outcome: "retry", reason: message }
    return recordProblem(container, record, `completing the cart failed: ${message}`, paidFields)
  }

  await markedPaid
  timing?.mark("paid written")
  await importFastCheckoutPayer(container, orderId)
  timing?.mark("payer import")
  await tikkie.updateFastCheckoutOrders({ id: record.id, ...paidFields, medusa_order_id: orderId, problem: null })
  timing?.mark("record write")
  logger.info(`Tikkie Fast Checkout order ${orderToken} is paid: Medusa order ${orderId} (via ${source})`)
  timing?.log(logger)
  return { outcome: "completed", orderId }
}

/** Shows the outcome on the payment session too, so a storefront reading the cart sees it. */
async function markSession(container: MedusaContainer, sessionId: string | null, status: FastCheckoutStatus) {
  if (!sessionId) return
  const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  try {
    const [session] = await payment.listPaymentSessions({ id: sessionId })
    if (!session) return
    await payment.updatePaymentSession({
      id: session.id,
      amount: session.amount,
      currency_code: session.currency_code,
      data: { ...session.data, status },
      status: SESSION_STATUS[status],
    })
  } catch (e) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(`Marking payment session ${sessionId} as ${status} failed: ${errorMessage(e)}`)
  }
}

/**
 * Checks that completing the cart would give an order for exactly what was paid (Medusa's
 * completeCartWorkflow checks the session's status, not its amount). One read of the cart and its
 * payment collection, without computing the cart's totals (completeCartWorkflow computes them next):
 * Medusa keeps the collection's amount equal to the cart's total (refreshing the collection whenever
 * the cart changes, and dropping its sessions then), so our session still in the collection, for the
 * amount paid, means the cart is what was paid for. The order a completed cart became is looked up
 * only then.
 */
type CartState = {
  completed_at?: Date | string | null
  payment_collection?: { amount: number; payment_sessions?: Array<{ id: string }> } | null
}

async function readCart(container: MedusaContainer, cartId: string): Promise<CartState | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "completed_at", "payment_collection.amount", "payment_collection.payment_sessions.id"],
    filters: { id: cartId },
  })
  return data[0] as CartState | undefined
}

async function whyCartCannotComplete(
  container: MedusaContainer,
  record: FastCheckoutRecord,
  orderToken: string,
  paidInCents: number,
  cart: CartState | undefined
): Promise<
  | { problem: string; existingOrderId?: undefined; halfDoneOrderId?: undefined }
  | { existingOrderId: string; problem?: undefined; halfDoneOrderId?: undefined }
  | { halfDoneOrderId: string; problem?: undefined; existingOrderId?: undefined }
  | undefined
> {
  if (!record.cart_id) return { problem: "the Fast Checkout order has no cart" }
  const existing = cart?.completed_at ? await orderForCart(container, record.cart_id) : undefined
  if (existing) {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: orders } = await query.graph({
      entity: "order",
      fields: ["id", "payment_collections.payments.data"],
      filters: { id: existing },
    })
    const payments = (
      (orders[0] as { payment_collections?: Array<{ payments?: Array<{ data?: Record<string, unknown> }> }> })
        ?.payment_collections ?? []
    ).flatMap((pc) => pc.payments ?? [])
    // Made by a completion of this very payment (the cart's stamp, complete-cart-once.ts): whatever that
    // completion had not done yet is done now, however far it got.
    if (await orderCarriesMarker(container, existing, orderToken)) return { halfDoneOrderId: existing }
    if (payments.some((p) => p.data?.orderToken === orderToken)) return { existingOrderId: existing }
    return { problem: `the cart was already completed as order ${existing} with another payment` }
  }
  if (!cart) return { problem: "the cart no longer exists" }
  if (paidInCents !== Number(record.amount_in_cents)) {
    return {
      problem: `Tikkie says ${paidInCents} cents were paid, the order was created for ${record.amount_in_cents} cents`,
    }
  }
  const session = cart.payment_collection?.payment_sessions?.find((s) => s.id === record.payment_session_id)
  if (!session) return { problem: "the cart changed after checkout started: its Tikkie payment session was replaced" }
  const cartCents = toCents(cart.payment_collection!.amount)
  if (cartCents !== paidInCents) {
    return {
      problem: `the cart changed after checkout started: it now totals ${cartCents} cents, ${paidInCents} cents were paid`,
    }
  }
  return undefined
}

async function recordProblem(
  container: MedusaContainer,
  record: FastCheckoutRecord,
  problem: string,
  paidFields: Record<string, unknown>
): Promise<SettleOutcome> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  await tikkie.updateFastCheckoutOrders({
    id: record.id,
    ...paidFields,
    problem,
    attempts: record.attempts + 1,
    retry_until: retryUntilAfterProblem(record),
  })
  logger.error(
    `Tikkie Fast Checkout order ${record.order_token} is PAID but did not become a Medusa order: ${problem}. ` +
      `The payment and payer are kept in tikkie_fast_checkout_order ${record.id}; refund or fulfil it by hand.`
  )
  return { outcome: "problem", problem }
}

export const settleFastCheckoutOrderStepId = "tikkie-settle-fast-checkout-order-step"

/**
 * The plugin's one settlement of a Fast Checkout order (settleFastCheckoutOrder above):
 * under the order's lock, Tikkie read, the cart checked and completed with Medusa's completeCartWorkflow,
 * the payer imported, the record written; answers the outcome.
 *
 * One step, because the lock spans all of it: Medusa's locking module renews the lease of a lock held
 * through `execute` while its holder runs, which a lock taken in one step and released in another
 * (acquireLockStep) does not, and a killed worker's order must be free again within seconds.
 *
 * Not undone when a later step fails: it records what Tikkie says happened. A paid order that became a
 * Medusa order must stay one (undoing it would hide money received), and every write converges: the
 * next settlement of the same orderToken finds the record and answers "already completed".
 */
export const settleFastCheckoutOrderStep = createStep(
  settleFastCheckoutOrderStepId,
  async (input: SettleFastCheckoutInput, { container }) => {
    return new StepResponse(
      await traceSettlement("fast_checkout", input, () => settleFastCheckoutOrder(container, input))
    )
  }
)
