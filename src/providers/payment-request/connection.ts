import type { Logger } from "@medusajs/framework/types"
import type { PaymentRequestsV1Client } from "tikkie-client/payment-requests/v1"
import type { PaymentRequestsClient } from "tikkie-client/payment-requests/v2"
import type TikkieModuleService from "../../modules/tikkie/service"
import type { PayGrantModules } from "../../modules/tikkie-bank/v1-pay-grant"
import type { ResolvedPaymentRequestProviderOptions } from "./options"
import { paymentRequestsV1ClientFrom } from "./v1"
import { paymentRequestsClientFrom } from "./v2-api"

/**
 * A payment request provider's options and clients, for the plugin's own code (links for invoices, the
 * notification subscription, the poll, refunds owed): the clients the tikkie module keeps for these
 * credentials, the same the provider's sessions use.
 */
export interface PaymentRequestConnection {
  options: ResolvedPaymentRequestProviderOptions
  /** The v2 client (the app token of the options; made by every provider, also one set up for v1). */
  client: PaymentRequestsClient
  /**
   * The legacy v1 client, made on first use: a v1 provider's own, or, for a request made under v1 and
   * read after the provider was set up for v2, one with the same credentials.
   */
  v1Client(): PaymentRequestsV1Client
}

export function paymentRequestsClient(
  tikkie: TikkieModuleService,
  options: ResolvedPaymentRequestProviderOptions,
  logger: Logger
): PaymentRequestsClient {
  return tikkie.tikkieClient("payment-requests", options, () => paymentRequestsClientFrom(options, logger))
}

/** `payGrantModules`: where a v1 client without an accessToken option finds the admin's v1 connection. */
export function paymentRequestConnectionOf(
  tikkie: TikkieModuleService,
  options: ResolvedPaymentRequestProviderOptions,
  logger: Logger,
  payGrantModules: () => PayGrantModules
): PaymentRequestConnection {
  return {
    options,
    client: paymentRequestsClient(tikkie, options, logger),
    v1Client: () =>
      tikkie.tikkieClient("payment-requests-v1", options, () => paymentRequestsV1ClientFrom(options, payGrantModules)),
  }
}
