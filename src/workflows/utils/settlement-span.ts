import { inSpan, linkTo } from "../../utils/tracing"

export interface TracedSettlementInput {
  source: string
  retry?: number
  traceparent?: string
}

type Outcome = { outcome: string; orderId?: string; status?: string; lockBusy?: boolean; handOver?: boolean }

/** A settlement's span (docs/production.md): handed over, its own trace linked to the hook's; inline, a child. */
export function traceSettlement<O extends Outcome>(
  kind: "fast_checkout" | "payment_request",
  input: TracedSettlementInput,
  settle: () => Promise<O>
): Promise<O> {
  const links = linkTo(input.traceparent)
  const attributes = {
    "tikkie.settlement.kind": kind,
    "tikkie.settlement.source": input.source,
    ...(input.retry ? { "tikkie.settlement.retry": input.retry } : {}),
  }
  return inSpan(`tikkie.settle.${kind}`, { attributes, links, root: links.length > 0 }, async (span) => {
    const o = await settle()
    span.setAttribute("tikkie.settlement.outcome", o.outcome)
    if (o.orderId) span.setAttribute("medusa.order_id", o.orderId)
    if (o.status) span.setAttribute("tikkie.settlement.status", o.status)
    if (o.lockBusy) span.setAttribute("tikkie.settlement.lock_busy", true)
    if (o.handOver) span.setAttribute("tikkie.settlement.handed_over", true)
    return o
  })
}
