import { completionGivenUp, retryUntilAfterProblem } from "../../utils/completion-budget"
import type { IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { errorMessage } from "../../../utils/error-message"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { logExcerpt } from "../../../utils/log-excerpt"
import { isConnectionFailure } from "../../../utils/connection-failure"
import { settleAgainSoon } from "../../utils/retry-soon"
import { toCents } from "../../../utils/medusa-money"
import { endStepTiming, markStep, type StepMarks } from "../../../utils/settlement-timing"
import { LogThrottle } from "../../../utils/log-throttle"
import { nextCheckAt } from "../../utils/poll-schedule"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import type { FastCheckoutConnection } from "../../../providers/fast-checkout/connection"
import { callTikkieProvider } from "../../utils/call-tikkie-provider"
import { amountToPayInCents, type FastCheckoutOrder, type FastCheckoutStatus } from "tikkie-client/fast-checkout"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderForCart } from "../../checkout/utils/order-for-cart"
import { orderCarriesMarker, orderOfMarker } from "../../checkout/utils/complete-cart-once"
import type { CartCompletion, PreparedCompletion } from "../../checkout/steps/prepare-cart-completion"
import type { HalfMadeOrderInput } from "../../checkout/steps/finish-half-made-order"
import type { InlineSlot, SettlementLock } from "../../checkout/steps/settlement-holds"
import { RETURN_RATE_WAIT_MS, type SettleFastCheckoutInput, type SettleOutcome } from "../utils/settle-outcome"
import { importFastCheckoutPayer } from "../utils/import-payer"
import { SESSION_STATUS } from "../../../providers/fast-checkout/status"

/**
 * The steps of settleFastCheckoutOrderWorkflow: once one decides the `outcome`, the later ones pass it on.
 * The record's writes have no compensation: they say what Tikkie said.
 */

/** Failed reads of Tikkie, a few lines a minute per process: the record keeps each order due for the poll. */
const FAILED_READS = new LogThrottle("failed reads of Tikkie Fast Checkout orders")

type FastCheckoutRecord = Awaited<ReturnType<TikkieModuleService["listFastCheckoutOrders"]>>[number]

export type FoundOrder = { orderToken?: string; outcome?: SettleOutcome; marks: StepMarks }

/** The orderToken to settle; given a session id, its latest record's (a session no record has is the poll's). */
export const findFastCheckoutOrderStep = createStep(
  "tikkie-find-fast-checkout-order",
  async (input: SettleFastCheckoutInput, { container }) => {
    const marks = markStep([], "start")
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const orderToken = input.orderToken ?? (await findRecord(tikkie, input))?.order_token
    if (!orderToken) return new StepResponse<FoundOrder>({ outcome: unknownOrder(container, input), marks })
    return new StepResponse<FoundOrder>({ orderToken, marks: markStep(marks, "find record") })
  }
)

function unknownOrder(container: MedusaContainer, input: SettleFastCheckoutInput): SettleOutcome {
  container
    .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    .warn(
      `Tikkie Fast Checkout ${input.source}: ignored ${input.orderToken ? `orderToken ${logExcerpt(input.orderToken)}` : `session ${logExcerpt(input.sessionId)}`}, not an order of this store`
    )
  return { outcome: "unknown" }
}

async function findRecord(tikkie: TikkieModuleService, input: { sessionId?: string }) {
  if (!input.sessionId) return undefined
  const [latest] = await tikkie.listFastCheckoutOrders(
    { payment_session_id: input.sessionId },
    { order: { created_at: "DESC" }, take: 1 }
  )
  return latest
}

export type LoadedOrder = { record?: FastCheckoutRecord; outcome?: SettleOutcome; marks: StepMarks }

export const loadFastCheckoutRecordStep = createStep(
  "tikkie-load-fast-checkout-record",
  async (
    { input, found, lock }: { input: SettleFastCheckoutInput; found: FoundOrder; lock?: SettlementLock },
    { container }
  ) => {
    const marks = lock?.marks ?? found.marks
    const answer = (outcome: SettleOutcome) => new StepResponse<LoadedOrder>({ outcome, marks })
    if (found.outcome) return answer(found.outcome)
    if (lock?.busy !== undefined) {
      // Another settlement of this order held the lock all that time: it is being settled; the poll retries.
      container
        .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        .warn(
          `Tikkie Fast Checkout ${input.source}: order ${found.orderToken} is being settled elsewhere (${lock.busy}); will retry`
        )
      return answer({ outcome: "retry", reason: lock.busy, lockBusy: true })
    }
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const [record] = await tikkie.listFastCheckoutOrders({ order_token: found.orderToken })
    if (!record) return answer(unknownOrder(container, input))
    if (record.medusa_order_id) return answer({ outcome: "already-completed", orderId: record.medusa_order_id })
    if (record.status === "CANCELLED" || record.status === "EXPIRED" || record.status === "ERROR") {
      return answer({ outcome: "closed", status: record.status })
    }
    if (completionGivenUp(record)) return answer({ outcome: "problem", problem: record.problem! })
    // A read that began after the webhook came found it unpaid: that read answers the webhook.
    if (record.status === "NEW" && readSince(record.last_checked_at, input.coveredAfter)) {
      return answer({ outcome: "pending" })
    }
    return new StepResponse<LoadedOrder>({ record, marks: markStep(marks, "record read") })
  }
)

function readSince(lastCheckedAt: Date | string | null | undefined, after: string | undefined): boolean {
  if (!lastCheckedAt || !after) return false
  return new Date(lastCheckedAt).getTime() >= new Date(after).getTime()
}

export type ReadOrder = {
  record?: FastCheckoutRecord
  order?: FastCheckoutOrder
  cartRead?: { cart?: CartState }
  outcome?: SettleOutcome
  marks: StepMarks
}

export const readFastCheckoutOrderStep = createStep(
  "tikkie-read-fast-checkout-order",
  async (
    { input, loaded, slot }: { input: SettleFastCheckoutInput; loaded: LoadedOrder; slot?: InlineSlot },
    { container }
  ) => {
    const answer = (outcome: SettleOutcome) => new StepResponse<ReadOrder>({ outcome, marks: loaded.marks })
    if (loaded.outcome) return answer(loaded.outcome)
    if (slot?.handedOver) return answer({ outcome: "retry", reason: "handed over to the workers", handOver: true })
    const record = loaded.record!
    const { source, hint } = input
    const orderToken = record.order_token
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)

    // Said to be paid: the cart is read while Tikkie is (wasted, and cheap, when the hint was wrong).
    const cartRead =
      hint === "PAID" && record.cart_id ? readCart(container, record.cart_id).then((cart) => ({ cart })) : undefined
    cartRead?.catch(() => undefined)
    let order: FastCheckoutOrder
    const readStartedAt = new Date()
    try {
      // A shopper waits on the return route: its wait for a store-wide GET order slot is bounded.
      const rateWaitAtMostMs = source === "return" || source === "checkout" ? RETURN_RATE_WAIT_MS : undefined
      order = await callTikkieProvider<FastCheckoutConnection, FastCheckoutOrder>(container, record.provider_id, (fc) =>
        fc.getOrder(orderToken, rateWaitAtMostMs)
      )
    } catch (e) {
      const reason = errorMessage(e)
      FAILED_READS.warn(
        logger,
        () => `Tikkie Fast Checkout ${source}: could not read order ${orderToken} yet (${reason}); will retry`
      )
      // Due for the next poll run; once expired, on its backoff schedule (poll-fast-checkout-orders.ts).
      const expired = record.expires_at && new Date(record.expires_at).getTime() < Date.now()
      await tikkie.updateFastCheckoutOrders({
        id: record.id,
        next_check_at: expired ? nextCheckAt(record) : new Date(),
      })
      return answer({ outcome: "retry", reason })
    }
    if (order.referenceId !== record.reference_id) {
      logger.error(
        `Tikkie Fast Checkout order ${orderToken} names session ${order.referenceId}, expected ${record.reference_id}`
      )
      return answer({ outcome: "unknown" })
    }
    if (order.status === "NEW") {
      // A shopper back on the return route may have paid a moment ago: the next poll run looks again.
      const next = source === "return" ? new Date() : nextCheckAt(record)
      await tikkie.updateFastCheckoutOrders({ id: record.id, last_checked_at: readStartedAt, next_check_at: next })
      return answer({ outcome: "pending" })
    }
    if (order.status !== "PAID") {
      await tikkie.updateFastCheckoutOrders({ id: record.id, status: order.status, last_checked_at: readStartedAt })
      await markSession(container, record.payment_session_id, order.status)
      logger.info(`Tikkie Fast Checkout order ${orderToken} is ${order.status}; the cart stays open for another try`)
      return answer({ outcome: "closed", status: order.status })
    }
    const read = cartRead ? await cartRead.catch(() => undefined) : undefined
    return new StepResponse<ReadOrder>({ record, order, cartRead: read, marks: markStep(loaded.marks, "tikkie read") })
  }
)

export type CheckedOrder = {
  outcome?: SettleOutcome
  record?: FastCheckoutRecord
  paidFields?: PaidFields
  complete?: CartCompletion
  /** A half-made order of this payment, for finishHalfMadeOrderWorkflow; recorded once it is finished. */
  finish?: HalfMadeOrderInput
  marks: StepMarks
}

type PaidFields = { status: "PAID"; payer: FastCheckoutOrder["payer"] | null; last_checked_at: Date }

/** A PAID order: the cart must give an order for exactly what was paid, or it is the record's problem. */
export const checkFastCheckoutCartStep = createStep(
  "tikkie-check-fast-checkout-cart",
  async ({ read }: { read: ReadOrder }, { container }) => {
    const answer = (outcome: SettleOutcome) => new StepResponse<CheckedOrder>({ outcome, marks: read.marks })
    if (read.outcome) return answer(read.outcome)
    const record = read.record!
    const order = read.order!
    const orderToken = record.order_token
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const payer = order.payer
    const paidInCents = amountToPayInCents(order)
    const paidFields: PaidFields = { status: "PAID", payer: payer ?? null, last_checked_at: new Date() }
    const [, refusal] = await Promise.all([
      // Written beside the cart check; every later write of the record repeats it, so none depends on it.
      tikkie.updateFastCheckoutOrders({ id: record.id, ...paidFields }).catch((e) => {
        container
          .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
          .warn(
            `Tikkie Fast Checkout order ${orderToken}: recording it as PAID failed (${errorMessage(e)}); the next write repeats it`
          )
      }),
      (read.cartRead
        ? Promise.resolve(read.cartRead.cart)
        : record.cart_id
          ? readCart(container, record.cart_id)
          : Promise.resolve(undefined)
      ).then((cart) => whyCartCannotComplete(container, record, orderToken, paidInCents, cart)),
    ])
    // completeCartWorkflow (or a finish) authorizes the session: the provider takes this read, recorded above.
    if (refusal?.halfDoneOrderId) {
      // An earlier settlement of this order died inside Medusa's completion: finished next, never made again.
      const finish = {
        cartId: record.cart_id!,
        paymentSessionId: record.payment_session_id!,
        orderId: refusal.halfDoneOrderId,
      }
      return new StepResponse<CheckedOrder>({ record, paidFields, finish, marks: read.marks })
    }
    const existingOrderId = refusal?.existingOrderId
    if (existingOrderId) {
      await tikkie.updateFastCheckoutOrders({
        id: record.id,
        ...paidFields,
        medusa_order_id: existingOrderId,
        problem: null,
      })
      return answer({ outcome: "already-completed", orderId: existingOrderId })
    }
    if (refusal?.problem) return answer(await recordProblem(container, record, refusal.problem, paidFields))
    return new StepResponse<CheckedOrder>({
      record,
      paidFields,
      complete: { cartId: record.cart_id!, paymentSessionId: record.payment_session_id!, marker: orderToken },
      marks: markStep(read.marks, "cart check"),
    })
  }
)

/** Names the finished half-made order in the record (after the finish, so a failed finish is tried again). */
export const recordFinishedFastCheckoutOrderStep = createStep(
  "tikkie-record-finished-fast-checkout-order",
  async ({ checked }: { checked: CheckedOrder }, { container }) => {
    const orderId = checked.finish!.orderId
    await container.resolve<TikkieModuleService>(TIKKIE_MODULE).updateFastCheckoutOrders({
      id: checked.record!.id,
      ...checked.paidFields!,
      medusa_order_id: orderId,
      problem: null,
    })
    return new StepResponse<SettleOutcome>({ outcome: "already-completed", orderId })
  }
)

/** Writes the Fast Checkout payer onto the order. No compensation: the order stays, and so does its payer. */
export const importFastCheckoutPayerStep = createStep(
  "tikkie-import-fast-checkout-payer",
  async (input: { orderId: string; marks: StepMarks }, { container }) => {
    // The PAID write was awaited before the completion (the provider reads it): its part is what is left.
    const marks = markStep(markStep(input.marks, "complete cart"), "paid written")
    await importFastCheckoutPayer(container, input.orderId)
    return new StepResponse({ marks: markStep(marks, "payer import") })
  }
)

/** The step that ends the settlement with its outcome written (tests append a failing step after it). */
export const settleFastCheckoutOrderStepId = "tikkie-record-fast-checkout-outcome"

/**
 * Writes the completion's outcome. A completion Medusa refused (and undid) is told by what it left: an
 * order of the cart, a half-made order of this payment (retry-soon.ts), or nothing (the record's problem).
 */
export const recordFastCheckoutOutcomeStep = createStep(
  settleFastCheckoutOrderStepId,
  async (
    {
      input,
      checked,
      imported,
      prepared,
      completedOrderId,
      finished,
    }: {
      input: SettleFastCheckoutInput
      checked: CheckedOrder
      imported?: { marks: StepMarks }
      prepared?: PreparedCompletion
      completedOrderId?: string
      finished?: SettleOutcome
    },
    { container }
  ) => {
    const decided = finished ?? checked.outcome
    if (decided) return new StepResponse(decided)
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const record = checked.record!
    const paidFields = checked.paidFields!
    const orderToken = record.order_token
    const orderId = completedOrderId ?? prepared?.finish?.orderId
    if (orderId) {
      const marks = imported?.marks ?? markStep(checked.marks, "complete cart")
      await tikkie.updateFastCheckoutOrders({ id: record.id, ...paidFields, medusa_order_id: orderId, problem: null })
      logger.info(`Tikkie Fast Checkout order ${orderToken} is paid: Medusa order ${orderId} (via ${input.source})`)
      endStepTiming(logger, "fast-checkout", orderToken, markStep(marks, "record write"))
      return new StepResponse<SettleOutcome>({ outcome: "completed", orderId })
    }
    const retrySoon = async (reason: string) => {
      await settleAgainSoon(container, {
        kind: "fast-checkout",
        orderToken,
        referenceId: record.reference_id,
        retry: input.retry,
      })
      return new StepResponse<SettleOutcome>({ outcome: "retry", reason })
    }
    try {
      const existing = await orderForCart(container, record.cart_id!)
      if (existing && !(await orderCarriesMarker(container, existing, orderToken))) {
        await tikkie.updateFastCheckoutOrders({
          id: record.id,
          ...paidFields,
          medusa_order_id: existing,
          problem: null,
        })
        return new StepResponse<SettleOutcome>({ outcome: "already-completed", orderId: existing })
      }
      if (existing || (await orderOfMarker(container, orderToken))) {
        return await retrySoon("the cart's completion was cut off; the next settlement finishes its order")
      }
      return new StepResponse(
        await recordProblem(
          container,
          record,
          "completing the cart failed: Medusa's completeCartWorkflow refused it and undid its attempt",
          paidFields
        )
      )
    } catch (e) {
      // The database went away under the completion: nothing is wrong with the payment.
      if (isConnectionFailure(errorMessage(e))) return await retrySoon(errorMessage(e))
      throw e
    }
  }
)

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
