import type { ProviderWebhookPayload } from "@medusajs/framework/types"

/**
 * The plugin's own calls to a Tikkie provider: how everything outside the payment module (workflows,
 * jobs, routes) reaches Tikkie for Fast Checkout and payment requests. The provider is the one owner
 * of the credentials and the clients: they are written once, in its entry under the payment module's
 * `providers`, and nothing else parses them, reads the store's configuration or builds a second client.
 *
 * Why through `getWebhookActionAndData`: a provider lives in the payment module's container, which the
 * app cannot reach, and that method is the one Medusa's payment module passes, untouched, from any
 * caller to the provider it names (`paymentModule.getWebhookActionAndData({ provider, payload })`). The
 * call rides in the payload under a symbol key: Medusa also mounts `POST /hooks/payment/{provider}` and
 * calls the same method with `{data: req.body, rawData: req.rawBody, headers: req.headers}`, all chosen
 * by whoever POSTs, after an event-bus hop (JSON through Redis in a cluster); a symbol is what no HTTP
 * body, header or JSON round trip can carry, so only code running in the store's own process can make a
 * call, and the providers answer every other payload `not_supported`. (Symbol.for, not Symbol(): the
 * same key even if the provider and its caller were loaded from two copies of this file.)
 */
const PROVIDER_CALL = Symbol.for("medusa-plugin-tikkie.provider-call")

type Payload = ProviderWebhookPayload["payload"]

/** What the caller does with the provider's connection (its parsed options and clients). */
export type ProviderCall<TConnection> = (connection: TConnection) => Promise<void>

export function providerCallPayload<TConnection>(call: ProviderCall<TConnection>): Payload {
  return Object.assign({ data: {}, rawData: "", headers: {} }, { [PROVIDER_CALL]: call }) as Payload
}

/** The plugin's own call carried by this payload, or undefined for anything else (a POST to Medusa's hook). */
export function providerCallOf<TConnection>(payload: Payload | undefined): ProviderCall<TConnection> | undefined {
  const call = payload ? (payload as unknown as Record<symbol, unknown>)[PROVIDER_CALL] : undefined
  return typeof call === "function" ? (call as ProviderCall<TConnection>) : undefined
}
