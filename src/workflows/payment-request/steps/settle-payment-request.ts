import { completionGivenUp, retryUntilAfterProblem } from "../../utils/completion-budget"
import type { BigNumberValue, IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions } from "@medusajs/framework/utils"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { errorMessage } from "../../../utils/error-message"
import { logExcerpt } from "../../../utils/log-excerpt"
import { isLockTimeout, RETURN_LOCK_WAIT_SECONDS, underLockOrBusy } from "../../../utils/lock-timeout"
import { settlementTiming, type SettlementTiming } from "../../../utils/settlement-timing"
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
import { traceSettlement } from "../../utils/settlement-span"
import { orderForCart } from "../../checkout/utils/order-for-cart"
import { inInlineSlotOrHandOver } from "../../utils/inline-settlement-slots"
import { isConnectionFailure } from "../../../utils/connection-failure"
import { settleAgainSoon } from "../../utils/retry-soon"
import { completeCartOnce, finishCompletion, orderCarriesMarker } from "../../checkout/utils/complete-cart-once"
import {
  type PaymentRequestOutcome,
  type PaymentRequestSource,
  type SettlePaymentRequestInput,
} from "../utils/settle-outcome"

/**
 * The one code path that acts on a payment request, whoever calls it first and however often: the
 * notification subscriber, the return route, the poll job and the admin routes. Exactly once per
 * paid request, across concurrent calls and store instances:
 *
 * - a lock per paymentRequestToken (Medusa's locking module) serialises settlements of one request, and
 *   the record's `order_id` / `medusa_payment_id` make later ones no-ops;
 * - a notification is only a hint: the request and its payments are always read from Tikkie;
 * - a checkout link completes the cart with Medusa's completeCartWorkflow (the provider takes the
 *   read made here under the lock, kept on its record, and answers `captured`); an order link runs
 *   Medusa's processPaymentWorkflow, which authorizes and captures the session and adds the order transaction, so what the order owes drops;
 * - the amount paid must equal the amount asked, and the session must still be the cart's/order's;
 * - a paid request that cannot become a captured payment is kept with the reason and logged as an
 *   error: the money is never dropped silently;
 * - refunds read here (PENDING → PAID) are written into the record and the Medusa payment's data.
 */
export async function settlePaymentRequest(
  container: MedusaContainer,
  input: SettlePaymentRequestInput
): Promise<PaymentRequestOutcome> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const token = input.paymentRequestToken
  const timing = settlementTiming("payment-request", token)
  // The record is read once, under the lock (settleLocked): an unknown token takes a lock for nothing and
  // is told apart there (the notification route drops unknown tokens before any event).
  // Another settlement of this request held the lock all that time: it is being settled; the poll retries.
  return underLockOrBusy(
    container,
    `tikkie:payment-request:${token}`,
    () => settleLocked(container, input, timing),
    (reason) => {
      logger.warn(`Tikkie payment request ${input.source}: ${token} is being settled elsewhere (${reason}); will retry`)
      return { outcome: "retry", reason }
    },
    // A shopper waits on the return (a short wait, then PROCESSING: the storefront asks again) and on the
    // checkout guard (its caller says how long).
    input.lockWaitSeconds ?? (input.source === "return" ? RETURN_LOCK_WAIT_SECONDS : undefined)
  )
}

async function settleLocked(
  container: MedusaContainer,
  input: SettlePaymentRequestInput,
  timing?: SettlementTiming
): Promise<PaymentRequestOutcome> {
  const { source } = input
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  timing?.mark("lock")
  const [record] = await tikkie.listPaymentRequests({ payment_request_token: input.paymentRequestToken })
  timing?.mark("record read")
  if (!record) {
    logger.warn(
      `Tikkie payment request ${source}: ignored ${logExcerpt(input.paymentRequestToken)}, not a payment request of this store`
    )
    return { outcome: "unknown" }
  }
  if (!input.inlineSlot) return readAndSettle(container, input, record, timing)
  // The return route: the payer's settlement runs in one of the store's few inline slots, taken only now
  // that the request's lock is held, so returns waiting on that lock never sit on a slot.
  return inInlineSlotOrHandOver<PaymentRequestOutcome>(
    container,
    () => readAndSettle(container, input, record, timing),
    async () => ({ outcome: "retry", reason: "handed over to the workers", handOver: true })
  )
}

async function readAndSettle(
  container: MedusaContainer,
  input: SettlePaymentRequestInput,
  record: PaymentRequestRecord,
  timing?: SettlementTiming
): Promise<PaymentRequestOutcome> {
  const { source } = input
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const token = record.payment_request_token

  let request: Pick<PaymentRequestV2, "status" | "referenceId">
  let payments: StoredPayment[]
  try {
    ;({ request, payments } = await readRequest(container, record))
    timing?.mark("tikkie read")
  } catch (e) {
    const reason = errorMessage(e)
    logger.warn(`Tikkie payment request ${source}: could not read ${token} yet (${reason}); will retry`)
    // Due for the next poll run, whatever its schedule said.
    await tikkie.updatePaymentRequests({ id: record.id, next_check_at: new Date() })
    return { outcome: "retry", reason }
  }
  if (record.reference_id && request.referenceId !== record.reference_id) {
    logger.error(
      `Tikkie payment request ${token} names reference ${request.referenceId}, expected ${record.reference_id}`
    )
    return { outcome: "unknown" }
  }
  // A checkout link paid in full and not settled yet: its cart is read beside the writes below (reading
  // it for every unpaid link the poll looks at would be wasted).
  const paidInFull = paymentInFull({ amountInCents: Number(record.amount_in_cents), payments })
  const cartRead =
    record.kind === "checkout" && record.cart_id && paidInFull && !record.medusa_payment_id
      ? readCheckoutCart(container, record.cart_id)
      : undefined
  cartRead?.catch(() => undefined) // awaited (and its failure thrown) in completeCheckout, or not needed

  // A payer back on the return route may have paid a moment ago: the next poll run looks again.
  const next = source === "return" ? new Date() : nextCheckAt(record)
  // What Tikkie said goes into the record while the session is read: two round trips of the database at
  // once instead of one after the other (nothing below reads the record back before it is written again).
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
  timing?.mark("record write")

  if (record.kind === "invoice") return { outcome: "updated" }
  if (record.medusa_payment_id && record.order_id) {
    // Settled before: a payment since then is a second one on the same link (extra-payments.ts).
    await recordExtraPayments(container, record, payments, isV1Record(record))
    return { outcome: "already-completed", orderId: record.order_id }
  }

  const amount = Number(record.amount_in_cents)
  const paid = paidInFull
  if (!paid) {
    if (payments.length) {
      return recordProblem(
        container,
        record,
        `Tikkie reports payments of ${payments.map((p) => p.amountInCents).join(", ")} cents; ${amount} cents were asked`
      )
    }
    if (request.status !== "OPEN") return { outcome: "closed", status: request.status }
    return { outcome: "pending" }
  }
  if (completionGivenUp(record)) return { outcome: "problem", problem: record.problem! }

  if (!session)
    return recordProblem(
      container,
      record,
      "its payment session no longer exists (the cart or order changed after the link was made)"
    )
  if (PaymentRequestSessionDataSchema.safeParse(session.data).data?.cancelled) {
    return recordProblem(container, record, "it was paid after the shop cancelled the payment; refund the payer")
  }
  // Completing the cart or capturing the order link authorizes the session: the provider takes this
  // read, recorded above, instead of reading the request and its payments again.
  const outcome =
    record.kind === "checkout"
      ? await completeCheckout(container, record, paid, source, cartRead, timing, input.retry)
      : await captureOrderPayment(container, record, session, paid, source)
  if (outcome.outcome === "completed" || outcome.outcome === "captured") {
    await recordExtraPayments(container, await tikkie.retrievePaymentRequest(record.id), payments, isV1Record(record))
    timing?.mark("extra payments")
    if (outcome.outcome === "completed") timing?.log(logger)
  }
  return outcome
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

async function completeCheckout(
  container: MedusaContainer,
  record: PaymentRequestRecord,
  paid: StoredPayment,
  source: PaymentRequestSource,
  cartRead: ReturnType<typeof readCheckoutCart> | undefined,
  timing?: SettlementTiming,
  retry?: number
): Promise<PaymentRequestOutcome> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const cartId = record.cart_id
  if (!cartId) return recordProblem(container, record, "the checkout link has no cart")
  const { existing, cart } = await (cartRead ?? readCheckoutCart(container, cartId))
  timing?.mark("cart check")
  if (existing) {
    // Made by a completion of this very payment (the cart's stamp, complete-cart-once.ts) that did not
    // end: whatever it had not done yet is done now, however far it got.
    if (record.payment_session_id && (await orderCarriesMarker(container, existing, record.payment_request_token)))
      await finishCompletion(container, {
        cartId,
        paymentSessionId: record.payment_session_id,
        orderId: existing,
      })
    const payment = await medusaPayment(container, record.payment_session_id)
    if (!payment)
      return recordProblem(
        container,
        record,
        `the cart was already completed as order ${existing} with another payment`
      )
    await tikkie.updatePaymentRequests({
      id: record.id,
      order_id: existing,
      medusa_payment_id: payment.id,
      problem: null,
    })
    return { outcome: "already-completed", orderId: existing }
  }
  if (!cart) return recordProblem(container, record, "the cart no longer exists")
  if (!cart.payment_collection?.payment_sessions?.some((s) => s.id === record.payment_session_id)) {
    return recordProblem(
      container,
      record,
      "the cart changed after the link was made: its Tikkie payment session was replaced"
    )
  }
  const cartCents = toCents(cart.payment_collection.amount)
  if (cartCents !== paid.amountInCents) {
    return recordProblem(
      container,
      record,
      `the cart changed after the link was made: it now totals ${cartCents} cents, ${paid.amountInCents} cents were paid`
    )
  }

  let orderId: string
  try {
    const completed = await completeCartOnce(container, {
      cartId,
      paymentSessionId: record.payment_session_id!,
      marker: record.payment_request_token,
    })
    orderId = completed.orderId
    timing?.mark("complete cart")
  } catch (e) {
    const message = errorMessage(e)
    const raced = await orderForCart(container, cartId)
    // An order of this payment's completion, left linked by a failure whose undo failed too (the database
    // went away mid-way): the next settlement finishes it, this one retries.
    if (raced && (await orderCarriesMarker(container, raced, record.payment_request_token)))
      return { outcome: "retry", reason: message }
    if (raced) {
      await tikkie.updatePaymentRequests({ id: record.id, order_id: raced, problem: null })
      return { outcome: "already-completed", orderId: raced }
    }
    // The database went away under the completion: nothing is wrong with the payment. Tried again in
    // seconds (and finished there if it was left half done), not recorded as its problem.
    if (isConnectionFailure(message)) {
      await settleAgainSoon(container, {
        kind: "payment-request",
        paymentRequestToken: record.payment_request_token,
        providerId: record.provider_id,
        retry,
      })
      return { outcome: "retry", reason: message }
    }
    if (/already being completed|conflict/i.test(message) || isLockTimeout(message))
      return { outcome: "retry", reason: message }
    return recordProblem(container, record, `completing the cart failed: ${message}`)
  }
  const payment = await medusaPayment(container, record.payment_session_id)
  await tikkie.updatePaymentRequests({
    id: record.id,
    order_id: orderId,
    medusa_payment_id: payment?.id ?? null,
    problem: null,
  })
  timing?.mark("record write after")
  logger.info(`Tikkie payment request ${record.payment_request_token} is paid: Medusa order ${orderId} (via ${source})`)
  return { outcome: "completed", orderId }
}

async function captureOrderPayment(
  container: MedusaContainer,
  record: PaymentRequestRecord,
  session: { amount: BigNumberValue },
  paid: StoredPayment,
  source: PaymentRequestSource
): Promise<PaymentRequestOutcome> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  if (!record.order_id) return recordProblem(container, record, "the order link has no order")
  // Paid in full: capture the session's own amount, which may carry Medusa's sub-cent decimals
  // (create-order-link.ts), so the order owes exactly nothing afterwards.
  const amount = toCents(session.amount) === paid.amountInCents ? session.amount : fromCents(paid.amountInCents)
  try {
    await processPaymentWorkflow(container).run({
      input: { action: PaymentActions.SUCCESSFUL, data: { session_id: record.payment_session_id!, amount } },
    })
  } catch (e) {
    return recordProblem(container, record, `capturing the order's payment failed: ${errorMessage(e)}`)
  }
  const payment = await medusaPayment(container, record.payment_session_id)
  if (!payment?.captured_at) return recordProblem(container, record, "Medusa did not capture the order's payment")
  await tikkie.updatePaymentRequests({ id: record.id, medusa_payment_id: payment.id, problem: null })
  logger.info(
    `Tikkie payment request ${record.payment_request_token} is paid: order ${record.order_id}'s payment ${payment.id} captured (via ${source})`
  )
  return { outcome: "captured", orderId: record.order_id, paymentId: payment.id }
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

export const settlePaymentRequestStepId = "tikkie-settle-payment-request-step"

/**
 * The plugin's one settlement of a payment request (settlePaymentRequest above):
 * under the request's lock, Tikkie read, the record and the Medusa payment's data updated, a paid
 * checkout link's cart completed or an order link's payment captured, further payments recorded as
 * refunds owed; answers the outcome.
 *
 * One step, because the lock spans all of it (see settleFastCheckoutOrderStep). Not undone when a later
 * step fails: a captured payment for money received must stay captured, and every write converges on
 * what Tikkie reports.
 */
export const settlePaymentRequestStep = createStep(
  settlePaymentRequestStepId,
  async (input: SettlePaymentRequestInput, { container }) => {
    return new StepResponse(
      await traceSettlement("payment_request", input, () => settlePaymentRequest(container, input))
    )
  }
)
