import type { SandboxRequest, SandboxResponse } from "../http-kit"
import { requireApiKey } from "./merchant-auth"
import type { FastCheckoutState } from "./state"

/**
 * `POST /v1/{product}/fastcheckout/merchant` (sandbox only): a new merchant token tied to the calling
 * API key. The Fast Checkout specification says the body is empty; a body, if sent, is ignored rather than refused, since
 * the operation has no fields a caller could get wrong. Answers 201 Created.
 */
export function createSandboxMerchant(state: FastCheckoutState) {
  return (req: SandboxRequest): SandboxResponse => {
    const apiKey = requireApiKey(req)
    if (typeof apiKey !== "string") return apiKey
    const merchant = state.createMerchant(apiKey)
    return { status: 201, json: { merchantToken: merchant.merchantToken } }
  }
}
