import { TikkieError } from "../core/errors"
import { TikkieTransport } from "../core/http"
import { type RateLimiter, SlidingWindowRateLimiter } from "../core/rate-limiter"
import { FAST_CHECKOUT_ERRORS } from "./codes"
import {
  type FastCheckoutClientOptions,
  parseFastCheckoutClientOptions,
  type ResolvedFastCheckoutClientOptions,
} from "./client-options"
import {
  type CreateOrderBody,
  CreateOrderBodySchema,
  CreateOrderResponseSchema,
  CreateSandboxMerchantResponseSchema,
  type FastCheckoutOrder,
  FastCheckoutOrderSchema,
  OrderTokenSchema,
} from "./schemas"
import { validateFastCheckout } from "./validate"

/** The Fast Checkout specification's limit on GET order: "at most 250 per second". */
export const GET_ORDER_CALLS_PER_SECOND = 250

export interface CreatedOrder {
  checkoutUrl: string
  /** Keep it: the service cannot give it again. */
  orderToken: string
  /** Trace-Id header of the creation answer, for support requests. */
  traceId?: string
}

/**
 * Client of the Fast Checkout order service (Fast Checkout specification). Every input is checked with the schemas the
 * sandbox uses, so a refused input never leaves the process; the API key and merchant token are kept
 * out of every error and log line.
 */
export class FastCheckoutClient {
  private readonly options: ResolvedFastCheckoutClientOptions
  private readonly transport: TikkieTransport
  private readonly getOrderRateLimiter: RateLimiter
  private readonly basePath: string

  constructor(options: FastCheckoutClientOptions) {
    this.options = parseFastCheckoutClientOptions(options)
    this.transport = new TikkieTransport(this.options)
    this.getOrderRateLimiter =
      this.options.getOrderRateLimiter ?? new SlidingWindowRateLimiter(GET_ORDER_CALLS_PER_SECOND, 1_000)
    this.basePath = `/v1/${this.options.product}/fastcheckout`
  }

  /** Sandbox only: a new merchant token tied to this API key (API-Key header, empty body). */
  async createSandboxMerchant(): Promise<{ merchantToken: string }> {
    const res = await this.transport.send({
      operation: "fastCheckout.createSandboxMerchant",
      method: "POST",
      path: `${this.basePath}/merchant`,
      headers: { "API-Key": this.options.apiKey },
      response: CreateSandboxMerchantResponseSchema,
      secrets: this.secrets(),
    })
    return { merchantToken: res.data.merchantToken }
  }

  /**
   * Creates an order. Not retried after a 500 or a lost connection (the order may exist and a second
   * one would be a second checkout); retried after a 503 ERR_9100_011, which says nothing was done.
   */
  async createOrder(body: CreateOrderBody): Promise<CreatedOrder> {
    const operation = "fastCheckout.createOrder"
    const merchantToken = this.requireMerchantToken(operation)
    const json = validateFastCheckout(operation, CreateOrderBodySchema, body ?? {})
    const res = await this.transport.send({
      operation,
      method: "POST",
      path: `${this.basePath}/orders`,
      headers: this.orderHeaders(merchantToken),
      json,
      response: CreateOrderResponseSchema,
      secrets: this.secrets(),
    })
    return { checkoutUrl: res.data.checkoutUrl, orderToken: res.data.orderToken, traceId: res.traceId }
  }

  /**
   * Reads an order, within the GET order rate limit; retried on 429, 5xx and network failures, each
   * attempt taking a slot of the limiter. `options.rateLimiter` replaces the client's limiter for this
   * call (e.g. the same shared limit with a deadline on the wait, for a caller someone waits on).
   */
  async getOrder(orderToken: string, options: { rateLimiter?: RateLimiter } = {}): Promise<FastCheckoutOrder> {
    const operation = "fastCheckout.getOrder"
    const merchantToken = this.requireMerchantToken(operation)
    const token = validateFastCheckout(operation, OrderTokenSchema, orderToken)
    const res = await this.transport.send({
      operation,
      method: "GET",
      path: `${this.basePath}/orders/${encodeURIComponent(token)}`,
      headers: this.orderHeaders(merchantToken),
      response: FastCheckoutOrderSchema,
      secrets: this.secrets(),
      rateLimiter: options.rateLimiter ?? this.getOrderRateLimiter,
    })
    return res.data
  }

  close(): Promise<void> {
    return this.transport.close()
  }

  private requireMerchantToken(operation: string): string {
    if (this.options.merchantToken) return this.options.merchantToken
    throw new TikkieError({
      kind: "local",
      operation,
      code: FAST_CHECKOUT_ERRORS.MERCHANT_TOKEN_MISSING,
      status: 400,
      message:
        "merchant token missing in header X-Merchant-Token: pass merchantToken to FastCheckoutClient " +
        "(in the sandbox, createSandboxMerchant gives one)",
      mayHaveReachedService: false,
    })
  }

  private orderHeaders(merchantToken: string): Record<string, string> {
    return { "API-Key": this.options.apiKey, "X-Merchant-Token": merchantToken }
  }

  private secrets(): string[] {
    return [this.options.apiKey, this.options.merchantToken].filter((s): s is string => Boolean(s))
  }
}
