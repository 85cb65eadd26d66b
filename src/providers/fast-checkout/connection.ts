import type { Logger } from "@medusajs/framework/types"
import { FastCheckoutClient, type FastCheckoutOrder } from "tikkie-client/fast-checkout"
import type TikkieModuleService from "../../modules/tikkie/service"
import { tikkieCallSpans } from "../../utils/tracing"
import { composeObservers } from "tikkie-client/core/observer"
import { callTikkieAs } from "../shared/tikkie-medusa-error"
import type { ResolvedFastCheckoutProviderOptions } from "./options"

/** Reads of an order, for the provider and the plugin's code alike: each attempt takes a slot of the budget. */
export interface FastCheckoutConnection {
  /** `rateWaitAtMostMs`: the longest wait for a store-wide slot per attempt (a shopper waits); unset: no limit. */
  getOrder(orderToken: string, rateWaitAtMostMs?: number): Promise<FastCheckoutOrder>
}

export function fastCheckoutClient(
  tikkie: TikkieModuleService,
  options: ResolvedFastCheckoutProviderOptions,
  logger: Logger
): FastCheckoutClient {
  return tikkie.tikkieClient(
    "fast-checkout",
    options,
    () =>
      new FastCheckoutClient({
        apiKey: options.apiKey,
        merchantToken: options.merchantToken,
        baseUrl: options.baseUrl,
        product: options.product,
        connectTimeoutMs: options.connectTimeoutMs,
        requestTimeoutMs: options.requestTimeoutMs,
        logger: { warn: (m) => logger.warn(m) },
        observer: composeObservers(tikkieCallSpans(), tikkie.callHealth.observer("fast_checkout")),
      })
  )
}

export function fastCheckoutConnection(
  tikkie: TikkieModuleService,
  options: ResolvedFastCheckoutProviderOptions,
  logger: Logger
): FastCheckoutConnection {
  const client = fastCheckoutClient(tikkie, options, logger)
  return {
    getOrder: (orderToken, rateWaitAtMostMs) => {
      const rateLimiter = tikkie.fastCheckoutGetOrderLimiter().withWaitAtMost(rateWaitAtMostMs)
      return callTikkieAs(
        logger,
        "Reading the Tikkie Fast Checkout order failed",
        () => client.getOrder(orderToken, { rateLimiter }),
        undefined,
        "read"
      )
    },
  }
}
