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

/** How the settlement wants its read made, carried under the same in-process key. */
export interface SettlementReadOptions {
  /**
   * The longest wait for a slot of the store-wide GET order limit, per attempt (the return route, a
   * shopper waiting); past it the read fails and the settlement answers "retry". Unset: as long as the
   * limit requires (workers, the poll).
   */
  rateWaitAtMostMs?: number
}

export function settlementReadPayload(data: Record<string, unknown>, options: SettlementReadOptions = {}): Payload {
  return Object.assign({ data, rawData: "", headers: {} }, { [SETTLEMENT_READ]: { ...options } }) as Payload
}

/** The settlement's options when this is the plugin's own settlement read; otherwise undefined. */
export function settlementReadOptions(payload: Payload | undefined): SettlementReadOptions | undefined {
  const marked = payload ? (payload as unknown as Record<symbol, unknown>)[SETTLEMENT_READ] : undefined
  return typeof marked === "object" && marked !== null ? (marked as SettlementReadOptions) : undefined
}

export function isSettlementRead(payload: Payload | undefined): boolean {
  return settlementReadOptions(payload) !== undefined
}
