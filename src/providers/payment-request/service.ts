import type {
  DeletePaymentInput,
  DeletePaymentOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { toCents } from "../../lib/medusa-money"
import { TikkieError } from "tikkie-client/core/errors"
import { PaymentRequestsClient, type PaymentV2 } from "tikkie-client/payment-requests/v2"
import { addDays, amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { REFUND_ALLOWANCE_IN_CENTS } from "tikkie-client/payment-requests/v2/rules"
import { V1_PAYMENT_REQUEST_EXPIRY_DAYS } from "tikkie-client/payment-requests/v1"
import { paymentRequestReadKey } from "../shared/settled-reads"
import { toMedusaError } from "../shared/tikkie-medusa-error"
import {
  TikkieBaseProvider,
  type TikkieCreated,
  type TikkieProviderDependencies,
  type TikkieProviderMessages,
  type TikkieRead,
  type TikkieSessionRequest,
} from "../shared/tikkie-base-provider"
import { asReferenceId, fitDescription, refundDescription } from "./description"
import { parsePaymentRequestProviderOptions, type ResolvedPaymentRequestProviderOptions } from "./options"
import {
  PAYMENT_REQUEST_INPUT_KEY,
  paymentInFull,
  PaymentRequestInputSchema,
  PaymentRequestSessionDataSchema,
  recordedRefundReferences,
  storedPayment,
  storedRefund,
  type PaymentRequestSessionData,
  type StoredPayment,
  type StoredRefund,
} from "./session-data"
import { sessionStatus } from "./status"
import { container as appContainer } from "@medusajs/framework"
import { paymentRequestsV1ClientFrom, readV1PaymentRequest, v1ExternalId, type V1Tokens } from "./v1"
import { v1MedusaError } from "./v1-errors"
import { answerBankTransferRefund } from "../shared/bank-transfer-refunds"
import { underRefundLock, type RecordedMedusaRefunds } from "../shared/refund-lock"
import type { PaymentRequestsV1Client } from "tikkie-client/payment-requests/v1"
import { PaymentProviderKeys } from "../provider-keys"

/** Builds the v2 client from the provider's options (also used app-side, see workflows/payment-request). */
export function paymentRequestsClientFrom(
  options: ResolvedPaymentRequestProviderOptions,
  logger?: Logger
): PaymentRequestsClient {
  return new PaymentRequestsClient({
    apiKey: options.apiKey,
    appToken: options.appToken,
    baseUrl: options.baseUrl,
    product: options.product,
    connectTimeoutMs: options.connectTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs,
    logger: logger ? { warn: (m) => logger.warn(m) } : undefined,
  })
}

/** What the settlement read of a paid request, handed to authorizePayment (settled-reads.ts). */
export interface PaymentRequestSettledRead {
  paymentRequestToken: string
  status: PaymentRequestSessionData["status"]
  payments: PaymentRequestSessionData["payments"]
}

/** Every payment of a request with its refunds (a fixed-amount request has at most one). */
export async function readPayments(client: PaymentRequestsClient, paymentRequestToken: string): Promise<PaymentV2[]> {
  const all: PaymentV2[] = []
  for await (const p of client.payments(paymentRequestToken)) all.push(p)
  return all
}

/** Medusa's refund ids (`ref_` and a ulid), which the provider sends as the refund's referenceId. */
const MEDUSA_REFUND_ID = /^ref_[0-9A-Z]{26}$/

function euro(cents: number): string {
  return `€${(cents / 100).toFixed(2)}`
}

/**
 * Tikkie payment requests (v2) as a Medusa payment provider (`pp_tikkie-payment-request_{id}`): a
 * session is a payment request for exactly the session's amount, and the storefront sends the shopper
 * to its `url`. A payment against it is money received, so a paid request is `captured` at once.
 *
 * - The description and expiry come in the session input's `data` under `tikkie_payment_request`,
 *   computed on the server (the plugin's checkout route, or the admin order-link route); without them
 *   the store name option is used. The amount is always Medusa's session amount.
 * - Refunds go through Tikkie's refund API, numbered and described for the payer; the refund record
 *   (PENDING, later PAID) is kept in the payment's data.
 * - Cancel: payment requests v2 have no operation to close a request. An unpaid session is marked
 *   cancelled in its data and the note says the link stays payable until its expiry date; a payment
 *   made after that is kept by the plugin as a problem to refund. A paid request cannot be cancelled:
 *   refund it.
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
  }
  /** apiVersion v1 only: the legacy client (requests are made under the stored platform and user). */
  protected readonly v1?: PaymentRequestsV1Client

  constructor(container: TikkieProviderDependencies, options: Record<string, unknown>) {
    super(container, options)
    // The v1 token lives in the app's modules (v1.ts): the framework's app container reaches them.
    if (this.options.apiVersion === "v1") this.v1 = paymentRequestsV1ClientFrom(this.options, appContainer)
  }

  protected createClient(options: ResolvedPaymentRequestProviderOptions): PaymentRequestsClient {
    return paymentRequestsClientFrom(options, this.logger)
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
    if (this.v1) return this.createV1(sessionId, amountInCents, description, input.success ? input.data.v1 : undefined)
    const expiryDate =
      (input.success ? input.data.expiryDate : undefined) ??
      addDays(amsterdamDate(Date.now()), this.options.checkoutExpiryDays)
    const created = await this.callTikkie("Creating the Tikkie payment request failed", () =>
      this.client.createPaymentRequest({
        description,
        amountInCents,
        expiryDate,
        ...(asReferenceId(sessionId) ? { referenceId: sessionId } : {}),
      })
    )
    return {
      id: created.paymentRequestToken,
      data: {
        paymentRequestToken: created.paymentRequestToken,
        url: created.url,
        referenceId: sessionId,
        amountInCents,
        description: created.description,
        expiryDate: created.expiryDate ?? expiryDate,
        status: created.status,
        payments: [],
        recordedRefundReferences: [],
      },
    }
  }

  /**
   * apiVersion v1: a request under the stored platform, user and bank account, with the session id as
   * externalId. v1 takes no expiry date: a request expires 14 days after it was made (the service's
   * default), which is what the session data shows.
   */
  protected async createV1(
    sessionId: string,
    amountInCents: number,
    description: string,
    tokens: V1Tokens | undefined
  ): Promise<TikkieCreated<PaymentRequestSessionData>> {
    if (!tokens) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Tikkie payment requests v1 need the plugin's v1 setup: start the payment through POST /store/carts/:id/tikkie-payment-request " +
          "(or the admin order-link route), not Medusa's own payment-session route."
      )
    }
    const created = await this.callTikkie(
      "Creating the Tikkie payment request (v1) failed",
      () =>
        this.v1!.createPaymentRequest(tokens.platformToken, tokens.userToken, tokens.bankAccountToken, {
          amountInCents: String(amountInCents),
          currency: "EUR",
          description,
          externalId: v1ExternalId(sessionId),
        }),
      v1MedusaError
    )
    return {
      id: created.paymentRequestToken,
      data: {
        paymentRequestToken: created.paymentRequestToken,
        url: created.paymentRequestUrl,
        referenceId: v1ExternalId(sessionId),
        amountInCents,
        description,
        expiryDate: addDays(amsterdamDate(Date.now()), V1_PAYMENT_REQUEST_EXPIRY_DAYS),
        status: "OPEN",
        payments: [],
        v1: tokens,
      },
    }
  }

  /** The new request keeps the old one's description and v1 setup: only the amount changed. */
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

  /**
   * Refunds (part of) the payment through Tikkie. Each refund is described for the payer ("Refund 2 of
   * …") and carries Medusa's refund id as referenceId. Tikkie allows all refunds of one payment
   * together up to the amount paid plus €25.00; above that the refund is refused with a clear error
   * before anything is sent, and Medusa records nothing (its refund is rolled back).
   *
   * Never twice: Medusa drops its refund record when this throws, and the admin's retry comes with a
   * new refund id. So once Tikkie may have made the refund, this does not throw unless it knows nothing
   * was made (see refundMade), and a refund Tikkie holds that Medusa never recorded is taken up by the
   * next refund of the same amount instead of being made again (see unrecordedRefund).
   */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const current = this.sessionData(input.data)
    if (this.v1 || current.v1) {
      const marked = answerBankTransferRefund(input)
      if (marked) return marked
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Tikkie payment requests v1 have no refunds: nothing was refunded. Pay the amount back by bank transfer to the payer's " +
          "account and mark the refund owed refunded (order page, Tikkie section): Medusa then records the refund."
      )
    }
    const paid = paymentInFull(current)
    if (!paid) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This Tikkie payment request has no payment to refund.")
    }
    // One refund of this payment at a time, on every path that reaches the provider (refund-lock.ts).
    return underRefundLock(this.container, input.context?.idempotency_key, (medusaRefunds) =>
      this.refundLocked(input, current, paid, medusaRefunds)
    )
  }

  /**
   * The refund itself, under the payment's refund lock. `medusaRefunds`: the refunds Medusa holds for the
   * payment now; a refund at Tikkie under a Medusa refund id is recorded when Medusa holds it (or, outside
   * a Medusa app, when the payment's data lists it).
   */
  protected async refundLocked(
    input: RefundPaymentInput,
    current: PaymentRequestSessionData,
    paid: StoredPayment,
    medusaRefunds: RecordedMedusaRefunds
  ): Promise<RefundPaymentOutput> {
    const amountInCents = toCents(input.amount)
    const reference = asReferenceId(input.context?.idempotency_key)
    // Refunds made elsewhere (another admin, Tikkie's own portal) count too: read them first. Nothing
    // was made yet, so a failure here may throw.
    const fresh = await this.callTikkie(
      "Refunding the Tikkie payment failed (reading the payment; nothing was refunded)",
      async () => storedPayment(await this.client.getPayment(current.paymentRequestToken, paid.paymentToken)),
      undefined,
      "read"
    )
    const recorded = recordedRefundReferences(current)
    const known = [...recorded, ...(medusaRefunds ?? [])]
    let refund: StoredRefund | undefined =
      (reference && fresh.refunds.find((r) => r.referenceId === reference)) ||
      this.unrecordedRefund(fresh, known, amountInCents)
    if (!refund) {
      const refundedInCents = fresh.refunds.reduce((s, r) => s + r.amountInCents, 0)
      try {
        refund = storedRefund(
          await this.client.createRefund(
            current.paymentRequestToken,
            paid.paymentToken,
            {
              amountInCents,
              description: refundDescription(fresh.refunds.length + 1, current.description),
              ...(reference ? { referenceId: reference } : {}),
            },
            { paidInCents: fresh.amountInCents, refundedInCents }
          )
        )
      } catch (e) {
        if (e instanceof TikkieError && e.code === "REFUND_AMOUNT_IS_TOO_HIGH") {
          throw new MedusaError(
            MedusaError.Types.INVALID_DATA,
            `Tikkie refuses this refund of ${euro(amountInCents)}: refunds of one payment may total at most the ` +
              `${euro(paid.amountInCents)} paid plus ${euro(REFUND_ALLOWANCE_IN_CENTS)}, and ${euro(refundedInCents)} was refunded already. ` +
              "Nothing was refunded."
          )
        }
        refund = await this.refundMade(e, current, paid.paymentToken, reference)
      }
    }
    // The refund exists at Tikkie: from here on nothing throws, or Medusa would forget a refund made.
    let payment: StoredPayment = fresh
    try {
      payment = storedPayment(await this.client.getPayment(current.paymentRequestToken, paid.paymentToken))
    } catch (e) {
      this.logger.warn(
        `Tikkie refund ${refund.refundToken} of payment request ${current.paymentRequestToken} was made; reading the payment ` +
          `after it failed (${e instanceof Error ? e.message : String(e)}), so the payment's data shows the refund as made`
      )
    }
    if (!payment.refunds.some((r) => r.refundToken === refund.refundToken))
      payment = { ...payment, refunds: [...payment.refunds, refund] }
    const data: PaymentRequestSessionData = {
      ...current,
      payments: current.payments.map((p) => (p.paymentToken === payment.paymentToken ? payment : p)),
      recordedRefundReferences: [
        ...new Set([
          ...recorded,
          ...(refund.referenceId ? [refund.referenceId] : []),
          ...(reference ? [reference] : []),
        ]),
      ],
    }
    return { data }
  }

  /**
   * A refund Tikkie holds under a Medusa refund id that Medusa's payment never recorded: made by an
   * earlier attempt whose answer was lost (Medusa then dropped that attempt's refund). A new refund of
   * the same amount takes it up instead of paying out again; any other amount is refused until it is.
   */
  protected unrecordedRefund(
    fresh: StoredPayment,
    recorded: string[],
    amountInCents: number
  ): StoredRefund | undefined {
    const lost = fresh.refunds.filter(
      (r) => r.referenceId && MEDUSA_REFUND_ID.test(r.referenceId) && !recorded.includes(r.referenceId)
    )
    if (!lost.length) return undefined
    const same = lost.find((r) => r.amountInCents === amountInCents)
    if (same) {
      this.logger.warn(
        `Tikkie refund ${same.refundToken} (${euro(same.amountInCents)}, reference ${same.referenceId}) was made by an earlier attempt ` +
          "whose answer was lost: this refund records it instead of refunding again"
      )
      return same
    }
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Tikkie already holds a refund of ${euro(lost[0].amountInCents)} of this payment that the store has no record of: an earlier ` +
        `refund was made, but its answer was lost. Refund exactly ${euro(lost[0].amountInCents)} to record it (nothing more is paid ` +
        "out), then refund the rest if any. Nothing was refunded now."
    )
  }

  /**
   * createRefund failed: was the refund made anyway? A refusal (our own check, a 4xx, a 503 the
   * service did not process, a connection never made) made nothing, and it throws. Otherwise the
   * answer was lost (a dropped connection, a timeout, a 500): the payment's refunds are read for
   * this refund's reference. Found: it was made. Not found: nothing was made, and it throws. Unreadable:
   * nobody knows, and it throws saying so; a retry then finds the refund, if it was made, through
   * unrecordedRefund.
   */
  protected async refundMade(
    e: unknown,
    current: PaymentRequestSessionData,
    paymentToken: string,
    reference: string | undefined
  ): Promise<StoredRefund> {
    const unknownOutcome =
      e instanceof TikkieError &&
      e.mayHaveReachedService &&
      !(e.kind === "service" && e.status !== undefined && e.status < 500) &&
      !(e.status === 503 && e.code === "ERR_9100_011")
    if (!unknownOutcome || !reference) throw toMedusaError(e, "Refunding the Tikkie payment failed")
    let payments: StoredPayment[]
    try {
      payments = (await readPayments(this.client, current.paymentRequestToken)).map(storedPayment)
    } catch (readError) {
      this.logger.error(
        `Tikkie refund of payment request ${current.paymentRequestToken} (reference ${reference}): the answer was lost ` +
          `(${e instanceof Error ? e.message : String(e)}) and the payment cannot be read (${readError instanceof Error ? readError.message : String(readError)})`
      )
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "Tikkie did not answer whether it made this refund, and it cannot be asked now. Try the same refund again later: " +
          "if Tikkie made it, the store records that refund instead of refunding twice."
      )
    }
    const made = payments.find((p) => p.paymentToken === paymentToken)?.refunds.find((r) => r.referenceId === reference)
    if (!made) throw toMedusaError(e, "Refunding the Tikkie payment failed (nothing was refunded)")
    this.logger.warn(
      `Tikkie refund ${made.refundToken} of payment request ${current.paymentRequestToken} was made although its answer was lost ` +
        `(${e instanceof Error ? e.message : String(e)})`
    )
    return made
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const current = this.parseSessionData(input.data)
    if (!current) return { data: input.data ?? {} }
    return { data: this.isPaid(current) ? current : this.cancelled(current) }
  }

  /**
   * Tikkie's notifications go to the plugin's own route (`/hooks/tikkie/payment-requests`), which checks
   * the subscriptionId and settles through the plugin's one settlement path. Medusa's generic
   * `/hooks/payment/:provider` route is not a second way in: anything posted there is not acted on.
   */
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

  protected settledReadKey(current: PaymentRequestSessionData): string {
    return paymentRequestReadKey(current.paymentRequestToken)
  }

  /**
   * Reads the request and its payments and folds them into the session data. A settlement's read of
   * them handed over (it read them under its lock a moment ago) is used instead of a second read.
   */
  protected async read(
    data: Record<string, unknown> | undefined,
    settled?: unknown
  ): Promise<TikkieRead<PaymentRequestSessionData>> {
    const current = this.sessionData(data)
    const handed = settled as PaymentRequestSettledRead | undefined
    if (handed?.paymentRequestToken === current.paymentRequestToken) {
      return this.folded({ ...current, status: handed.status, payments: handed.payments })
    }
    if (current.v1) {
      const v1 = this.v1
      if (!v1)
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          "This payment was made with Tikkie v1, but the provider is set up for v2 now."
        )
      const read = await this.callTikkie(
        "Reading the Tikkie payment request (v1) failed",
        () => readV1PaymentRequest(v1, current.v1!, current.paymentRequestToken),
        v1MedusaError,
        "read"
      )
      const next: PaymentRequestSessionData = { ...current, status: read.status, payments: read.payments }
      const paidV1 = this.isPaid(next)
      return { data: next, paid: paidV1, status: sessionStatus(next.status, paidV1) }
    }
    const next: PaymentRequestSessionData = await this.callTikkie(
      "Reading the Tikkie payment request failed",
      async () => {
        const request = await this.client.getPaymentRequest(current.paymentRequestToken)
        const payments = (await readPayments(this.client, current.paymentRequestToken)).map(storedPayment)
        return { ...current, status: request.status, payments }
      },
      undefined,
      "read"
    )
    return this.folded(next)
  }

  private folded(next: PaymentRequestSessionData): TikkieRead<PaymentRequestSessionData> {
    const paid = this.isPaid(next)
    if (!paid && next.payments.length) {
      // Never expected for a fixed amount: logged loudly because money and request disagree.
      this.logger.error(
        `Tikkie payment request ${next.paymentRequestToken} has payments of ` +
          `${next.payments.map((p) => p.amountInCents).join(", ")} cents, the session expected ${next.amountInCents} cents`
      )
      return { data: next, paid: false, status: PaymentSessionStatus.ERROR }
    }
    return { data: next, paid, status: sessionStatus(next.status, paid) }
  }
}

export default TikkiePaymentRequestProviderService
