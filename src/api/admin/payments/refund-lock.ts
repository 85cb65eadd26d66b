import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"

/**
 * How long a second refund of the same payment waits for the first to end. The payment request
 * provider's refund is two Tikkie reads around one create, each within its request timeout (15 s by
 * default): a minute covers it with room.
 */
const REFUND_LOCK_WAIT_SECONDS = 60

/**
 * On Medusa's `POST /admin/payments/:id/refund`: one refund of a payment at a time, across store
 * instances (the locking module), held until the answer is sent.
 *
 * Why: the payment request provider takes up a refund Tikkie holds under a Medusa refund id the payment
 * never recorded (an earlier attempt whose answer was lost) instead of paying out again. A second admin
 * refunding the same amount while the first refund is still on its way would take up the first one's
 * refund as its own: Medusa would record two refunds, Tikkie would have made one. Serialised, the second
 * refund starts after the first is recorded, and makes its own. Other providers' refunds wait the same
 * way, which costs them nothing but the wait.
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
