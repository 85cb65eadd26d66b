import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  recordRefundOwedAfterOrderChangeWorkflow,
  type OrderChange,
} from "../workflows/refunds-owed/record-refund-owed-after-order-change"

type ChangeEvent = { order_id: string; return_id?: string; claim_id?: string; exchange_id?: string }

const SOURCES: Record<string, OrderChange["source"]> = {
  "order.return_received": "return",
  "order.claim_created": "claim",
  "order.exchange_created": "exchange",
}

/** A received return or a confirmed claim or exchange that owes money back on a Tikkie payment Tikkie cannot refund. */
export default async function tikkieRefundOwedOrderChange({ event, container }: SubscriberArgs<ChangeEvent>) {
  const source = SOURCES[event.name]
  const changeId = event.data.return_id ?? event.data.claim_id ?? event.data.exchange_id
  if (!source || !changeId || !event.data.order_id) return
  await recordRefundOwedAfterOrderChangeWorkflow(container).run({
    input: { order_id: event.data.order_id, source, change_id: changeId },
  })
}

export const config: SubscriberConfig = {
  event: Object.keys(SOURCES),
  context: { subscriberId: "tikkie-refund-owed-order-change" },
}
