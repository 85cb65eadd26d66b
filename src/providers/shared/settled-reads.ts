/**
 * What a settlement read from Tikkie moments ago, under its lock, handed to the provider's
 * `authorizePayment` that the same settlement runs next (through Medusa's completeCartWorkflow or
 * processPaymentWorkflow, in this process): the provider trusts it instead of reading the order or
 * request a second time. Tikkie is still read once per settlement; the storefront is never believed.
 *
 * Why process memory and not the payment session's data: a storefront chooses the data a session is
 * created with (Medusa stores the input data next to the provider's), so nothing in it can say "paid"
 * without a signature; this map is written only by server code after a Tikkie read. It is a
 * hand-over, not shared state: an entry is taken once, lives seconds, and when it is missing (another
 * instance, a restart, a retry much later) the provider reads Tikkie as before.
 */

/** Long enough for a settlement to reach authorizePayment under load; short enough never to matter later. */
const TTL_MS = 60_000
/** A flood cannot grow it: one entry per paid order or request in settlement, and a cap above that. */
const MAX_ENTRIES = 10_000

/**
 * One map per process, even if the provider and the settlement were loaded from two copies of this file
 * (the payment module loads its providers itself): a miss would only cost the read saved here.
 */
const KEY = Symbol.for("medusa-plugin-tikkie.settled-reads")
const handedOver: Map<string, { read: unknown; until: number }> = ((globalThis as Record<symbol, unknown>)[KEY] ??=
  new Map()) as Map<string, { read: unknown; until: number }>

export function handOverSettledRead(key: string, read: unknown): void {
  const now = Date.now()
  if (handedOver.size >= MAX_ENTRIES) {
    for (const [k, v] of handedOver) if (v.until <= now) handedOver.delete(k)
    // Still full: the oldest go (a Map iterates in insertion order).
    for (const k of handedOver.keys()) {
      if (handedOver.size < MAX_ENTRIES) break
      handedOver.delete(k)
    }
  }
  handedOver.delete(key)
  handedOver.set(key, { read, until: now + TTL_MS })
}

/** The read handed over for `key`, once; undefined when there is none or it is too old. */
export function takeSettledRead(key: string): unknown {
  const entry = handedOver.get(key)
  if (!entry) return undefined
  handedOver.delete(key)
  return entry.until > Date.now() ? entry.read : undefined
}

export const fastCheckoutReadKey = (orderToken: string) => `fast-checkout:${orderToken}`
export const paymentRequestReadKey = (paymentRequestToken: string) => `payment-request:${paymentRequestToken}`
