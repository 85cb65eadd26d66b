import { composeObservers, type TikkieCallObserver } from "tikkie-client/core/observer"
import {
  PaymentRequestsV1Client,
  V1_PAYMENT_REQUEST_EXPIRY_DAYS,
  type V1Payment,
  type V1PaymentRequestStatus,
} from "tikkie-client/payment-requests/v1"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import { TIKKIE_BANK_MODULE } from "../../modules/tikkie-bank"
import { v1AccessToken, type PayGrantModules } from "../../modules/tikkie-bank/v1-pay-grant"
import type { ResolvedPaymentRequestProviderOptions } from "./options"
import type { StoredPayment, V1Tokens } from "./session-data"
import { tikkieCallSpans } from "../../utils/tracing"

/** v1 takes no expiry date: a request lives 14 days. Said the same way wherever an admin gives one. */
export function v1ExpiryDateRefused(): MedusaError {
  return new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `expiry_date cannot be set with Tikkie payment requests v1: a v1 link expires after ${V1_PAYMENT_REQUEST_EXPIRY_DAYS} days.`
  )
}

/** v1's externalId is 1-35 characters: a Medusa id (payses_… is 33) fits; anything longer is cut. */
export const V1_EXTERNAL_ID_MAX = 35
export function v1ExternalId(reference: string): string {
  return [...reference].slice(0, V1_EXTERNAL_ID_MAX).join("")
}

/** The payment module's dependencies for v1 without a fixed accessToken (payment-requests-v1.md). */
export const V1_PAYMENT_MODULE_DEPENDENCIES = [TIKKIE_MODULE, TIKKIE_BANK_MODULE, Modules.LOCKING] as const

/** The pay grant's modules in the provider's container (the payment module's `dependencies`). */
export function payGrantModulesOfProvider(cradle: object): PayGrantModules {
  // An awilix cradle throws for a name nobody registered; a listed module the store lacks is undefined.
  const registered = (name: string): { value: unknown } | undefined => {
    try {
      return { value: (cradle as Record<string, unknown>)[name] }
    } catch {
      return undefined
    }
  }
  const bank = registered(TIKKIE_BANK_MODULE)
  const locking = registered(Modules.LOCKING)
  if (!bank || !locking) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Tikkie payment requests v1 without an accessToken option take their token from the admin's v1 connection, " +
        `which the provider reaches only when the payment module lists them: add dependencies: ${JSON.stringify(V1_PAYMENT_MODULE_DEPENDENCIES)} ` +
        "to the payment module's entry in medusa-config.ts."
    )
  }
  return { bank: bank.value as PayGrantModules["bank"], locking: locking.value as PayGrantModules["locking"] }
}

/** A v1 client: the `accessToken` option, else the pay grant (v1-pay-grant.ts), asked at each token. */
export function paymentRequestsV1ClientFrom(
  options: ResolvedPaymentRequestProviderOptions,
  payGrantModules: () => PayGrantModules,
  observer?: TikkieCallObserver
): PaymentRequestsV1Client {
  return new PaymentRequestsV1Client({
    apiKey: options.apiKey,
    accessToken: options.accessToken ?? ((hint) => v1AccessToken(payGrantModules(), hint)),
    baseUrl: options.baseUrl,
    product: options.product,
    connectTimeoutMs: options.connectTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs,
    observer: composeObservers(tikkieCallSpans(), observer),
  })
}

/** A v1 payment as the plugin keeps payments (v2's shape): v1 has no refunds, and reads list PAID payments only. */
export function v1StoredPayment(p: V1Payment, fallbackDate: string): StoredPayment {
  return {
    paymentToken: p.paymentToken ?? p.payId,
    tikkieId: p.payId,
    ...(p.counterPartyName ? { counterPartyName: p.counterPartyName } : {}),
    amountInCents: p.amountInCents ?? 0,
    createdDateTime: p.created ?? fallbackDate,
    refunds: [],
  }
}

export interface V1Read {
  status: V1PaymentRequestStatus
  externalId?: string
  payments: StoredPayment[]
}

/** Reads one v1 request with its paid payments (v1 notifications have no documented body: the poll and the return route call this). */
export async function readV1PaymentRequest(
  client: PaymentRequestsV1Client,
  tokens: V1Tokens,
  paymentRequestToken: string
): Promise<V1Read> {
  const pr = await client.getPaymentRequest(tokens.platformToken, tokens.userToken, paymentRequestToken)
  return {
    status: pr.status,
    externalId: pr.externalId,
    payments: pr.payments.filter((p) => p.onlinePaymentStatus === "PAID").map((p) => v1StoredPayment(p, pr.created)),
  }
}
