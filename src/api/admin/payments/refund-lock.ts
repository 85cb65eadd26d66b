import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"

/**
 * How long a second refund of the same payment waits for the first to end. The payment request
 * provider's refund is two Tikkie reads around one create, each within its request timeout (15 s by
 * default): a minute covers it with room.
 */
const REFUND_LOCK_WAIT_SECONDS = 60

/**
 * On Medusa's `POST /admin/payments/:id/refund`: one admin refund of a payment at a time, across store
 * instances (the locking module), held until the answer is sent.
 *
 * Why, next to the provider's own lock (providers/shared/refund-lock.ts), which keeps two refunds of a
 * payment from deciding at once on every path: Medusa's refund workflow books the refund on the order
 * after the provider answered (an order transaction and a credit line, through an order change), and
 * two refunds of one order booking at once make the second fail with "already has an existing active
 * order change" after its money went out. Two admins clicking at once are the likely way to get there;
 * serialised here, the second refund starts after the first is booked.
 */
export async function refundLockMiddleware(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const paymentId = req.params.id
  if (!paymentId) return next()
  const locking = req.scope.resolve(Modules.LOCKING)
  try {
    await locking.execute(
      `tikkie:refund:payment:${paymentId}`,
      () =>
        new Promise<void>((resolve) => {
          res.once("finish", resolve)
          res.once("close", resolve)
          next()
        }),
      { timeout: REFUND_LOCK_WAIT_SECONDS }
    )
  } catch (e) {
    if (res.headersSent) return
    next(e)
  }
}
