import type {
  DeletePaymentInput,
  DeletePaymentOutput,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { amountToPayInCents, type FastCheckoutClient, type FastCheckoutOrder } from "tikkie-client/fast-checkout"
import { toCents } from "../../utils/medusa-money"
import {
  TikkieBaseProvider,
  type TikkieCreated,
  type TikkieProviderMessages,
  type TikkieRead,
  type TikkieSessionRequest,
} from "../shared/tikkie-base-provider"
import { answerBankTransferRefund } from "../shared/bank-transfer-refunds"
import { parseFastCheckoutProviderOptions, type ResolvedFastCheckoutProviderOptions } from "./options"
import {
  FAST_CHECKOUT_CART_KEY,
  FastCheckoutCartInputSchema,
  FastCheckoutSessionDataSchema,
  type FastCheckoutSessionData,
} from "./session-data"
import { SESSION_STATUS } from "./status"
import { fastCheckoutClient, fastCheckoutConnection, type FastCheckoutConnection } from "./connection"
import { fastCheckoutReturnUrl, fastCheckoutWebhookUrl } from "./urls"
import { fastCheckoutWebhookKey, webhookKeySecret } from "./webhook-key"
import { PaymentProviderKeys } from "../provider-keys"

export interface FastCheckoutSettledRead {
  orderToken: string
  status: "PAID"
  amountInCents: number
  payer?: FastCheckoutOrder["payer"]
}

/**
 * Tikkie Fast Checkout as a Medusa payment provider (`pp_tikkie-fast-checkout_{id}`). The cart's lines
 * come server-side in the session input's `data` (`tikkie_fast_checkout_cart`) and must add up to
 * Medusa's amount, so a forged line never changes what is charged. No cancel, no refund operation.
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
  private readonly orders: FastCheckoutConnection = fastCheckoutConnection(this.tikkie, this.options, this.logger)
  protected readonly messages: TikkieProviderMessages<FastCheckoutSessionData> = {
    noSessionId: "Tikkie Fast Checkout needs the payment session id.",
    notInEuro: (currency) => `Tikkie Fast Checkout takes payments in EUR only, not ${currency}.`,
    noSessionData: "This payment session has no Tikkie Fast Checkout order.",
    nothingToCapture: (data) => `Tikkie Fast Checkout order is ${data.status}, not PAID: there is nothing to capture.`,
    paidCannotCancel:
      "This Tikkie Fast Checkout order is paid and Fast Checkout cannot cancel or refund it; refund the payer by bank transfer.",
    paidSessionKept:
      "This Tikkie Fast Checkout order is paid: its payment session stays until the plugin has made the cart an order.",
  }

  protected createClient(options: ResolvedFastCheckoutProviderOptions): FastCheckoutClient {
    return fastCheckoutClient(this.tikkie, options, this.logger)
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
        notificationUrl: fastCheckoutWebhookUrl(this.options.storeUrl, this.webhookKey(sessionId)),
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

  /** Undefined where the container has no Medusa configuration (a bare provider): Tikkie gets the plain URL. */
  private webhookKey(referenceId: string): string | undefined {
    let configModule: unknown
    try {
      configModule = this.container.configModule
    } catch {
      return undefined // an awilix cradle throws for a name nobody registered
    }
    const secret = webhookKeySecret(configModule)
    return secret ? fastCheckoutWebhookKey(secret, referenceId) : undefined
  }

  protected inputForNewAmount(_current: FastCheckoutSessionData, data: Record<string, unknown> | undefined) {
    return data
  }

  protected isPaid(data: FastCheckoutSessionData): boolean {
    return data.status === "PAID"
  }

  protected storedStatus(data: FastCheckoutSessionData): PaymentSessionStatus {
    return SESSION_STATUS[data.status]
  }

  /** Refused (the plugin records a refund owed), except one an admin marked paid back by bank transfer. */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    await this.refuseCompletionFailureRefund(input)
    const marked = await answerBankTransferRefund(this.container, input)
    if (marked) return marked
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Tikkie Fast Checkout has no refund operation: nothing was refunded. Refund the payer by bank transfer " +
        "(the refund owed on the order page names the payer) and mark it refunded there: Medusa then records the refund."
    )
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const current = this.sessionData(input.data)
    this.keepPaidSession(current)
    return { data: current }
  }

  /** Tikkie's webhooks go to `/hooks/tikkie/fast-checkout`: Medusa's generic route settles nothing. */
  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }

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

  protected async settledRead(current: FastCheckoutSessionData): Promise<FastCheckoutSettledRead | undefined> {
    const read = await this.tikkie.settledFastCheckoutRead(current.orderToken)
    return read && { ...read, orderToken: current.orderToken, payer: read.payer as FastCheckoutOrder["payer"] }
  }

  protected getOrder(orderToken: string): Promise<FastCheckoutOrder> {
    return this.orders.getOrder(orderToken)
  }
}

export default TikkieFastCheckoutProviderService
