import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { LogThrottle } from "../../utils/log-throttle"

/**
 * Skips a webhook or notification whose sender hung up before the server got to it: no lookup, no claim,
 * no event, no answer (there is nobody to answer).
 *
 * Why: when a burst of webhooks arrives faster than the server's share of the CPU handles them, they
 * wait in the kernel's accept queue (511 by Node's default, the one `medusa start` uses) and in TCP
 * retransmissions after it overflows, not in the route. The sender gives up on one after its timeout and
 * sends it again on a new connection, but the server still reads the old one when its turn comes. In a
 * cluster storm (200 orders paid within 3 s, each webhook sent 3 times, 2 cores) 851 of the 1,186 webhook
 * requests the server read had been given up by the sandbox's sender 14-60 ms before: 72 % of the route's
 * work was for answers nobody waited for, while the live ones waited behind them. A sender that hung up
 * sends the webhook again (Tikkie retries what it got no 2xx for; the sandbox does too), and the poll reads
 * every open order anyway, so skipping one loses nothing. docs/production.md ("Bursts of webhooks") has
 * the figures.
 *
 * How it knows: Node's HTTP server destroys a request whose connection ended before its answer was sent,
 * so `req.destroyed` is true once the sender's FIN or reset has been read, which by the time a request
 * has passed Medusa's middleware stack it usually has.
 */
export function skipWhenSenderGone(about: string) {
  const skipped = new LogThrottle(`${about} skipped because their sender had hung up`, 1)
  return async (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): Promise<void> => {
    if (!senderGone(req)) return next()
    skipped.warn(
      req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER),
      () =>
        `${about}: skipped one whose sender had hung up before this server read it (the server is behind; ` +
        `the sender sends it again). At most one such line a minute.`
    )
  }
}

/** The request's connection is gone: its sender stopped waiting for the answer. */
export function senderGone(req: { destroyed: boolean; socket?: { destroyed: boolean } | null }): boolean {
  return req.destroyed || req.socket?.destroyed === true
}
