import { isFastCheckoutProvider, isPaymentRequestProvider } from "../../providers/provider-keys"

/**
 * What the Store API may show of a Tikkie payment session's or payment's `data`. Medusa's store routes
 * return `payment_collection.payment_sessions[].data` to whoever holds the cart id (a storefront reads
 * a provider's client-side fields there), but the data the providers keep also holds the payer's name,
 * email, phone and address (Fast Checkout's `payer`), the payer's name and IBAN (a link's payments), the
 * v1 platform/user/bank-account tokens and the refunds an admin marked. None of that is the shopper's
 * business through a cart id: the plugin's own record and the admin keep it. Fields are picked, not
 * removed, so a field added to the data later stays out until it is named here.
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

/** The store-safe copy of one Tikkie provider's data; other providers' data is returned as it is. */
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

/** How deep a Store API answer is searched: a cart's sessions sit at depth 3, an order's payments at 4. */
const MAX_DEPTH = 8

/**
 * A Store API answer with every Tikkie provider's `data` (any object carrying a Tikkie `provider_id`
 * and a `data` object: payment sessions, payments) replaced by its store-safe copy. Other objects are
 * returned as they are, not copied.
 */
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
