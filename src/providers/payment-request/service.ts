import type {
  DeletePaymentInput,
  DeletePaymentOutput,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { PaymentRequestsClient } from "tikkie-client/payment-requests/v2"
import type { PaymentRequestsV1Client } from "tikkie-client/payment-requests/v1"
import { paymentRequestsClient } from "./connection"
import { toCents } from "../../utils/medusa-money"
import { PaymentProviderKeys } from "../provider-keys"
import {
  TikkieBaseProvider,
  type TikkieCreated,
  type TikkieProviderDependencies,
  type TikkieProviderMessages,
  type TikkieRead,
  type TikkieSessionRequest,
} from "../shared/tikkie-base-provider"
import { fitDescription } from "./description"
import { parsePaymentRequestProviderOptions, type ResolvedPaymentRequestProviderOptions } from "./options"
import type { PaymentRequestApi, PaymentRequestApiHost } from "./payment-request-api"
import {
  PAYMENT_REQUEST_INPUT_KEY,
  paymentInFull,
  PaymentRequestInputSchema,
  PaymentRequestSessionDataSchema,
  type PaymentRequestSessionData,
} from "./session-data"
import { sessionStatus } from "./status"
import { payGrantModulesOfProvider, paymentRequestsV1ClientFrom } from "./v1"
import { PaymentRequestsV1Api, refundByBankTransfer } from "./v1-api"
import { PaymentRequestsV2Api, type PaymentRequestSettledRead } from "./v2-api"

/**
 * Tikkie payment requests as a Medusa payment provider (`pp_tikkie-payment-request_{id}`): a session is
 * a request for exactly its amount, `captured` once paid. The calls are the API adapters' (v2-api.ts,
 * or v1-api.ts with `apiVersion: "v1"`). v2 cannot close a request: a cancelled one stays payable until
 * its expiry, and a payment on it is kept as a problem to refund.
 */
export class TikkiePaymentRequestProviderService extends TikkieBaseProvider<
  ResolvedPaymentRequestProviderOptions,
  PaymentRequestsClient,
  PaymentRequestSessionData
> {
  static identifier = PaymentProviderKeys.PAYMENT_REQUEST
  static parseOptions = parsePaymentRequestProviderOptions

  protected readonly sessionDataSchema = PaymentRequestSessionDataSchema
  protected readonly inputKey = PAYMENT_REQUEST_INPUT_KEY
  protected readonly messages: TikkieProviderMessages<PaymentRequestSessionData> = {
    noSessionId: "A Tikkie payment request needs the payment session id.",
    notInEuro: (currency) => `Tikkie payment requests are in EUR only, not ${currency}.`,
    noSessionData: "This payment session has no Tikkie payment request.",
    nothingToCapture: (data) =>
      `Tikkie payment request ${data.paymentRequestToken} is ${data.status} and not paid: there is nothing to capture.`,
    paidCannotCancel: "This Tikkie payment request is paid and cannot be cancelled; refund the payment instead.",
    paidSessionKept:
      "This Tikkie payment request is paid: its payment session stays until the plugin has made the cart an order.",
  }
  protected readonly v2: PaymentRequestsV2Api
  protected readonly v1?: PaymentRequestsV1Api
  private v1Client_?: PaymentRequestsV1Client

  constructor(container: TikkieProviderDependencies, options: Record<string, unknown>) {
    super(container, options)
    const host: PaymentRequestApiHost = {
      logger: this.logger,
      container: this.container,
      callTikkie: (failure, call, asMedusaError, step) => this.callTikkie(failure, call, asMedusaError, step),
    }
    this.v2 = new PaymentRequestsV2Api(host, this.client, this.options)
    if (this.options.apiVersion === "v1") this.v1 = new PaymentRequestsV1Api(host, this.v1Client())
  }

  /** The v1 client: its token from the accessToken option or the admin's v1 connection (v1.ts). */
  protected v1Client(): PaymentRequestsV1Client {
    return (this.v1Client_ ??= paymentRequestsV1ClientFrom(
      this.options,
      () => payGrantModulesOfProvider(this.container),
      this.tikkie.callHealth.observer("payment_requests_v1")
    ))
  }

  /** The API a session's request lives in: v1 for a request made under v1 (or, new, when set up for v1). */
  protected apiFor(current?: PaymentRequestSessionData): PaymentRequestApi {
    if (current ? !current.v1 : !this.v1) return this.v2
    if (!this.v1)
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "This payment was made with Tikkie v1, but the provider is set up for v2 now."
      )
    return this.v1
  }

  protected createClient(options: ResolvedPaymentRequestProviderOptions): PaymentRequestsClient {
    return paymentRequestsClient(this.tikkie, options, this.logger)
  }

  protected async createForSession({
    sessionId,
    amount,
    data,
  }: TikkieSessionRequest): Promise<TikkieCreated<PaymentRequestSessionData>> {
    const amountInCents = toCents(amount)
    if (amountInCents <= 0) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Nothing to pay: a Tikkie payment request needs an amount above €0.00."
      )
    }
    const input = PaymentRequestInputSchema.safeParse(data?.[PAYMENT_REQUEST_INPUT_KEY])
    const description = input.success
      ? fitDescription(input.data.description)
      : fitDescription(this.options.storeName ?? "Online order")
    return this.apiFor().create({
      sessionId,
      amountInCents,
      description,
      input: input.success ? input.data : undefined,
    })
  }

  protected inputForNewAmount(current: PaymentRequestSessionData) {
    return {
      [PAYMENT_REQUEST_INPUT_KEY]: { description: current.description, ...(current.v1 ? { v1: current.v1 } : {}) },
    }
  }

  protected isPaid(data: PaymentRequestSessionData): boolean {
    return !!paymentInFull(data)
  }

  protected storedStatus(data: PaymentRequestSessionData): PaymentSessionStatus {
    return sessionStatus(data.status, this.isPaid(data))
  }

  /** v2: Tikkie's refund API; v1 has none: a bank transfer the admin marks made (v1-api.ts). */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    await this.refuseCompletionFailureRefund(input)
    const current = this.sessionData(input.data)
    if (this.v1 || current.v1) return refundByBankTransfer(this.container, input)
    return this.v2.refund(input, current)
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const current = this.parseSessionData(input.data)
    if (!current) return { data: input.data ?? {} }
    this.keepPaidSession(current)
    return { data: this.cancelled(current) }
  }

  /** Tikkie's notifications go to `/hooks/tikkie/payment-requests`: Medusa's generic route settles nothing. */
  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }

  protected cancelled(current: PaymentRequestSessionData): PaymentRequestSessionData {
    return {
      ...current,
      cancelled: current.cancelled ?? {
        at: new Date().toISOString(),
        note:
          "Tikkie payment requests cannot be closed through the API: the link stays payable until the end of " +
          `${current.expiryDate} (Amsterdam time). A payment made on it after this is kept by the plugin as a problem to refund.`,
      },
    }
  }

  protected async settledRead(current: PaymentRequestSessionData): Promise<PaymentRequestSettledRead | undefined> {
    const read = await this.tikkie.settledPaymentRequestRead(current.paymentRequestToken)
    return read && ({ ...read, paymentRequestToken: current.paymentRequestToken } as PaymentRequestSettledRead)
  }

  protected async read(
    data: Record<string, unknown> | undefined,
    settled?: unknown
  ): Promise<TikkieRead<PaymentRequestSessionData>> {
    const current = this.sessionData(data)
    const handed = settled as PaymentRequestSettledRead | undefined
    if (handed?.paymentRequestToken === current.paymentRequestToken) {
      return this.v2.folded({ ...current, status: handed.status, payments: handed.payments })
    }
    return this.apiFor(current).read(current)
  }
}

export default TikkiePaymentRequestProviderService
