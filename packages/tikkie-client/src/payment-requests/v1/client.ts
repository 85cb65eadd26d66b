import { z } from "zod"
import { TikkieError } from "../../core/errors"
import { TikkieTransport, type TransportOptions } from "../../core/http"
import { redact } from "../../core/redact"
import { validateOutgoing } from "../../core/validation"
import { V1_ERRORS, V1_SERVICE_CODES } from "./codes"
import { MAX_LIST_LIMIT } from "./limits"
import {
  BankAccountPath,
  CreatePaymentRequestAnswerSchema,
  CreatePaymentRequestRequest,
  CreatePlatformRequest,
  CreateUserRequest,
  ListPaymentRequestsQuery,
  PaymentRequestListSchema,
  PaymentRequestPath,
  PaymentRequestSchema,
  PlatformListSchema,
  PlatformPath,
  PlatformSchema,
  UserListSchema,
  UserPath,
  UserSchema,
  type CreatePaymentRequestAnswer,
  type CreatePaymentRequestInput,
  type CreatePlatformInput,
  type CreateUserInput,
  type PaymentRequest,
  type PaymentRequestList,
  type Platform,
  type User,
} from "./schemas"

export type V1AccessTokenFunction = (hint?: { rejected: string }) => Promise<string>

export interface PaymentRequestsV1ClientOptions extends TransportOptions {
  /** The consumer key, sent as `API-Key`. */
  apiKey: string
  /**
   * The OAuth access token with scope `pay`, or a function that returns a live one. The function is
   * called before every call, so a caller that refreshes tokens never has this client send a stale one.
   * When the service still answers 401 ERR_2002_002 (its clock decides when a token dies, not ours),
   * the function is called once more with the token it refused and the call is sent again: safe for a
   * POST too, as a 401 means the service refused before doing anything.
   */
  accessToken: string | V1AccessTokenFunction
  /**
   * Product segment of the paths: `pay` (payment request specification: /v1/pay/...) or `tikkie` (public material's live
   * service). Default `pay`.
   */
  product?: "pay" | "tikkie"
}

const OptionsSchema = z.looseObject({
  apiKey: z.string().min(1),
  accessToken: z.union([
    z.string().min(1),
    z.custom<V1AccessTokenFunction>((v) => typeof v === "function", "must be a string or a function"),
  ]),
  baseUrl: z.url({ protocol: /^https?$/ }),
  product: z.enum(["pay", "tikkie"]).optional(),
})

export interface ListPaymentRequestsQueryInput {
  offset: number
  limit: number
  /** Only requests created after this moment (exclusive). */
  fromDate?: string | Date
  /** Only requests created before this moment (exclusive). */
  toDate?: string | Date
}

/**
 * Client of the legacy payment requests v1 API: platform > user > bank account > payment request.
 * Every input is checked before sending with the code the service would answer, so a refused input
 * never leaves the process. The API key and every bearer token it used are kept out of errors.
 */
export class PaymentRequestsV1Client {
  private readonly transport: TikkieTransport
  private readonly apiKey: string
  private readonly accessToken: string | V1AccessTokenFunction
  private readonly prefix: string
  /** Every token the token function has handed out, so an old one quoted in an error is redacted too. */
  private readonly seenTokens = new Set<string>()

  constructor(options: PaymentRequestsV1ClientOptions) {
    const parsed = OptionsSchema.safeParse(options)
    if (!parsed.success) {
      // Only the paths of the bad options are named: the values may be credentials.
      throw new TikkieError({
        kind: "local",
        operation: "paymentRequestsV1.constructor",
        code: "INVALID_OPTIONS",
        message: `invalid client options: ${parsed.error.issues.map((i) => i.path.join(".") || "(options)").join(", ")}`,
      })
    }
    this.apiKey = options.apiKey
    this.accessToken = options.accessToken
    if (typeof options.accessToken === "string") this.seenTokens.add(options.accessToken)
    this.prefix = `/v1/${options.product ?? "pay"}`
    this.transport = new TikkieTransport(options)
  }

  async close(): Promise<void> {
    await this.transport.close()
  }

  /** Operation 1: POST /platforms. */
  async createPlatform(body: CreatePlatformInput): Promise<Platform> {
    const operation = "paymentRequestsV1.createPlatform"
    const json = validateOutgoing(operation, CreatePlatformRequest, body, V1_SERVICE_CODES)
    return this.send(operation, "POST", "/platforms", PlatformSchema, { json })
  }

  /** Operation 2: GET /platforms, every platform of this API key. */
  async listPlatforms(): Promise<Platform[]> {
    return this.send("paymentRequestsV1.listPlatforms", "GET", "/platforms", PlatformListSchema)
  }

  /** Operation 3: enrol a user with one bank account; the answer holds userToken and bankAccountToken. */
  async createUser(platformToken: string, body: CreateUserInput): Promise<User> {
    const operation = "paymentRequestsV1.createUser"
    const p = validateOutgoing(operation, PlatformPath, { platformToken }, V1_SERVICE_CODES)
    const json = validateOutgoing(operation, CreateUserRequest, body, V1_SERVICE_CODES)
    return this.send(operation, "POST", `/platforms/${seg(p.platformToken)}/users`, UserSchema, { json })
  }

  /** Operation 4. */
  async listUsers(platformToken: string): Promise<User[]> {
    const operation = "paymentRequestsV1.listUsers"
    const p = validateOutgoing(operation, PlatformPath, { platformToken }, V1_SERVICE_CODES)
    return this.send(operation, "GET", `/platforms/${seg(p.platformToken)}/users`, UserListSchema)
  }

  /** Operation 5: leave amountInCents out for an open amount. */
  async createPaymentRequest(
    platformToken: string,
    userToken: string,
    bankAccountToken: string,
    body: CreatePaymentRequestInput
  ): Promise<CreatePaymentRequestAnswer> {
    const operation = "paymentRequestsV1.createPaymentRequest"
    const p = validateOutgoing(
      operation,
      BankAccountPath,
      { platformToken, userToken, bankAccountToken },
      V1_SERVICE_CODES
    )
    const json = validateOutgoing(operation, CreatePaymentRequestRequest, body, V1_SERVICE_CODES)
    const path = `/platforms/${seg(p.platformToken)}/users/${seg(p.userToken)}/bankaccounts/${seg(p.bankAccountToken)}/paymentrequests`
    return this.send(operation, "POST", path, CreatePaymentRequestAnswerSchema, { json })
  }

  /** Operation 6: one page, newest first, with totalElements (the count matching the date filters). */
  async listPaymentRequests(
    platformToken: string,
    userToken: string,
    query: ListPaymentRequestsQueryInput
  ): Promise<PaymentRequestList> {
    const operation = "paymentRequestsV1.listPaymentRequests"
    const p = validateOutgoing(operation, UserPath, { platformToken, userToken }, V1_SERVICE_CODES)
    const q = validateOutgoing(operation, ListPaymentRequestsQuery, query, V1_SERVICE_CODES)
    const path = `/platforms/${seg(p.platformToken)}/users/${seg(p.userToken)}/paymentrequests`
    return this.send(operation, "GET", path, PaymentRequestListSchema, {
      query: { offset: q.offset, limit: q.limit, fromDate: q.fromDate, toDate: q.toDate },
    })
  }

  /** Operation 7: one request with its paid payments. */
  async getPaymentRequest(
    platformToken: string,
    userToken: string,
    paymentRequestToken: string
  ): Promise<PaymentRequest> {
    const operation = "paymentRequestsV1.getPaymentRequest"
    const p = validateOutgoing(
      operation,
      PaymentRequestPath,
      { platformToken, userToken, paymentRequestToken },
      V1_SERVICE_CODES
    )
    const path = `/platforms/${seg(p.platformToken)}/users/${seg(p.userToken)}/paymentrequests/${seg(p.paymentRequestToken)}`
    return this.send(operation, "GET", path, PaymentRequestSchema)
  }

  /**
   * Every payment request of a user, page by page (newest first). Paging stops at totalElements or at
   * the first short page, whichever comes first, so a list that shrinks while paging cannot loop.
   */
  async *paymentRequests(
    platformToken: string,
    userToken: string,
    options: { pageSize?: number; fromDate?: string | Date; toDate?: string | Date } = {}
  ): AsyncGenerator<PaymentRequest, void, undefined> {
    const limit = options.pageSize ?? MAX_LIST_LIMIT
    for (let offset = 0; ;) {
      const page = await this.listPaymentRequests(platformToken, userToken, {
        offset,
        limit,
        fromDate: options.fromDate,
        toDate: options.toDate,
      })
      for (const pr of page.paymentRequests) yield pr
      offset += page.paymentRequests.length
      if (page.paymentRequests.length < limit || offset >= page.totalElements) return
    }
  }

  private async bearer(operation: string, hint?: { rejected: string }): Promise<string> {
    if (typeof this.accessToken === "string") return this.accessToken
    let token: unknown
    try {
      token = await this.accessToken(hint)
    } catch (e) {
      const raw = e instanceof Error ? e.message : String(e)
      throw new TikkieError({
        kind: "local",
        operation,
        code: "ACCESS_TOKEN_UNAVAILABLE",
        message: redact(`the access token function failed: ${raw}`, [this.apiKey, ...this.seenTokens]),
        cause: e,
      })
    }
    if (typeof token !== "string" || token === "") {
      throw new TikkieError({
        kind: "local",
        operation,
        code: "ACCESS_TOKEN_UNAVAILABLE",
        message: "the access token function returned no token",
      })
    }
    this.seenTokens.add(token)
    return token
  }

  private async send<T>(
    operation: string,
    method: "GET" | "POST",
    path: string,
    response: z.ZodType<T>,
    extra: { json?: unknown; query?: Record<string, string | number | undefined> } = {}
  ): Promise<T> {
    const attempt = async (token: string) =>
      (
        await this.transport.send({
          operation,
          method,
          path: this.prefix + path,
          query: extra.query,
          json: extra.json,
          headers: { Authorization: `Bearer ${token}`, "API-Key": this.apiKey },
          response,
          secrets: [this.apiKey, ...this.seenTokens],
        })
      ).data
    const token = await this.bearer(operation)
    try {
      return await attempt(token)
    } catch (e) {
      const refused = e instanceof TikkieError && e.status === 401 && e.code === V1_ERRORS.ACCESS_TOKEN_INVALID
      if (!refused || typeof this.accessToken === "string") throw e
      return attempt(await this.bearer(operation, { rejected: token }))
    }
  }
}

function seg(token: string): string {
  return encodeURIComponent(token)
}
