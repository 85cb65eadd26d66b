import { completionGivenUp, retryUntilAfterProblem } from "../../utils/completion-budget"
import type { BigNumberValue, IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions } from "@medusajs/framework/utils"
import { errorMessage } from "../../../utils/error-message"
import { logExcerpt } from "../../../utils/log-excerpt"
import { endStepTiming, markStep, type StepMarks } from "../../../utils/settlement-timing"
import { fromCents, toCents } from "../../../utils/medusa-money"
import { nextCheckAt } from "../../utils/poll-schedule"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { readPayments } from "../../../providers/payment-request/v2-api"
import {
  paymentInFull,
  PaymentRequestSessionDataSchema,
  storedPayment,
  type StoredPayment,
  V1TokensSchema,
} from "../../../providers/payment-request/session-data"
import type { PaymentRequestV2 } from "tikkie-client/payment-requests/v2"
import { paymentRequestConnection } from "../utils/payment-request-providers"
import { readV1PaymentRequest } from "../../../providers/payment-request/v1"
import { recordPayments, type PaymentRequestRecord } from "../utils/record-payment-request"
import { recordExtraPayments } from "../utils/extra-payments"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { orderForCart } from "../../checkout/utils/order-for-cart"
import { isConnectionFailure } from "../../../utils/connection-failure"
import { settleAgainSoon } from "../../utils/retry-soon"
import { bookSessionCaptures, orderCarriesMarker, orderOfMarker } from "../../checkout/utils/complete-cart-once"
import type { CartCompletion, PreparedCompletion } from "../../checkout/steps/prepare-cart-completion"
import type { HalfMadeOrderInput } from "../../checkout/steps/finish-half-made-order"
import type { InlineSlot, SettlementLock } from "../../checkout/steps/settlement-holds"
import type { PaymentRequestOutcome, SettlePaymentRequestInput } from "../utils/settle-outcome"

/**
 * The steps of settlePaymentRequestWorkflow: once one decides the `outcome`, the later ones pass it on.
 * The record's writes have no compensation: they say what Tikkie said.
 */

export type LoadedRequest = { record?: PaymentRequestRecord; outcome?: PaymentRequestOutcome; marks: StepMarks }

export const loadPaymentRequestRecordStep = createStep(
  "tikkie-load-payment-request-record",
  async ({ input, lock }: { input: SettlePaymentRequestInput; lock: SettlementLock }, { container }) => {
    const marks = lock.marks
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const token = input.paymentRequestToken
    if (lock.busy !== undefined) {
      // Another settlement of this request held the lock all that time: it is being settled; the poll retries.
      logger.warn(
        `Tikkie payment request ${input.source}: ${token} is being settled elsewhere (${lock.busy}); will retry`
      )
      return new StepResponse<LoadedRequest>({
        outcome: { outcome: "retry", reason: lock.busy, lockBusy: true },
        marks,
      })
    }
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const [record] = await tikkie.listPaymentRequests({ payment_request_token: token })
    if (!record) {
      logger.warn(
        `Tikkie payment request ${input.source}: ignored ${logExcerpt(token)}, not a payment request of this store`
      )
      return new StepResponse<LoadedRequest>({ outcome: { outcome: "unknown" }, marks })
    }
    return new StepResponse<LoadedRequest>({ record, marks: markStep(marks, "record read") })
  }
)

type CheckoutCart = Awaited<ReturnType<typeof readCheckoutCart>>

export type ReadRequest = {
  outcome?: PaymentRequestOutcome
  record?: PaymentRequestRecord
  payments?: StoredPayment[]
  paid?: StoredPayment
  /** A checkout link's cart, read beside the writes. */
  cartRead?: CheckoutCart
  /** An order link's capture, for Medusa's processPaymentWorkflow. */
  capture?: { action: PaymentActions.SUCCESSFUL; data: { session_id: string; amount: BigNumberValue } }
  marks: StepMarks
}

/** One read of Tikkie, written into the record; answers unless paid and unsettled. */
export const readPaymentRequestStep = createStep(
  "tikkie-read-payment-request",
  async (
    { input, loaded, slot }: { input: SettlePaymentRequestInput; loaded: LoadedRequest; slot?: InlineSlot },
    { container }
  ) => {
    const answer = (outcome: PaymentRequestOutcome) => new StepResponse<ReadRequest>({ outcome, marks: loaded.marks })
    if (loaded.outcome) return answer(loaded.outcome)
    if (slot?.handedOver) return answer({ outcome: "retry", reason: "handed over to the workers", handOver: true })
    const record = loaded.record!
    const { source } = input
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const token = record.payment_request_token

    let request: Pick<PaymentRequestV2, "status" | "referenceId">
    let payments: StoredPayment[]
    try {
      ;({ request, payments } = await readRequest(container, record))
    } catch (e) {
      const reason = errorMessage(e)
      logger.warn(`Tikkie payment request ${source}: could not read ${token} yet (${reason}); will retry`)
      await tikkie.updatePaymentRequests({ id: record.id, next_check_at: new Date() })
      return answer({ outcome: "retry", reason })
    }
    const marks = markStep(loaded.marks, "tikkie read")
    if (record.reference_id && request.referenceId !== record.reference_id) {
      logger.error(
        `Tikkie payment request ${token} names reference ${request.referenceId}, expected ${record.reference_id}`
      )
      return answer({ outcome: "unknown" })
    }
    // A checkout link paid in full and not settled yet: its cart is read beside the writes below.
    const paid = paymentInFull({ amountInCents: Number(record.amount_in_cents), payments })
    const cartRead =
      record.kind === "checkout" && record.cart_id && paid && !record.medusa_payment_id
        ? readCheckoutCart(container, record.cart_id)
        : undefined
    cartRead?.catch(() => undefined)
    // A payer back on the return route may have paid a moment ago: the next poll run looks again.
    const next = source === "return" ? new Date() : nextCheckAt(record)
    const [, session] = await Promise.all([
      tikkie.updatePaymentRequests({
        id: record.id,
        status: request.status,
        payments: { items: payments },
        last_checked_at: new Date(),
        next_check_at: next,
      }),
      record.kind === "invoice" || (record.medusa_payment_id && record.order_id)
        ? Promise.resolve(undefined)
        : paymentSession(container, record.payment_session_id),
    ])

    if (record.kind === "invoice") return answer({ outcome: "updated" })
    if (record.medusa_payment_id && record.order_id) {
      // Settled before: a payment since then is a second one on the same link (extra-payments.ts).
      await recordExtraPayments(container, record, payments, isV1Record(record))
      return answer({ outcome: "already-completed", orderId: record.order_id })
    }
    const amount = Number(record.amount_in_cents)
    if (!paid) {
      if (payments.length) {
        return answer(
          await recordProblem(
            container,
            record,
            `Tikkie reports payments of ${payments.map((p) => p.amountInCents).join(", ")} cents; ${amount} cents were asked`
          )
        )
      }
      if (request.status !== "OPEN") return answer({ outcome: "closed", status: request.status })
      return answer({ outcome: "pending" })
    }
    if (completionGivenUp(record)) return answer({ outcome: "problem", problem: record.problem! })
    if (!session) {
      return answer(
        await recordProblem(
          container,
          record,
          "its payment session no longer exists (the cart or order changed after the link was made)"
        )
      )
    }
    if (PaymentRequestSessionDataSchema.safeParse(session.data).data?.cancelled) {
      return answer(
        await recordProblem(container, record, "it was paid after the shop cancelled the payment; refund the payer")
      )
    }
    if (record.kind !== "checkout" && !record.order_id) {
      return answer(await recordProblem(container, record, "the order link has no order"))
    }
    // Completing the cart or capturing the order link authorizes the session: the provider takes this read, recorded above.
    const done = { record, payments, paid, marks: markStep(marks, "record write") }
    if (record.kind === "checkout") return new StepResponse<ReadRequest>({ ...done, cartRead: await cartRead })
    // Paid in full: the session's own amount is captured (it may carry Medusa's sub-cent decimals, see
    // create-order-link.ts), so the order owes exactly nothing afterwards.
    const captured = toCents(session.amount) === paid.amountInCents ? session.amount : fromCents(paid.amountInCents)
    return new StepResponse<ReadRequest>({
      ...done,
      capture: {
        action: PaymentActions.SUCCESSFUL,
        data: { session_id: record.payment_session_id!, amount: captured },
      },
    })
  }
)

export type CheckedCheckout = {
  outcome?: PaymentRequestOutcome
  complete?: CartCompletion
  /** The order the cart already became; a half-made one of this payment is finished first (`finish`). */
  existingOrderId?: string
  finish?: HalfMadeOrderInput
  marks: StepMarks
}

/** A paid checkout link: its cart must give an order for exactly what was paid, or it is the record's problem. */
export const checkCheckoutCartStep = createStep(
  "tikkie-check-payment-request-cart",
  async ({ read }: { read: ReadRequest }, { container }) => {
    const answer = (outcome: PaymentRequestOutcome) => new StepResponse<CheckedCheckout>({ outcome, marks: read.marks })
    if (read.outcome || read.capture)
      return new StepResponse<CheckedCheckout>({ outcome: read.outcome, marks: read.marks })
    const record = read.record!
    const paid = read.paid!
    const cartId = record.cart_id
    if (!cartId) return answer(await recordProblem(container, record, "the checkout link has no cart"))
    const { existing, cart } = read.cartRead ?? (await readCheckoutCart(container, cartId))
    if (existing) {
      // Made by a completion of this very payment (the cart's stamp) that did not end: finished next.
      const halfMade =
        record.payment_session_id && (await orderCarriesMarker(container, existing, record.payment_request_token))
      return new StepResponse<CheckedCheckout>({
        existingOrderId: existing,
        finish: halfMade ? { cartId, paymentSessionId: record.payment_session_id!, orderId: existing } : undefined,
        marks: read.marks,
      })
    }
    if (!cart) return answer(await recordProblem(container, record, "the cart no longer exists"))
    if (!cart.payment_collection?.payment_sessions?.some((s) => s.id === record.payment_session_id)) {
      return answer(
        await recordProblem(
          container,
          record,
          "the cart changed after the link was made: its Tikkie payment session was replaced"
        )
      )
    }
    const cartCents = toCents(cart.payment_collection.amount)
    if (cartCents !== paid.amountInCents) {
      return answer(
        await recordProblem(
          container,
          record,
          `the cart changed after the link was made: it now totals ${cartCents} cents, ${paid.amountInCents} cents were paid`
        )
      )
    }
    return new StepResponse<CheckedCheckout>({
      complete: { cartId, paymentSessionId: record.payment_session_id!, marker: record.payment_request_token },
      marks: markStep(read.marks, "cart check"),
    })
  }
)

/** Records the order the cart already became, once a half-made one is finished (its payment authorized). */
export const recordExistingCheckoutOrderStep = createStep(
  "tikkie-record-existing-checkout-order",
  async ({ read, checked }: { read: ReadRequest; checked: CheckedCheckout }, { container }) => {
    const record = read.record!
    const existing = checked.existingOrderId!
    const payment = await medusaPayment(container, record.payment_session_id)
    if (!payment) {
      return new StepResponse(
        await recordProblem(
          container,
          record,
          `the cart was already completed as order ${existing} with another payment`
        )
      )
    }
    await container.resolve<TikkieModuleService>(TIKKIE_MODULE).updatePaymentRequests({
      id: record.id,
      order_id: existing,
      medusa_payment_id: payment.id,
      problem: null,
    })
    return new StepResponse<PaymentRequestOutcome>({ outcome: "already-completed", orderId: existing })
  }
)

/** The step that ends the settlement with its outcome written (tests append a failing step after it). */
export const settlePaymentRequestStepId = "tikkie-record-payment-request-outcome"

/** Writes the completion's or capture's outcome (a refusal told as in recordFastCheckoutOutcomeStep) and extra payments. */
export const recordPaymentRequestOutcomeStep = createStep(
  settlePaymentRequestStepId,
  async (
    {
      input,
      read,
      checked,
      prepared,
      completedOrderId,
      settledExisting,
    }: {
      input: SettlePaymentRequestInput
      read: ReadRequest
      checked: CheckedCheckout
      prepared?: PreparedCompletion
      completedOrderId?: string
      settledExisting?: PaymentRequestOutcome
    },
    { container }
  ) => {
    const decided = read.outcome ?? checked.outcome ?? settledExisting
    if (decided) return new StepResponse(decided)
    const record = read.record!
    const completed = markStep(checked.marks, "complete cart")
    const outcome = read.capture
      ? await recordCapture(container, record, input)
      : await recordCompletion(container, record, input, completedOrderId ?? prepared?.finish?.orderId)
    const written = markStep(completed, "record write after")
    if (outcome.outcome === "completed" || outcome.outcome === "captured") {
      const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
      await recordExtraPayments(
        container,
        await tikkie.retrievePaymentRequest(record.id),
        read.payments!,
        isV1Record(record)
      )
    }
    if (outcome.outcome === "completed") {
      const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      endStepTiming(logger, "payment-request", record.payment_request_token, markStep(written, "extra payments"))
    }
    return new StepResponse(outcome)
  }
)

async function recordCompletion(
  container: MedusaContainer,
  record: PaymentRequestRecord,
  input: SettlePaymentRequestInput,
  orderId: string | undefined
): Promise<PaymentRequestOutcome> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const token = record.payment_request_token
  const cartId = record.cart_id!
  if (orderId) {
    const payment = await medusaPayment(container, record.payment_session_id)
    await tikkie.updatePaymentRequests({
      id: record.id,
      order_id: orderId,
      medusa_payment_id: payment?.id ?? null,
      problem: null,
    })
    logger.info(`Tikkie payment request ${token} is paid: Medusa order ${orderId} (via ${input.source})`)
    return { outcome: "completed", orderId }
  }
  const retrySoon = async (reason: string): Promise<PaymentRequestOutcome> => {
    await settleAgainSoon(container, {
      kind: "payment-request",
      paymentRequestToken: token,
      providerId: record.provider_id,
      retry: input.retry,
    })
    return { outcome: "retry", reason }
  }
  try {
    const raced = await orderForCart(container, cartId)
    if (raced && !(await orderCarriesMarker(container, raced, token))) {
      await tikkie.updatePaymentRequests({ id: record.id, order_id: raced, problem: null })
      return { outcome: "already-completed", orderId: raced }
    }
    if (raced || (await orderOfMarker(container, token))) {
      return await retrySoon("the cart's completion was cut off; the next settlement finishes its order")
    }
    return await recordProblem(
      container,
      record,
      "completing the cart failed: Medusa's completeCartWorkflow refused it and undid its attempt"
    )
  } catch (e) {
    // The database went away under the completion: nothing is wrong with the payment.
    if (isConnectionFailure(errorMessage(e))) return await retrySoon(errorMessage(e))
    throw e
  }
}

async function recordCapture(
  container: MedusaContainer,
  record: PaymentRequestRecord,
  input: SettlePaymentRequestInput
): Promise<PaymentRequestOutcome> {
  const payment = await medusaPayment(container, record.payment_session_id)
  if (!payment?.captured_at) return recordProblem(container, record, "Medusa did not capture the order's payment")
  // Before the record names the payment: a run cut between the capture and its order transaction is
  // mended by this one, or (cut here too) by the next, which still finds the payment unrecorded.
  const { booked } = await bookSessionCaptures(container, record.order_id!, record.payment_session_id!)
  if (booked) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(
        `Tikkie payment request ${record.payment_request_token}: order ${record.order_id}'s payment ${payment.id} was captured without its transaction on the order (a capture cut short); booked now`
      )
  }
  await container
    .resolve<TikkieModuleService>(TIKKIE_MODULE)
    .updatePaymentRequests({ id: record.id, medusa_payment_id: payment.id, problem: null })
  container
    .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    .info(
      `Tikkie payment request ${record.payment_request_token} is paid: order ${record.order_id}'s payment ${payment.id} captured (via ${input.source})`
    )
  return { outcome: "captured", orderId: record.order_id!, paymentId: payment.id }
}

const isV1Record = (record: PaymentRequestRecord) => !!(record.metadata as { v1?: unknown } | null)?.v1

/**
 * The request's status and payments from Tikkie: v2 through its client; v1 (apiVersion "v1") under the
 * platform and user it was made with (kept in the record's metadata), its externalId as the reference.
 */
async function readRequest(
  container: MedusaContainer,
  record: PaymentRequestRecord
): Promise<{ request: Pick<PaymentRequestV2, "status" | "referenceId">; payments: StoredPayment[] }> {
  const token = record.payment_request_token
  const provider = await paymentRequestConnection(container, record.provider_id)
  if (provider.options.apiVersion === "v1") {
    const tokens = V1TokensSchema.safeParse((record.metadata as { v1?: unknown } | null)?.v1)
    if (!tokens.success) throw new Error(`the record of v1 payment request ${token} has no platform and user`)
    const read = await readV1PaymentRequest(provider.v1Client(), tokens.data, token)
    return { request: { status: read.status, referenceId: read.externalId }, payments: read.payments }
  }
  const { client } = provider
  // The request and its payments side by side: two reads of Tikkie, one wait.
  const [request, payments] = await Promise.all([client.getPaymentRequest(token), readPayments(client, token)])
  return { request, payments: payments.map(storedPayment) }
}

/**
 * Whether the cart is an order already, and what it holds now: two reads at once, without computing the
 * cart's totals (completeCartWorkflow computes them next). Medusa keeps the payment collection's amount
 * equal to the cart's total, refreshing the collection whenever the cart changes and dropping its
 * sessions then: the link's session still in the collection, for the amount paid, means the cart is
 * what was paid for (as for Fast Checkout, settle-fast-checkout-order.ts).
 */
async function readCheckoutCart(container: MedusaContainer, cartId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [existing, { data: carts }] = await Promise.all([
    orderForCart(container, cartId),
    query.graph({
      entity: "cart",
      fields: ["id", "payment_collection.id", "payment_collection.amount", "payment_collection.payment_sessions.id"],
      filters: { id: cartId },
    }),
  ])
  const cart = carts[0] as
    { payment_collection?: { amount: number; payment_sessions?: Array<{ id: string }> } | null } | undefined
  return { existing, cart }
}

async function paymentSession(container: MedusaContainer, sessionId: string | null) {
  if (!sessionId) return undefined
  const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const [session] = await payment.listPaymentSessions({ id: sessionId })
  return session
}

async function medusaPayment(container: MedusaContainer, sessionId: string | null) {
  if (!sessionId) return undefined
  const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const [found] = await payment.listPayments({ payment_session_id: sessionId })
  return found
}

async function recordProblem(
  container: MedusaContainer,
  record: PaymentRequestRecord,
  problem: string
): Promise<PaymentRequestOutcome> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  if (record.problem !== problem || !completionGivenUp(record)) {
    await tikkie.updatePaymentRequests({
      id: record.id,
      problem,
      attempts: record.attempts + 1,
      retry_until: retryUntilAfterProblem(record),
    })
    logger.error(
      `Tikkie payment request ${record.payment_request_token} is paid but did not become a captured Medusa payment: ${problem}. ` +
        `The payment is kept in tikkie_payment_request ${record.id}; refund or settle it by hand.`
    )
  }
  return { outcome: "problem", problem }
}

export { recordPayments }
