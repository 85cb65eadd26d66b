import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  BigNumberInput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { z } from "zod"
import { toCents } from "../../utils/medusa-money"
import type TikkieModuleService from "../../modules/tikkie/service"
import { callTikkieAs, toMedusaError } from "./tikkie-medusa-error"
import { TIKKIE_PAYMENT_MODULE_DEPENDENCIES, tikkieModuleOf } from "./tikkie-module-of"

export type TikkieProviderDependencies = { logger: Logger }

/**
 * What every Tikkie session data holds, whichever product made it: the session id Tikkie knows the
 * order or request by, and the amount that was sent to Tikkie (never what a storefront sent).
 */
export type TikkieSessionData = Record<string, unknown> & {
  referenceId: string
  amountInCents: number
}

/** A new session as the variant gets it, once the shared checks passed: Medusa's amount and session input. */
export interface TikkieSessionRequest {
  sessionId: string
  amount: BigNumberInput
  data: Record<string, unknown> | undefined
}

/** What a variant made at Tikkie for a new session: Tikkie's token as the session's id, and its data. */
export interface TikkieCreated<TSession> {
  id: string
  data: TSession
}

/** Tikkie's current state folded into the session data, with whether the whole amount is paid. */
export interface TikkieRead<TSession> {
  data: TSession
  status: PaymentSessionStatus
  paid: boolean
}

/**
 * The sentences a variant says them in: the flow is shared, but each product names itself and its
 * order or request in its own words, and the storefront and admin show these texts as they are.
 */
export interface TikkieProviderMessages<TSession> {
  noSessionId: string
  notInEuro: (currencyCode: string) => string
  noSessionData: string
  nothingToCapture: (data: TSession) => string
  paidCannotCancel: string
}

/**
 * A variant's static side. Medusa calls `validateOptions` on the registered class itself, so `this` in
 * it is the variant, which parses its own options with the same function its constructor uses.
 */
export interface TikkieProviderClass<TOptions> {
  parseOptions(options: unknown): TOptions
}

/**
 * What Fast Checkout and payment requests share as Medusa payment providers, after Medusa's Stripe
 * provider (one base, thin variants). In both, a Tikkie payment is money received: there is no
 * separate authorization, a paid order or request is `captured` at once and capture only confirms
 * it; Tikkie is read (never the storefront believed) whenever Medusa asks for the state.
 *
 * A variant supplies:
 * - `static identifier` and `static parseOptions` (its options schema; also what `validateOptions` runs);
 * - `createClient`: the product's Tikkie client from the parsed options;
 * - `sessionDataSchema`, `inputKey` (where server-side callers put the session input in `data`) and
 *   `messages` (its own wording of the shared errors);
 * - `createForSession`: the order or request for a new session, after the session id and EUR checks;
 * - `read`: Tikkie's state folded into the session data (or a settlement's fresh read, `settledRead`);
 * - `isPaid` and `storedStatus`: the same answers from the stored data, without asking Tikkie;
 * - `inputForNewAmount`: what a new order or request for a changed amount is made from;
 * - `refundPayment`, `deletePayment` and `getWebhookActionAndData`, which differ between the products;
 * - optionally `cancelled`, to record a cancel in the data (the default keeps the data as it is).
 */
export abstract class TikkieBaseProvider<
  TOptions extends object,
  TClient,
  TSession extends TikkieSessionData,
> extends AbstractPaymentProvider<TOptions> {
  /** The payment module's `dependencies` this provider needs (checked at start: modules/tikkie/loaders). */
  static paymentModuleDependencies: readonly string[] = TIKKIE_PAYMENT_MODULE_DEPENDENCIES

  protected readonly logger: Logger
  protected readonly options: TOptions
  /** The plugin's module: it holds the Tikkie clients, the read budget and the plugin's records. */
  protected readonly tikkie: TikkieModuleService
  protected readonly client: TClient

  protected abstract readonly sessionDataSchema: z.ZodType<TSession>
  protected abstract readonly inputKey: string
  protected abstract readonly messages: TikkieProviderMessages<TSession>

  static validateOptions(this: TikkieProviderClass<unknown>, options: Record<string, unknown>): void {
    this.parseOptions(options)
  }

  constructor(container: TikkieProviderDependencies, options: Record<string, unknown>) {
    super(container, options as TOptions)
    this.logger = container.logger
    this.options = (this.constructor as unknown as TikkieProviderClass<TOptions>).parseOptions(options)
    this.tikkie = tikkieModuleOf(container)
    this.client = this.createClient(this.options)
  }

  protected abstract createClient(options: TOptions): TClient
  protected abstract createForSession(request: TikkieSessionRequest): Promise<TikkieCreated<TSession>>
  /**
   * Tikkie's state folded into the session data. `settled`: a settlement's read of moments ago (from the
   * plugin's record, `settledRead`), used instead of reading again when the variant recognises it.
   */
  protected abstract read(data: Record<string, unknown> | undefined, settled?: unknown): Promise<TikkieRead<TSession>>
  /** A settlement's fresh read of this session's order or request, kept on the plugin's record. */
  protected abstract settledRead(current: TSession): Promise<unknown>
  protected abstract isPaid(data: TSession): boolean
  protected abstract storedStatus(data: TSession): PaymentSessionStatus
  protected abstract inputForNewAmount(
    current: TSession,
    data: Record<string, unknown> | undefined
  ): Record<string, unknown> | undefined

  async initiatePayment({
    amount,
    currency_code,
    data,
    context,
  }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const sessionId = context?.idempotency_key ?? (data?.session_id as string | undefined)
    if (!sessionId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, this.messages.noSessionId)
    }
    if (currency_code.toLowerCase() !== "eur") {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, this.messages.notInEuro(currency_code.toUpperCase()))
    }
    const created = await this.createForSession({ sessionId, amount, data })
    // Medusa merges the input data into the session's: the input is Tikkie's order or request now, not kept twice.
    return {
      id: created.id,
      data: { ...created.data, [this.inputKey]: undefined },
      status: PaymentSessionStatus.PENDING,
    }
  }

  /**
   * Neither a Fast Checkout order nor a payment request can change its amount. Same amount: the data
   * is kept as given (the plugin marks a cancelled or expired session this way). Another amount: a new
   * order or request under the same session id; the old one stays payable until it expires, and a
   * payment on it is kept by the plugin as a problem, never silently dropped.
   */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const current = this.sessionData(input.data)
    if (toCents(input.amount) === current.amountInCents) {
      return { data: current, status: this.storedStatus(current) }
    }
    const created = await this.initiatePayment({
      ...input,
      data: this.inputForNewAmount(current, input.data),
      context: { ...input.context, idempotency_key: current.referenceId },
    })
    return { data: created.data, status: created.status }
  }

  /**
   * Called by Medusa when a settlement completes the cart (or captures an order link): the settlement
   * read Tikkie under its lock a moment ago and wrote that read to the plugin's record, so it is not read
   * twice. Never the session data: a storefront chooses part of it. No fresh read: Tikkie is read.
   */
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const current = this.parseSessionData(input.data)
    const settled = current ? await this.settledRead(current).catch(() => undefined) : undefined
    const { data, status } = await this.read(input.data, settled)
    return { data, status }
  }

  /** A paid order or request is money received: capture only confirms it. */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const { data, paid } = await this.read(input.data)
    if (!paid) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, this.messages.nothingToCapture(data))
    }
    return { data }
  }

  /** Neither product can close an unpaid order or request through the API: it expires by itself. */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const current = this.sessionData(input.data)
    if (this.isPaid(current)) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, this.messages.paidCannotCancel)
    }
    return { data: this.cancelled(current) }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    return { data: (await this.read(input.data)).data }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const { data, status } = await this.read(input.data)
    return { data, status }
  }

  protected cancelled(current: TSession): TSession {
    return current
  }

  /** The session data, or nothing when this session was not made by this provider. */
  protected parseSessionData(data: Record<string, unknown> | undefined): TSession | undefined {
    const parsed = this.sessionDataSchema.safeParse(data)
    return parsed.success ? parsed.data : undefined
  }

  protected sessionData(data: Record<string, unknown> | undefined): TSession {
    const parsed = this.parseSessionData(data)
    if (!parsed) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, this.messages.noSessionData)
    }
    return parsed
  }

  /** A Tikkie call of this provider (callTikkieAs: what the storefront and the log read of a failure). */
  protected async callTikkie<T>(
    failure: string,
    call: () => Promise<T>,
    asMedusaError: (e: unknown, what: string) => MedusaError = toMedusaError,
    step: "start" | "read" = "start"
  ): Promise<T> {
    return callTikkieAs(this.logger, failure, call, asMedusaError, step)
  }
}
