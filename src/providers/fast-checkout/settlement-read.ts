import type { ProviderWebhookPayload } from "@medusajs/framework/types"

/**
 * Marks the payload of the plugin's own settlement read (settle-fast-checkout-order.ts asks the provider,
 * which holds the credentials, to read an order through the payment module's getWebhookActionAndData).
 *
 * Medusa also mounts `POST /hooks/payment/{provider}` for every provider and calls the same method with
 * `{data: req.body, rawData: req.rawBody, headers: req.headers}`, all chosen by whoever POSTs, after an
 * event-bus hop (JSON through Redis in a cluster). Answering that path would be a second settlement path
 * outside the plugin's lock, its store-wide GET order limit and its cart checks, open to anyone. A symbol
 * key is what no HTTP body, header or JSON round trip can carry: only code running in the store's own
 * process can set it, so the provider reads an order for the plugin's settlement and answers every other
 * caller `not_supported`. (Symbol.for, not Symbol(): the same key even if the provider and the workflow
 * were loaded from two copies of this file.)
 */
const SETTLEMENT_READ = Symbol.for("medusa-plugin-tikkie.fast-checkout.settlement-read")

type Payload = ProviderWebhookPayload["payload"]

export function settlementReadPayload(data: Record<string, unknown>): Payload {
  return Object.assign({ data, rawData: "", headers: {} }, { [SETTLEMENT_READ]: true }) as Payload
}

export function isSettlementRead(payload: Payload | undefined): boolean {
  return !!payload && (payload as unknown as Record<symbol, unknown>)[SETTLEMENT_READ] === true
}
