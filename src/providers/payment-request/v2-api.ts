import { composeObservers, type TikkieCallObserver } from "tikkie-client/core/observer"
import type { Logger, RefundPaymentInput, RefundPaymentOutput } from "@medusajs/framework/types"
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { TikkieError } from "tikkie-client/core/errors"
import { formatCents } from "tikkie-client/fast-checkout/money"
import { PaymentRequestsClient, type PaymentV2 } from "tikkie-client/payment-requests/v2"
import { addDays, amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { REFUND_ALLOWANCE_IN_CENTS } from "tikkie-client/payment-requests/v2/rules"
import { toCents } from "../../utils/medusa-money"
import { underRefundLock, type RecordedMedusaRefunds } from "../shared/refund-lock"
import type { TikkieCreated, TikkieRead } from "../shared/tikkie-base-provider"
import { toMedusaError } from "../shared/tikkie-medusa-error"
import { asReferenceId, refundDescription } from "./description"
import type { ResolvedPaymentRequestProviderOptions } from "./options"
import type { PaymentRequestApi, PaymentRequestApiHost, PaymentRequestCreate } from "./payment-request-api"
import {
  paymentInFull,
  recordedRefundReferences,
  storedPayment,
  storedRefund,
  type PaymentRequestSessionData,
  type StoredPayment,
  type StoredRefund,
} from "./session-data"
import { sessionStatus } from "./status"
import { tikkieCallSpans } from "../../utils/tracing"

export function paymentRequestsClientFrom(
  options: ResolvedPaymentRequestProviderOptions,
  logger?: Logger,
  observer?: TikkieCallObserver
): PaymentRequestsClient {
  return new PaymentRequestsClient({
    apiKey: options.apiKey,
    appToken: options.appToken,
    baseUrl: options.baseUrl,
    product: options.product,
    connectTimeoutMs: options.connectTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs,
    logger: logger ? { warn: (m) => logger.warn(m) } : undefined,
    observer: composeObservers(tikkieCallSpans(), observer),
  })
}

export interface PaymentRequestSettledRead {
  paymentRequestToken: string
  status: PaymentRequestSessionData["status"]
  payments: PaymentRequestSessionData["payments"]
}

export async function readPayments(client: PaymentRequestsClient, paymentRequestToken: string): Promise<PaymentV2[]> {
  const all: PaymentV2[] = []
  for await (const p of client.payments(paymentRequestToken)) all.push(p)
  return all
}

/** Medusa's refund ids (`ref_` and a ulid), which the provider sends as the refund's referenceId. */
const MEDUSA_REFUND_ID = /^ref_[0-9A-Z]{26}$/

function euro(cents: number): string {
  return `€${formatCents(cents)}`
}

/**
 * Payment requests v2: a request with an expiry date (the input's, or the `checkoutExpiryDays` option's),
 * its payments read with their refunds, refunds made through Tikkie's refund API.
 */
export class PaymentRequestsV2Api implements PaymentRequestApi {
  constructor(
    private readonly host: PaymentRequestApiHost,
    private readonly client: PaymentRequestsClient,
    private readonly options: ResolvedPaymentRequestProviderOptions
  ) {}

  async create({
    sessionId,
    amountInCents,
    description,
    input,
  }: PaymentRequestCreate): Promise<TikkieCreated<PaymentRequestSessionData>> {
    const expiryDate = input?.expiryDate ?? addDays(amsterdamDate(Date.now()), this.options.checkoutExpiryDays)
    const created = await this.host.callTikkie("Creating the Tikkie payment request failed", () =>
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

  async read(current: PaymentRequestSessionData): Promise<TikkieRead<PaymentRequestSessionData>> {
    const next: PaymentRequestSessionData = await this.host.callTikkie(
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

  folded(next: PaymentRequestSessionData): TikkieRead<PaymentRequestSessionData> {
    const paid = !!paymentInFull(next)
    if (!paid && next.payments.length) {
      // Never expected for a fixed amount: logged loudly because money and request disagree.
      this.host.logger.error(
        `Tikkie payment request ${next.paymentRequestToken} has payments of ` +
          `${next.payments.map((p) => p.amountInCents).join(", ")} cents, the session expected ${next.amountInCents} cents`
      )
      return { data: next, paid: false, status: PaymentSessionStatus.ERROR }
    }
    return { data: next, paid, status: sessionStatus(next.status, paid) }
  }

  /**
   * Refunds (part of) the payment through Tikkie, Medusa's refund id as referenceId, at most the amount
   * paid plus €25.00 in all. Never twice: once Tikkie may have made it, this throws only when it knows
   * nothing was made (refundMade); a refund Medusa never recorded is taken up (unrecordedRefund).
   */
  async refund(input: RefundPaymentInput, current: PaymentRequestSessionData): Promise<RefundPaymentOutput> {
    const paid = paymentInFull(current)
    if (!paid) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This Tikkie payment request has no payment to refund.")
    }
    // One refund of this payment at a time, on every path that reaches the provider (refund-lock.ts).
    return underRefundLock(this.host.container, input.context?.idempotency_key, (medusaRefunds) =>
      this.refundLocked(input, current, paid, medusaRefunds)
    )
  }

  /** The refund itself, under the payment's refund lock; `medusaRefunds`: those Medusa holds now. */
  private async refundLocked(
    input: RefundPaymentInput,
    current: PaymentRequestSessionData,
    paid: StoredPayment,
    medusaRefunds: RecordedMedusaRefunds
  ): Promise<RefundPaymentOutput> {
    const amountInCents = toCents(input.amount)
    const reference = asReferenceId(input.context?.idempotency_key)
    // Refunds made elsewhere (another admin, Tikkie's own portal) count too: read them first. Nothing
    // was made yet, so a failure here may throw.
    const fresh = await this.host.callTikkie(
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
      this.host.logger.warn(
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

  /** A refund Tikkie holds that Medusa never recorded (a lost answer): the next refund of that amount takes it up. */
  private unrecordedRefund(fresh: StoredPayment, recorded: string[], amountInCents: number): StoredRefund | undefined {
    const lost = fresh.refunds.filter(
      (r) => r.referenceId && MEDUSA_REFUND_ID.test(r.referenceId) && !recorded.includes(r.referenceId)
    )
    if (!lost.length) return undefined
    const same = lost.find((r) => r.amountInCents === amountInCents)
    if (same) {
      this.host.logger.warn(
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
   * createRefund failed: was it made anyway? A refusal made nothing (throws); a lost answer is looked up
   * in the payment's refunds by reference: found, made; not found or unreadable, it throws saying so.
   */
  private async refundMade(
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
      this.host.logger.error(
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
    this.host.logger.warn(
      `Tikkie refund ${made.refundToken} of payment request ${current.paymentRequestToken} was made although its answer was lost ` +
        `(${e instanceof Error ? e.message : String(e)})`
    )
    return made
  }
}
