import { z } from "zod"
import { TikkieError } from "../../core/errors"
import { TikkieTransport, type TikkieRequest, type TransportOptions } from "../../core/http"
import { redact } from "../../core/redact"
import { validateOutgoing } from "../../core/validation"
import { statusOf, V2_GENERIC_CODES } from "./error-codes"
import { refundTooHigh, REFUND_ALLOWANCE_IN_CENTS, PAGE_SIZE_MAX } from "./rules"
import {
  CreatePaymentRequestBodySchema,
  CreateRefundBodySchema,
  EmptySchema,
  ListPaymentRequestsQuerySchema,
  ListPaymentsQuerySchema,
  PaymentListSchema,
  PaymentRequestListSchema,
  PaymentRequestSchema,
  PaymentRequestTokenSchema,
  PaymentSchema,
  PaymentTokenSchema,
  RefundSchema,
  RefundTokenSchema,
  SandboxAppSchema,
  SubscriptionBodySchema,
  SubscriptionSchema,
  type CreatePaymentRequestBody,
  type CreateRefundBody,
  type ListPaymentRequestsInput,
  type ListPaymentsInput,
  type Payment,
  type PaymentList,
  type PaymentRequest,
  type PaymentRequestList,
  type Refund,
  type SandboxApp,
  type Subscription,
} from "./schemas"

export interface PaymentRequestsClientOptions extends TransportOptions {
  /** Consumer key of your app on the ABN AMRO Developer Portal; sent as API-Key on every call. */
  apiKey: string
  /** App token (a UUID) from the Tikkie Business Portal or from createSandboxApp(); needed by every call but that one. */
  appToken?: string
  /** Product path segment: "pay" as in the documents (default) or "tikkie" as on the live service. */
  product?: "pay" | "tikkie"
}

const OptionsSchema = z.looseObject({
  apiKey: z.string().trim().min(1, "apiKey is missing"),
  appToken: z.uuid("appToken must be a UUID").optional(),
  baseUrl: z.url({ protocol: /^https?$/, error: "baseUrl must be an absolute http(s) URL" }),
  product: z.enum(["pay", "tikkie"]).default("pay"),
})

/**
 * What `createRefund` may be told to check REFUND_AMOUNT_IS_TOO_HIGH before sending: the amount the
 * payment paid and what earlier refunds of it already returned. Without it only the service checks.
 */
export interface RefundCheck {
  paidInCents: number
  refundedInCents: number
}

type ListFilter = Omit<ListPaymentRequestsInput, "pageNumber" | "pageSize">
type PaymentsFilter = Omit<ListPaymentsInput, "pageNumber" | "pageSize">

const OP = "paymentRequestsV2"

/**
 * Client of payment requests v2 (`/v2/{product}/...`): API-Key on every call, X-App-Token on every
 * call but `createSandboxApp`. Every input is checked before sending; a refused input throws a local
 * TikkieError with the code the service would have answered, and nothing is sent.
 */
export class PaymentRequestsClient {
  private readonly transport: TikkieTransport
  private readonly apiKey: string
  private readonly appToken?: string
  private readonly prefix: string

  constructor(options: PaymentRequestsClientOptions) {
    const parsed = OptionsSchema.safeParse(options)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const secrets = [
        (options as Partial<PaymentRequestsClientOptions>)?.apiKey,
        (options as Partial<PaymentRequestsClientOptions>)?.appToken,
      ]
      throw new TikkieError({
        kind: "local",
        operation: `${OP}.constructor`,
        code: issue.path[0] === "appToken" ? "APP_TOKEN_INVALID" : "INVALID_OPTIONS",
        message: redact(`${issue.path.join(".") || "options"}: ${issue.message}`, secrets),
        mayHaveReachedService: false,
      })
    }
    const o = parsed.data
    this.apiKey = o.apiKey
    this.appToken = o.appToken
    this.prefix = `/v2/${o.product}`
    this.transport = new TikkieTransport(options)
  }

  async close(): Promise<void> {
    await this.transport.close()
  }

  /** Sandbox only: creates an app and answers its token. Needs only the API key. */
  async createSandboxApp(): Promise<SandboxApp> {
    return this.call({
      operation: `${OP}.createSandboxApp`,
      method: "POST",
      path: `${this.prefix}/sandboxapps`,
      headers: { "API-Key": this.apiKey },
      response: SandboxAppSchema,
    })
  }

  async createPaymentRequest(body: CreatePaymentRequestBody): Promise<PaymentRequest> {
    const operation = `${OP}.createPaymentRequest`
    const json = this.check(operation, CreatePaymentRequestBodySchema, body)
    return this.call({
      operation,
      method: "POST",
      path: `${this.prefix}/paymentrequests`,
      json,
      response: PaymentRequestSchema,
    })
  }

  /** Newest first; pageNumber counts from 0. */
  async listPaymentRequests(query: ListPaymentRequestsInput): Promise<PaymentRequestList> {
    const operation = `${OP}.listPaymentRequests`
    const q = this.check(operation, ListPaymentRequestsQuerySchema, query)
    return this.call({
      operation,
      method: "GET",
      path: `${this.prefix}/paymentrequests`,
      query: { ...q },
      response: PaymentRequestListSchema,
    })
  }

  async getPaymentRequest(paymentRequestToken: string): Promise<PaymentRequest> {
    const operation = `${OP}.getPaymentRequest`
    const t = this.check(operation, PaymentRequestTokenSchema, paymentRequestToken)
    return this.call({
      operation,
      method: "GET",
      path: `${this.prefix}/paymentrequests/${t}`,
      response: PaymentRequestSchema,
    })
  }

  /** Newest first; pageNumber counts from 0; refunds included unless includeRefunds is false. */
  async listPayments(paymentRequestToken: string, query: ListPaymentsInput): Promise<PaymentList> {
    const operation = `${OP}.listPayments`
    const t = this.check(operation, PaymentRequestTokenSchema, paymentRequestToken)
    const q = this.check(operation, ListPaymentsQuerySchema, query)
    return this.call({
      operation,
      method: "GET",
      path: `${this.prefix}/paymentrequests/${t}/payments`,
      query: { ...q },
      response: PaymentListSchema,
    })
  }

  async getPayment(paymentRequestToken: string, paymentToken: string): Promise<Payment> {
    const operation = `${OP}.getPayment`
    const t = this.check(operation, PaymentRequestTokenSchema, paymentRequestToken)
    const p = this.check(operation, PaymentTokenSchema, paymentToken)
    return this.call({
      operation,
      method: "GET",
      path: `${this.prefix}/paymentrequests/${t}/payments/${p}`,
      response: PaymentSchema,
    })
  }

  /**
   * Refunds (part of) a payment. The service allows all refunds of one payment together up to the
   * amount paid plus 25.00 euro; pass `check` to have that verified before sending.
   */
  async createRefund(
    paymentRequestToken: string,
    paymentToken: string,
    body: CreateRefundBody,
    check?: RefundCheck
  ): Promise<Refund> {
    const operation = `${OP}.createRefund`
    const t = this.check(operation, PaymentRequestTokenSchema, paymentRequestToken)
    const p = this.check(operation, PaymentTokenSchema, paymentToken)
    const json = this.check(operation, CreateRefundBodySchema, body)
    if (check) {
      const c = this.check(operation, RefundCheckSchema, check)
      if (refundTooHigh(c.paidInCents, c.refundedInCents, json.amountInCents)) {
        throw local(
          operation,
          "REFUND_AMOUNT_IS_TOO_HIGH",
          `refunds would total ${c.refundedInCents + json.amountInCents} cents, above the ${c.paidInCents} cents paid plus ${REFUND_ALLOWANCE_IN_CENTS}`
        )
      }
    }
    return this.call({
      operation,
      method: "POST",
      path: `${this.prefix}/paymentrequests/${t}/payments/${p}/refunds`,
      json,
      response: RefundSchema,
    })
  }

  async getRefund(paymentRequestToken: string, paymentToken: string, refundToken: string): Promise<Refund> {
    const operation = `${OP}.getRefund`
    const t = this.check(operation, PaymentRequestTokenSchema, paymentRequestToken)
    const p = this.check(operation, PaymentTokenSchema, paymentToken)
    const r = this.check(operation, RefundTokenSchema, refundToken)
    return this.call({
      operation,
      method: "GET",
      path: `${this.prefix}/paymentrequests/${t}/payments/${p}/refunds/${r}`,
      response: RefundSchema,
    })
  }

  /** One subscription per app: subscribing again replaces it (and answers a new subscriptionId). */
  async subscribeNotifications(url: string): Promise<Subscription> {
    const operation = `${OP}.subscribeNotifications`
    const json = this.check(operation, SubscriptionBodySchema, { url })
    return this.call({
      operation,
      method: "POST",
      path: `${this.prefix}/paymentrequestssubscription`,
      json,
      response: SubscriptionSchema,
    })
  }

  async deleteNotificationSubscription(): Promise<void> {
    await this.call({
      operation: `${OP}.deleteNotificationSubscription`,
      method: "DELETE",
      path: `${this.prefix}/paymentrequestssubscription`,
      response: EmptySchema,
    })
  }

  /**
   * Every payment request matching `filter`, newest first, fetched 50 at a time; only one page is
   * held. A request created while iterating pushes older ones one place down the list, so the first
   * items of the next page may repeat the last ones of this page: those are skipped by token (we
   * keep the previous page's tokens, nothing more). Pass toDateTime for a fixed view.
   */
  paymentRequests(filter: ListFilter = {}): AsyncIterableIterator<PaymentRequest> {
    return pages(
      (pageNumber) => this.listPaymentRequests({ ...filter, pageNumber, pageSize: PAGE_SIZE_MAX }),
      (l) => ({
        items: l.paymentRequests,
        total: l.totalElementCount,
        key: (x) => x.paymentRequestToken,
      })
    )
  }

  /** Every payment of one request, newest first, 50 at a time (see `paymentRequests`). */
  payments(paymentRequestToken: string, filter: PaymentsFilter = {}): AsyncIterableIterator<Payment> {
    return pages(
      (pageNumber) => this.listPayments(paymentRequestToken, { ...filter, pageNumber, pageSize: PAGE_SIZE_MAX }),
      (l) => ({ items: l.payments, total: l.totalElementCount, key: (x) => x.paymentToken })
    )
  }

  private check<S extends z.ZodType>(operation: string, schema: S, input: unknown): z.output<S> {
    return validateOutgoing(operation, schema, input, V2_GENERIC_CODES)
  }

  private async call<T>(
    req: Omit<TikkieRequest<T>, "secrets" | "headers"> & { headers?: Record<string, string> }
  ): Promise<T> {
    const headers = req.headers ?? { "API-Key": this.apiKey, "X-App-Token": this.requireAppToken(req.operation) }
    const res = await this.transport.send({ ...req, headers, secrets: [this.apiKey, this.appToken] })
    return res.data
  }

  private requireAppToken(operation: string): string {
    if (!this.appToken) {
      throw local(operation, "APP_TOKEN_INVALID", "no appToken configured (create one with createSandboxApp())")
    }
    return this.appToken
  }
}

const RefundCheckSchema = z.strictObject({
  paidInCents: z.number().int().nonnegative(),
  refundedInCents: z.number().int().nonnegative(),
})

function local(operation: string, code: string, message: string): TikkieError {
  return new TikkieError({
    kind: "local",
    operation,
    code,
    status: statusOf(code),
    message,
    mayHaveReachedService: false,
  })
}

async function* pages<L, I>(
  fetchPage: (pageNumber: number) => Promise<L>,
  read: (list: L) => { items: I[]; total: number; key: (item: I) => string }
): AsyncIterableIterator<I> {
  let previous = new Set<string>()
  for (let pageNumber = 0; ; pageNumber++) {
    const { items, total, key } = read(await fetchPage(pageNumber))
    for (const item of items) if (!previous.has(key(item))) yield item
    if (items.length < PAGE_SIZE_MAX || (pageNumber + 1) * PAGE_SIZE_MAX >= total) return
    previous = new Set(items.map(key))
  }
}
