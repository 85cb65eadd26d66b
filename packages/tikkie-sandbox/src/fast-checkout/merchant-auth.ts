import { FAST_CHECKOUT_ERRORS } from "tikkie-client/fast-checkout/codes"
import { error, type SandboxRequest, type SandboxResponse } from "../http-kit"
import type { FastCheckoutState, SandboxMerchant } from "./state"

function header(req: SandboxRequest, name: string): string | undefined {
  const v = req.headers[name]
  const s = Array.isArray(v) ? v[0] : v
  return s && s.trim() !== "" ? s : undefined
}

/**
 * The API-Key header, required on every call. The Fast Checkout specification lists no code for a missing API key; the
 * sandbox answers it as a missing parameter (400 ERR_1100_005, "API-Key header is missing"), the code
 * the document gives for any missing parameter. Any non-empty key is accepted.
 */
export function requireApiKey(req: SandboxRequest): string | SandboxResponse {
  return header(req, "api-key") ?? error(req.traceId, 400, FAST_CHECKOUT_ERRORS.MISSING, "API-Key header is missing")
}

/**
 * API-Key and X-Merchant-Token of an order call. A merchant token is valid only with the API key that
 * created it: another key's token answers ERR_4100_005 like an unknown one. Messages never repeat the
 * header values.
 */
export function authenticateMerchant(req: SandboxRequest, state: FastCheckoutState): SandboxMerchant | SandboxResponse {
  const apiKey = requireApiKey(req)
  if (typeof apiKey !== "string") return apiKey
  const token = header(req, "x-merchant-token")
  if (!token) {
    return error(
      req.traceId,
      400,
      FAST_CHECKOUT_ERRORS.MERCHANT_TOKEN_MISSING,
      "merchant token missing in header X-Merchant-Token"
    )
  }
  const merchant = state.merchants.get(token)
  if (!merchant || merchant.apiKey !== apiKey) {
    return error(req.traceId, 401, FAST_CHECKOUT_ERRORS.MERCHANT_TOKEN_INVALID, "merchant token not valid")
  }
  return merchant
}

export function isResponse(v: unknown): v is SandboxResponse {
  return typeof v === "object" && v !== null && "status" in v && typeof (v as SandboxResponse).status === "number"
}
