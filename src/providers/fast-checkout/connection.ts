import type { FastCheckoutOrder } from "tikkie-client/fast-checkout"

/**
 * What a Fast Checkout provider lends the plugin's own code through a provider call (provider-call.ts):
 * reads of an order with the provider's credentials and client, each taking a slot of the store-wide
 * GET order limit (get-order-limiter.ts).
 */
export interface FastCheckoutConnection {
  /**
   * `rateWaitAtMostMs`: the longest wait for a slot of the store-wide limit, per attempt (the return
   * route, a shopper waiting); past it the read fails. Unset: as long as the limit requires.
   */
  getOrder(orderToken: string, rateWaitAtMostMs?: number): Promise<FastCheckoutOrder>
}
