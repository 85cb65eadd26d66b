import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"

/** The provider's refund is two reads around one create, each within its 15 s timeout: a minute covers it. */
const REFUND_LOCK_WAIT_SECONDS = 60

/**
 * One admin refund of a payment at a time, across instances, until the answer is sent: Medusa books a
 * refund on the order after the provider answers, and two bookings at once fail the second after its
 * money went out.
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
