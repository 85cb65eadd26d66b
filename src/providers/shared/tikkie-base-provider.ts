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
  RefundPaymentInput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { z } from "zod"
import { toCents } from "../../utils/medusa-money"
import type TikkieModuleService from "../../modules/tikkie/service"
import { isCompletionFailureRefund } from "./refund-lock"
import { callTikkieAs, toMedusaError } from "./tikkie-medusa-error"
import { TIKKIE_PAYMENT_MODULE_DEPENDENCIES, tikkieModuleOf } from "./tikkie-module-of"

export type TikkieProviderDependencies = { logger: Logger }

export type TikkieSessionData = Record<string, unknown> & {
  referenceId: string
  amountInCents: number
}

export interface TikkieSessionRequest {
  sessionId: string
  amount: BigNumberInput
  data: Record<string, unknown> | undefined
}

export interface TikkieCreated<TSession> {
  id: string
  data: TSession
}

export interface TikkieRead<TSession> {
  data: TSession
  status: PaymentSessionStatus
  paid: boolean
}

export interface TikkieProviderMessages<TSession> {
  noSessionId: string
  notInEuro: (currencyCode: string) => string
  noSessionData: string
  nothingToCapture: (data: TSession) => string
  paidCannotCancel: string
  paidSessionKept: string
}

/** Medusa calls `validateOptions` on the class, so `this` is the variant. */
export interface TikkieProviderClass<TOptions> {
  parseOptions(options: unknown): TOptions
}

/**
 * What Fast Checkout and payment requests share (one base, thin variants, as Stripe's provider). A
 * Tikkie payment is money received: paid is `captured` at once, and Tikkie is read whenever Medusa asks.
 */
export abstract class TikkieBaseProvider<
  TOptions extends object,
  TClient,
  TSession extends TikkieSessionData,
> extends AbstractPaymentProvider<TOptions> {
  static paymentModuleDependencies: readonly string[] = TIKKIE_PAYMENT_MODULE_DEPENDENCIES

  protected readonly logger: Logger
  protected readonly options: TOptions
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
  /** `settled`: a settlement's fresh read, used instead. */
  protected abstract read(data: Record<string, unknown> | undefined, settled?: unknown): Promise<TikkieRead<TSession>>
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
    // Medusa merges the input data into the session's: the input is not kept twice.
    return {
      id: created.id,
      data: { ...created.data, [this.inputKey]: undefined },
      status: PaymentSessionStatus.PENDING,
    }
  }

  /** Another amount makes a new order or request; a payment on the old one is kept as a problem. */
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

  /** A settlement's fresh read, recorded under its lock, saves a second one; the session data is not trusted. */
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const current = this.parseSessionData(input.data)
    const settled = current ? await this.settledRead(current).catch(() => undefined) : undefined
    const { data, status } = await this.read(input.data, settled)
    return { data, status }
  }

  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const { data, paid } = await this.read(input.data)
    if (!paid) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, this.messages.nothingToCapture(data))
    }
    return { data }
  }

  /** Neither product can close an unpaid order or request: it expires by itself. */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const current = this.sessionData(input.data)
    if (this.isPaid(current)) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, this.messages.paidCannotCancel)
    }
    return { data: this.cancelled(current) }
  }

  /**
   * A paid session is never deleted: Medusa's undo of a failed cart completion would otherwise replace it
   * (refundPaymentAndRecreatePaymentSessionWorkflow), leaving money received with no session to complete.
   */
  protected keepPaidSession(current: TSession): void {
    if (this.isPaid(current)) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, this.messages.paidSessionKept)
  }

  /** Medusa's refund for a failed cart completion is refused: the plugin's next settlement completes the cart. */
  protected async refuseCompletionFailureRefund(input: RefundPaymentInput): Promise<void> {
    if (await isCompletionFailureRefund(this.container, input.context?.idempotency_key)) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, this.messages.paidSessionKept)
    }
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

  protected async callTikkie<T>(
    failure: string,
    call: () => Promise<T>,
    asMedusaError: (e: unknown, what: string) => MedusaError = toMedusaError,
    step: "start" | "read" = "start"
  ): Promise<T> {
    return callTikkieAs(this.logger, failure, call, asMedusaError, step)
  }
}
