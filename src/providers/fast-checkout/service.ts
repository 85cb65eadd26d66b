import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError, PaymentActions } from "@medusajs/framework/utils"
import {
  amountToPayInCents,
  FastCheckoutClient,
  FastCheckoutWebhookSchema,
  type FastCheckoutOrder,
} from "../../tikkie/fast-checkout"
import { fromCents, toCents } from "../../lib/medusa-money"
import { toMedusaError } from "../shared/tikkie-medusa-error"
import { parseFastCheckoutProviderOptions, type ResolvedFastCheckoutProviderOptions } from "./options"
import {
  FAST_CHECKOUT_CART_KEY,
  FastCheckoutCartInputSchema,
  FastCheckoutSessionDataSchema,
  type FastCheckoutSessionData,
} from "./session-data"
import { SESSION_STATUS, WEBHOOK_ACTION } from "./status"
import { fastCheckoutReturnUrl, fastCheckoutWebhookUrl } from "./urls"

type InjectedDependencies = { logger: Logger }

/** Medusa's webhook action data plus what the plugin's own settlement needs from the same read. */
export type FastCheckoutWebhookActionData = WebhookActionResult["data"] & {
  fast_checkout_status: FastCheckoutOrder["status"]
  payer?: FastCheckoutOrder["payer"]
}

/**
 * Tikkie Fast Checkout as a Medusa payment provider (`pp_tikkie-fast-checkout_{id}`).
 *
 * The provider runs in the payment module and cannot read the cart, so the cart's lines come in the
 * session input's `data` under `tikkie_fast_checkout_cart`, put there server-side by the plugin's
 * checkout route or its middleware on Medusa's payment-session route (whatever a storefront sends
 * there is overwritten). The provider checks that the lines add up to the session amount Medusa
 * computed, so a forged line can never change what is charged.
 *
 * Fast Checkout has no cancel and no refund operation: cancelling an unpaid session lets the order
 * expire, and a refund is refused with a clear NOT_ALLOWED error.
 */
export class TikkieFastCheckoutProviderService extends AbstractPaymentProvider<ResolvedFastCheckoutProviderOptions> {
  static identifier = "tikkie-fast-checkout"

  protected readonly logger: Logger
  protected readonly options: ResolvedFastCheckoutProviderOptions
  protected readonly client: FastCheckoutClient

  static validateOptions(options: Record<string, unknown>): void {
    parseFastCheckoutProviderOptions(options)
  }

  constructor(container: InjectedDependencies, options: Record<string, unknown>) {
    super(container, options as ResolvedFastCheckoutProviderOptions)
    this.logger = container.logger
    this.options = parseFastCheckoutProviderOptions(options)
    this.client = new FastCheckoutClient({
      apiKey: this.options.apiKey,
      merchantToken: this.options.merchantToken,
      baseUrl: this.options.baseUrl,
      product: this.options.product,
      connectTimeoutMs: this.options.connectTimeoutMs,
      requestTimeoutMs: this.options.requestTimeoutMs,
      logger: { warn: (m) => this.logger.warn(m) },
    })
  }

  async initiatePayment({ amount, currency_code, data, context }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const sessionId = context?.idempotency_key ?? (data?.session_id as string | undefined)
    if (!sessionId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "Tikkie Fast Checkout needs the payment session id.")
    }
    if (currency_code.toLowerCase() !== "eur") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Tikkie Fast Checkout takes payments in EUR only, not ${currency_code.toUpperCase()}.`
      )
    }
    const cart = FastCheckoutCartInputSchema.safeParse(data?.[FAST_CHECKOUT_CART_KEY])
    if (!cart.success) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "Tikkie Fast Checkout needs the cart's lines: start it with POST /store/carts/:id/tikkie-fast-checkout, " +
          "or create the payment session through Medusa's store route with the plugin's middleware loaded."
      )
    }
    const amountInCents = toCents(amount)
    const lines = cart.data
    const linesTotal = amountToPayInCents(lines)
    if (linesTotal !== amountInCents || lines.totalInCents !== amountInCents) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The cart's lines add up to ${linesTotal} cents but the payment is ${amountInCents} cents; refresh the cart and try again.`
      )
    }
    try {
      const created = await this.client.createOrder({
        referenceId: sessionId,
        currency: "EUR",
        items: lines.items,
        shippingCostsInCents: lines.shippingCostsInCents,
        ...(lines.discountInCents > 0 ? { discountInCents: lines.discountInCents } : {}),
        expiration: this.options.expirationSeconds,
        redirectUrl: fastCheckoutReturnUrl(this.options.storeUrl, sessionId),
        notificationUrl: fastCheckoutWebhookUrl(this.options.storeUrl),
      })
      const sessionData: FastCheckoutSessionData = {
        orderToken: created.orderToken,
        checkoutUrl: created.checkoutUrl,
        referenceId: sessionId,
        cartId: lines.cartId,
        amountInCents,
        expiresAt: new Date(Date.now() + this.options.expirationSeconds * 1000).toISOString(),
        status: "NEW",
        successUrl: this.options.successUrl,
        failureUrl: this.options.failureUrl,
      }
      // Medusa merges the input data into the session's; the lines are Tikkie's now, not kept twice.
      const data = { ...sessionData, [FAST_CHECKOUT_CART_KEY]: undefined }
      return { id: created.orderToken, data, status: SESSION_STATUS.NEW }
    } catch (e) {
      throw toMedusaError(e, "Creating the Tikkie Fast Checkout order failed")
    }
  }

  /**
   * A Fast Checkout order cannot be changed. Same amount: the data is kept as given (the plugin marks a
   * cancelled or expired session this way). Another amount: a new order from fresh server-computed lines
   * in `data` (the old one expires unpaid); without them the caller must start over.
   */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const current = this.sessionData(input.data)
    if (toCents(input.amount) === current.amountInCents) {
      return { data: current, status: SESSION_STATUS[current.status] }
    }
    const created = await this.initiatePayment({ ...input, context: { ...input.context, idempotency_key: current.referenceId } })
    return { data: created.data, status: created.status }
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const { data, status } = await this.readOrder(input.data)
    return { data, status }
  }

  /** Paid Fast Checkout orders are captured already: capture only confirms it. */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const { data, order } = await this.readOrder(input.data)
    if (order.status !== "PAID") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Tikkie Fast Checkout order is ${order.status}, not PAID: there is nothing to capture.`
      )
    }
    return { data }
  }

  async refundPayment(_input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Tikkie Fast Checkout has no refund operation. Refund the payer by bank transfer (their IBAN is on the " +
        "Tikkie payout) and record the refund in Medusa without the provider."
    )
  }

  /** Fast Checkout has no cancel operation: an unpaid order simply expires at its expiration time. */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const current = this.sessionData(input.data)
    if (current.status === "PAID") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "This Tikkie Fast Checkout order is paid and Fast Checkout cannot cancel or refund it; refund the payer by bank transfer."
      )
    }
    return { data: current }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: this.sessionData(input.data) }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    return { data: (await this.readOrder(input.data)).data }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const { data, status } = await this.readOrder(input.data)
    return { data, status }
  }

  /**
   * The webhook body is not signed, so it is only a hint: the order is read from Tikkie and the answer
   * is built from what Tikkie says, with the referenceId (the session id) from the order itself.
   */
  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const body = FastCheckoutWebhookSchema.safeParse(payload.data)
    if (!body.success) return { action: PaymentActions.NOT_SUPPORTED }
    let order: FastCheckoutOrder
    try {
      order = await this.client.getOrder(body.data.orderToken)
    } catch (e) {
      throw toMedusaError(e, "Reading the Tikkie Fast Checkout order failed")
    }
    const data: FastCheckoutWebhookActionData = {
      session_id: order.referenceId,
      amount: fromCents(amountToPayInCents(order)),
      fast_checkout_status: order.status,
      payer: order.payer,
    }
    return { action: WEBHOOK_ACTION[order.status], data }
  }

  protected sessionData(data: Record<string, unknown> | undefined): FastCheckoutSessionData {
    const parsed = FastCheckoutSessionDataSchema.safeParse(data)
    if (!parsed.success) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "This payment session has no Tikkie Fast Checkout order.")
    }
    return parsed.data
  }

  /** Reads the order and folds its status and payer into the session data. */
  protected async readOrder(data: Record<string, unknown> | undefined) {
    const current = this.sessionData(data)
    let order: FastCheckoutOrder
    try {
      order = await this.client.getOrder(current.orderToken)
    } catch (e) {
      throw toMedusaError(e, "Reading the Tikkie Fast Checkout order failed")
    }
    if (order.status === "PAID" && amountToPayInCents(order) !== current.amountInCents) {
      // Never expected: the order is immutable. Logged loudly because money and order disagree.
      this.logger.error(
        `Tikkie Fast Checkout order ${current.orderToken} was paid with ${amountToPayInCents(order)} cents, ` +
          `the session expected ${current.amountInCents} cents`
      )
      return { order, data: { ...current, status: order.status }, status: SESSION_STATUS.ERROR }
    }
    const next: FastCheckoutSessionData = { ...current, status: order.status, payer: order.payer ?? current.payer }
    return { order, data: next, status: SESSION_STATUS[order.status] }
  }
}

export default TikkieFastCheckoutProviderService
