import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  FAST_CHECKOUT_WEBHOOK_EVENT,
  fastCheckoutDeferredEventKey,
  fastCheckoutEventKey,
  type FastCheckoutWebhookEventData,
} from "../../utils/events"
import { hookEventOptions } from "../../utils/hook-event-options"
import {
  claimFastCheckoutWebhookRead,
  claimKnownFastCheckoutWebhookRead,
  rememberFastCheckoutTarget,
  type WebhookReadClaim,
} from "./webhook-read-claim"
import { fastCheckoutWebhookTarget } from "./webhook-target"

/** `unknown`: no record has the orderToken; `settled`: nothing left to read; `open`: the read claim's answer. */
export type FastCheckoutWebhookTriage = { target: "unknown" | "settled" } | { target: "open"; claim: WebhookReadClaim }

/**
 * What a Fast Checkout webhook may start. An order Redis remembers costs one round trip (its claim);
 * any other one indexed record lookup first, remembered for the next. `mark` names each part for timing;
 * `by`: the job's key, whose reserved claim it takes (reserveFastCheckoutWebhookRead).
 */
export async function triageFastCheckoutWebhook(
  container: MedusaContainer,
  orderToken: string,
  status: string,
  { mark, by }: { mark?: (part: string) => void; by?: string } = {}
): Promise<FastCheckoutWebhookTriage> {
  const redis = await claimKnownFastCheckoutWebhookRead(container, orderToken, status, undefined, by)
  if (redis) mark?.("claim (Redis, one round trip)")
  if (redis && redis.target !== "unlisted") return redis
  const target = await fastCheckoutWebhookTarget(container, orderToken)
  mark?.("record lookup")
  if (redis && target !== "unknown") void rememberFastCheckoutTarget(container, orderToken, target)
  if (target !== "open") return { target }
  // Redis that did not answer at once is not asked again: the claim goes to Postgres.
  const claim = await claimFastCheckoutWebhookRead(container, orderToken, { inRedis: redis !== undefined, status, by })
  mark?.("claim")
  return { target, claim }
}

/** Hands a claimed read to the workers, or one read at the end of the interval; a skipped claim starts nothing. */
export async function handOverFastCheckoutRead(
  container: MedusaContainer,
  data: FastCheckoutWebhookEventData,
  claim: WebhookReadClaim
): Promise<void> {
  const eventBus = container.resolve(Modules.EVENT_BUS)
  if (claim.action === "read") {
    await eventBus.emit(
      { name: FAST_CHECKOUT_WEBHOOK_EVENT, data: { ...data, claimed_at: new Date().toISOString() } },
      hookEventOptions(fastCheckoutEventKey(data.order_token, data.status))
    )
  } else if (claim.action === "defer") {
    await eventBus.emit(
      { name: FAST_CHECKOUT_WEBHOOK_EVENT, data: { ...data, deferred: true } },
      hookEventOptions(fastCheckoutDeferredEventKey(data.order_token), claim.inMs)
    )
  }
}
