import type {
  DeletePaymentInput,
  DeletePaymentOutput,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { amountToPayInCents, FastCheckoutClient, type FastCheckoutOrder } from "tikkie-client/fast-checkout"
import { toCents } from "../../utils/medusa-money"
import {
  TikkieBaseProvider,
  type TikkieCreated,
  type TikkieProviderMessages,
  type TikkieRead,
  type TikkieSessionRequest,
} from "../shared/tikkie-base-provider"
import { answerBankTransferRefund } from "../shared/bank-transfer-refunds"
import { fastCheckoutReadKey } from "../shared/settled-reads"
import { parseFastCheckoutProviderOptions, type ResolvedFastCheckoutProviderOptions } from "./options"
import {
  FAST_CHECKOUT_CART_KEY,
  FastCheckoutCartInputSchema,
  FastCheckoutSessionDataSchema,
  type FastCheckoutSessionData,
} from "./session-data"
import { SESSION_STATUS } from "./status"
import { providerCallOf } from "../shared/provider-call"
import type { FastCheckoutConnection } from "./connection"
import { fastCheckoutGetOrderLimiter } from "./get-order-limiter"
import { fastCheckoutReturnUrl, fastCheckoutWebhookUrl } from "./urls"
import { PaymentProviderKeys } from "../provider-keys"
import { providerHealthObserver } from "../shared/health-observer"

/** A settlement's read of a PAID order, handed to authorizePayment (settled-reads.ts): PAID is final. */
export interface FastCheckoutSettledRead {
  orderToken: string
  status: "PAID"
  amountInCents: number
  payer?: FastCheckoutOrder["payer"]
}

/**
 * Tikkie Fast Checkout as a Medusa payment provider (`pp_tikkie-fast-checkout_{id}`). The cart's lines
 * come server-side in the session input's `data` (the provider cannot read the cart) and must add up to
 * Medusa's amount, so a forged line never changes what is charged. No cancel or refund at Tikkie.
 */
export class TikkieFastCheckoutProviderService extends TikkieBaseProvider<
  ResolvedFastCheckoutProviderOptions,
  FastCheckoutClient,
  FastCheckoutSessionData
> {
  static identifier = PaymentProviderKeys.FAST_CHECKOUT
  static parseOptions = parseFastCheckoutProviderOptions

  protected readonly sessionDataSchema = FastCheckoutSessionDataSchema
  protected readonly inputKey = FAST_CHECKOUT_CART_KEY
  /** Every GET order takes a store-wide slot, retries included; per call, so a settlement can bound the wait. */
  private readonly getOrderLimiter = fastCheckoutGetOrderLimiter(this.container)
  protected readonly messages: TikkieProviderMessages<FastCheckoutSessionData> = {
    noSessionId: "Tikkie Fast Checkout needs the payment session id.",
    notInEuro: (currency) => `Tikkie Fast Checkout takes payments in EUR only, not ${currency}.`,
    noSessionData: "This payment session has no Tikkie Fast Checkout order.",
    nothingToCapture: (data) => `Tikkie Fast Checkout order is ${data.status}, not PAID: there is nothing to capture.`,
    paidCannotCancel:
      "This Tikkie Fast Checkout order is paid and Fast Checkout cannot cancel or refund it; refund the payer by bank transfer.",
  }

  protected createClient(options: ResolvedFastCheckoutProviderOptions): FastCheckoutClient {
    return new FastCheckoutClient({
      apiKey: options.apiKey,
      merchantToken: options.merchantToken,
      baseUrl: options.baseUrl,
      product: options.product,
      connectTimeoutMs: options.connectTimeoutMs,
      requestTimeoutMs: options.requestTimeoutMs,
      logger: { warn: (m) => this.logger.warn(m) },
      observer: providerHealthObserver(this.container, "fast_checkout"),
    })
  }

  protected async createForSession({
    sessionId,
    amount,
    data,
  }: TikkieSessionRequest): Promise<TikkieCreated<FastCheckoutSessionData>> {
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
    const created = await this.callTikkie("Creating the Tikkie Fast Checkout order failed", () =>
      this.client.createOrder({
        referenceId: sessionId,
        currency: "EUR",
        items: lines.items,
        shippingCostsInCents: lines.shippingCostsInCents,
        ...(lines.discountInCents > 0 ? { discountInCents: lines.discountInCents } : {}),
        expiration: this.options.expirationSeconds,
        redirectUrl: fastCheckoutReturnUrl(this.options.storeUrl, sessionId),
        notificationUrl: fastCheckoutWebhookUrl(this.options.storeUrl),
      })
    )
    return {
      id: created.orderToken,
      data: {
        orderToken: created.orderToken,
        checkoutUrl: created.checkoutUrl,
        referenceId: sessionId,
        cartId: lines.cartId,
        amountInCents,
        expiresAt: new Date(Date.now() + this.options.expirationSeconds * 1000).toISOString(),
        status: "NEW",
        successUrl: this.options.successUrl,
        failureUrl: this.options.failureUrl,
      },
    }
  }

  /** A Fast Checkout order is made from fresh server-computed lines in `data`; without them the caller must start over. */
  protected inputForNewAmount(_current: FastCheckoutSessionData, data: Record<string, unknown> | undefined) {
    return data
  }

  protected isPaid(data: FastCheckoutSessionData): boolean {
    return data.status === "PAID"
  }

  protected storedStatus(data: FastCheckoutSessionData): PaymentSessionStatus {
    return SESSION_STATUS[data.status]
  }

  /** Refused (the plugin records a refund owed), except one the admin marked paid back by bank transfer. */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const marked = await answerBankTransferRefund(this.container, input)
    if (marked) return marked
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Tikkie Fast Checkout has no refund operation: nothing was refunded. Refund the payer by bank transfer " +
        "(the refund owed on the order page names the payer) and mark it refunded there: Medusa then records the refund."
    )
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: this.sessionData(input.data) }
  }

  /** Only the plugin's own calls are answered (provider-call.ts): Medusa's generic hook route reads nothing. */
  async getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    const call = providerCallOf<FastCheckoutConnection>(payload)
    if (call) await call({ getOrder: (orderToken, rateWaitAtMostMs) => this.getOrder(orderToken, rateWaitAtMostMs) })
    return { action: PaymentActions.NOT_SUPPORTED }
  }

  /** The order's status and payer in the session data; a settlement's read handed over saves a second read. */
  protected async read(
    data: Record<string, unknown> | undefined,
    settled?: unknown
  ): Promise<TikkieRead<FastCheckoutSessionData>> {
    const current = this.sessionData(data)
    const handed = settled as FastCheckoutSettledRead | undefined
    const order: Pick<FastCheckoutOrder, "status" | "payer"> & { amountInCents: number } =
      handed?.orderToken === current.orderToken
        ? handed
        : await this.getOrder(current.orderToken).then((o) => ({
            status: o.status,
            payer: o.payer,
            amountInCents: amountToPayInCents(o),
          }))
    const paid = order.status === "PAID"
    if (paid && order.amountInCents !== current.amountInCents) {
      // Never expected: the order is immutable. Logged loudly because money and order disagree.
      this.logger.error(
        `Tikkie Fast Checkout order ${current.orderToken} was paid with ${order.amountInCents} cents, ` +
          `the session expected ${current.amountInCents} cents`
      )
      return { data: { ...current, status: order.status }, status: SESSION_STATUS.ERROR, paid }
    }
    const next: FastCheckoutSessionData = { ...current, status: order.status, payer: order.payer ?? current.payer }
    return { data: next, status: SESSION_STATUS[order.status], paid }
  }

  protected settledReadKey(current: FastCheckoutSessionData): string {
    return fastCheckoutReadKey(current.orderToken)
  }

  /** `rateWaitAtMostMs`: the caller's deadline on each wait for a store-wide slot (connection.ts). */
  protected getOrder(orderToken: string, rateWaitAtMostMs?: number): Promise<FastCheckoutOrder> {
    const rateLimiter = this.getOrderLimiter.withWaitAtMost(rateWaitAtMostMs)
    return this.callTikkie(
      "Reading the Tikkie Fast Checkout order failed",
      () => this.client.getOrder(orderToken, { rateLimiter }),
      undefined,
      "read"
    )
  }
}

export default TikkieFastCheckoutProviderService
