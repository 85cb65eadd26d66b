import type { Logger } from "@medusajs/framework/types"
import { FastCheckoutClient, type FastCheckoutOrder } from "tikkie-client/fast-checkout"
import type TikkieModuleService from "../../modules/tikkie/service"
import { callTikkieAs } from "../shared/tikkie-medusa-error"
import type { ResolvedFastCheckoutProviderOptions } from "./options"

/**
 * A Fast Checkout provider's reads of an order, for the provider and the plugin's own code alike: with
 * the client the tikkie module keeps for these credentials, each attempt taking a slot of the store's
 * GET order budget (modules/tikkie/get-order-limiter.ts).
 */
export interface FastCheckoutConnection {
  /**
   * `rateWaitAtMostMs`: the longest wait for a slot of the store-wide limit, per attempt (the return
   * route, a shopper waiting); past it the read fails. Unset: as long as the limit requires.
   */
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
