import type { IEventBusModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { errorMessage } from "../../utils/error-message"
import { hookEventOptions } from "./hook-event-options"
import {
  FAST_CHECKOUT_WEBHOOK_EVENT,
  fastCheckoutEventKey,
  PAYMENT_REQUEST_NOTIFICATION_EVENT,
  paymentRequestEventKey,
  type FastCheckoutWebhookEventData,
  type PaymentRequestNotificationEventData,
} from "./events"
import { currentTraceparent } from "../../utils/tracing"

/**
 * When a settlement that lost its database connection runs again: seconds after the failure, a few
 * times, growing; then the poll's minute takes over. An outage of seconds (a Postgres restart) so costs
 * a paid order seconds, not the next poll run, and one of minutes costs a handful of cheap failed tries.
 */
export const RETRY_SOON_DELAYS_MS = [5_000, 15_000, 45_000]

export type RetrySoon =
  | { kind: "fast-checkout"; orderToken: string; referenceId: string; retry?: number }
  | { kind: "payment-request"; paymentRequestToken: string; providerId: string; retry?: number }

/** Hands the settlement to the workers again, delayed; needs only the event bus (Postgres may be down). */
export async function settleAgainSoon(container: MedusaContainer, what: RetrySoon): Promise<boolean> {
  const retry = what.retry ?? 0
  const delay = RETRY_SOON_DELAYS_MS[retry]
  if (delay === undefined) return false
  const eventBus = container.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
  try {
    if (what.kind === "fast-checkout") {
      const data: FastCheckoutWebhookEventData = {
        order_token: what.orderToken,
        reference_id: what.referenceId,
        status: "PAID",
        retry: retry + 1,
        traceparent: currentTraceparent(),
      }
      await eventBus.emit(
        { name: FAST_CHECKOUT_WEBHOOK_EVENT, data },
        hookEventOptions(fastCheckoutEventKey(what.orderToken, `RETRY-${retry + 1}`), delay)
      )
    } else {
      const data: PaymentRequestNotificationEventData = {
        provider_id: what.providerId,
        notification_type: "PAYMENT",
        payment_request_token: what.paymentRequestToken,
        retry: retry + 1,
        traceparent: currentTraceparent(),
      }
      await eventBus.emit(
        { name: PAYMENT_REQUEST_NOTIFICATION_EVENT, data },
        hookEventOptions(paymentRequestEventKey(what.paymentRequestToken, `RETRY-${retry + 1}`), delay)
      )
    }
    return true
  } catch (e) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(`Tikkie: scheduling a retry failed (${errorMessage(e)}); the poll retries`)
    return false
  }
}
