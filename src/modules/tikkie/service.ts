import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import FastCheckoutOrder from "./models/fast-checkout-order"
import RateWindow from "./models/rate-window"
import PaymentRequest from "./models/payment-request"
import NotificationSubscription from "./models/notification-subscription"
import PaymentRequestV1Setup from "./models/payment-request-v1-setup"
import RefundOwed from "./models/refund-owed"

class TikkieModuleService extends MedusaService({
  FastCheckoutOrder,
  RateWindow,
  PaymentRequest,
  NotificationSubscription,
  PaymentRequestV1Setup,
  RefundOwed,
}) {
  /**
   * Counts one call of `key` in the current wall-clock second, for every instance of the store at once
   * (one atomic upsert). Answers how many calls this second now has, so the caller can wait for the
   * next second when it is over the limit.
   */
  @InjectManager()
  async countRateWindowCall(key: string, @MedusaContext() sharedContext: Context = {}): Promise<{ count: number; window: number }> {
    const manager = sharedContext.manager as SqlEntityManager
    const window = Math.floor(Date.now() / 1000)
    const rows: Array<{ count: number }> = await manager.execute(
      `insert into tikkie_rate_window (id, key, "window", count, created_at, updated_at)
       values (?, ?, ?, 1, now(), now())
       on conflict (key, "window") where deleted_at is null
       do update set count = tikkie_rate_window.count + 1
       returning count`,
      [generateEntityId(undefined, "tkrw"), key, window]
    )
    const count = Number(rows[0].count)
    if (count === 1) {
      // The first call of a second tidies up windows nobody will count again.
      await manager.execute(`delete from tikkie_rate_window where key = ? and "window" < ?`, [key, window - 60])
    }
    return { count, window }
  }
}

export default TikkieModuleService
