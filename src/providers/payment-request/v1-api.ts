import type { RefundPaymentInput, RefundPaymentOutput } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { V1_PAYMENT_REQUEST_EXPIRY_DAYS, type PaymentRequestsV1Client } from "tikkie-client/payment-requests/v1"
import { addDays, amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { answerBankTransferRefund } from "../shared/bank-transfer-refunds"
import type { TikkieCreated, TikkieRead } from "../shared/tikkie-base-provider"
import type { PaymentRequestApi, PaymentRequestApiHost, PaymentRequestCreate } from "./payment-request-api"
import { paymentInFull, type PaymentRequestSessionData } from "./session-data"
import { sessionStatus } from "./status"
import { readV1PaymentRequest, v1ExternalId } from "./v1"
import { v1MedusaError } from "./v1-errors"

/** Payment requests v1 (legacy), under the stored platform, user and bank account; no refunds. */
export class PaymentRequestsV1Api implements PaymentRequestApi {
  constructor(
    private readonly host: PaymentRequestApiHost,
    private readonly client: PaymentRequestsV1Client
  ) {}

  /** v1 takes no expiry date: a request expires after the service's 14 days. */
  async create({
    sessionId,
    amountInCents,
    description,
    input,
  }: PaymentRequestCreate): Promise<TikkieCreated<PaymentRequestSessionData>> {
    const tokens = input?.v1
    if (!tokens) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Tikkie payment requests v1 need the plugin's v1 setup: start the payment through POST /store/carts/:id/tikkie-payment-request " +
          "(or the admin order-link route), not Medusa's own payment-session route."
      )
    }
    const created = await this.host.callTikkie(
      "Creating the Tikkie payment request (v1) failed",
      () =>
        this.client.createPaymentRequest(tokens.platformToken, tokens.userToken, tokens.bankAccountToken, {
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

  async read(current: PaymentRequestSessionData): Promise<TikkieRead<PaymentRequestSessionData>> {
    const read = await this.host.callTikkie(
      "Reading the Tikkie payment request (v1) failed",
      () => readV1PaymentRequest(this.client, current.v1!, current.paymentRequestToken),
      v1MedusaError,
      "read"
    )
    const next: PaymentRequestSessionData = { ...current, status: read.status, payments: read.payments }
    const paid = !!paymentInFull(next)
    return { data: next, paid, status: sessionStatus(next.status, paid) }
  }

  async refund(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    return refundByBankTransfer(this.host.container, input)
  }
}

/** Only a bank transfer the admin marked made is answered as a refund; needs no client, so v2 providers use it too. */
export async function refundByBankTransfer(
  container: Record<string, unknown>,
  input: RefundPaymentInput
): Promise<RefundPaymentOutput> {
  const marked = await answerBankTransferRefund(container, input)
  if (marked) return marked
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    "Tikkie payment requests v1 have no refunds: nothing was refunded. Pay the amount back by bank transfer to the payer's " +
      "account and mark the refund owed refunded (order page, Tikkie section): Medusa then records the refund."
  )
}
