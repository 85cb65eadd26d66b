import type { Logger } from "@medusajs/framework/types"
import type { PaymentRequestsV1Client } from "tikkie-client/payment-requests/v1"
import type { PaymentRequestsClient } from "tikkie-client/payment-requests/v2"
import type TikkieModuleService from "../../modules/tikkie/service"
import type { PayGrantModules } from "../../modules/tikkie-bank/v1-pay-grant"
import type { ResolvedPaymentRequestProviderOptions } from "./options"
import { paymentRequestsV1ClientFrom } from "./v1"
import { paymentRequestsClientFrom } from "./v2-api"

/** A payment request provider's options and clients (the module's, as its sessions use) for the plugin's code. */
export interface PaymentRequestConnection {
  options: ResolvedPaymentRequestProviderOptions
  client: PaymentRequestsClient
  /** The legacy v1 client, made on first use (also for a v1 request read after a switch to v2). */
  v1Client(): PaymentRequestsV1Client
}

export function paymentRequestsClient(
  tikkie: TikkieModuleService,
  options: ResolvedPaymentRequestProviderOptions,
  logger: Logger
): PaymentRequestsClient {
  return tikkie.tikkieClient("payment-requests", options, () =>
    paymentRequestsClientFrom(options, logger, tikkie.callHealth.observer("payment_requests_v2"))
  )
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
      tikkie.tikkieClient("payment-requests-v1", options, () =>
        paymentRequestsV1ClientFrom(options, payGrantModules, tikkie.callHealth.observer("payment_requests_v1"))
      ),
  }
}
