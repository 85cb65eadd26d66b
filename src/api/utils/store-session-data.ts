import { isFastCheckoutProvider, isPaymentRequestProvider } from "../../providers/provider-keys"

/**
 * What the Store API may show of a Tikkie session's `data`: Medusa returns it to whoever holds the cart
 * id, and it holds payer names, addresses, IBANs and v1 tokens. Fields are picked, not removed, so a new
 * field stays out until named here.
 */
const FAST_CHECKOUT_FIELDS = [
  "orderToken",
  "checkoutUrl",
  "referenceId",
  "cartId",
  "amountInCents",
  "expiresAt",
  "status",
  "successUrl",
  "failureUrl",
]
const PAYMENT_REQUEST_FIELDS = [
  "paymentRequestToken",
  "url",
  "referenceId",
  "amountInCents",
  "description",
  "expiryDate",
  "status",
  "cancelled",
]

type Json = Record<string, unknown>

function pick(source: Json, keys: string[]): Json {
  const out: Json = {}
  for (const k of keys) if (source[k] !== undefined) out[k] = source[k]
  return out
}

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v)
}

export function storeSafeSessionData(providerId: string, data: unknown): unknown {
  if (!isObject(data)) return data
  if (isFastCheckoutProvider(providerId)) return pick(data, FAST_CHECKOUT_FIELDS)
  if (isPaymentRequestProvider(providerId)) {
    const payments = Array.isArray(data.payments) ? data.payments.filter(isObject) : []
    return {
      ...pick(data, PAYMENT_REQUEST_FIELDS),
      payments: payments.map((p) => ({
        ...pick(p, ["amountInCents", "createdDateTime"]),
        refunds: (Array.isArray(p.refunds) ? p.refunds.filter(isObject) : []).map((r) =>
          pick(r, ["amountInCents", "status", "createdDateTime"])
        ),
      })),
    }
  }
  return data
}

/** A cart's sessions sit at depth 3, an order's payments at 4. */
const MAX_DEPTH = 8

/** Every Tikkie provider's `data` (by `provider_id`) replaced by its store-safe copy; the rest untouched. */
export function redactStoreAnswer(body: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || typeof body !== "object" || body === null) return body
  if (Array.isArray(body)) {
    let changed = false
    const out = body.map((v) => {
      const r = redactStoreAnswer(v, depth + 1)
      if (r !== v) changed = true
      return r
    })
    return changed ? out : body
  }
  const obj = body as Json
  let out: Json | undefined
  for (const [k, v] of Object.entries(obj)) {
    let r: unknown
    if (k === "data" && typeof obj.provider_id === "string" && isObject(v)) r = storeSafeSessionData(obj.provider_id, v)
    else r = redactStoreAnswer(v, depth + 1)
    if (r !== v) (out ??= { ...obj })[k] = r
  }
  return out ?? body
}
