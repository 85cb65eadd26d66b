import { randomUUID } from "node:crypto"
import type { Handler } from "../router"
import { requireApiKey } from "./auth"
import type { PaymentRequestsV2State } from "./state"

/** POST /v2/{product}/sandboxapps: API-Key only; the new app is bound to that key. Answers 201. */
export function createSandboxApp(state: PaymentRequestsV2State): Handler {
  return (req) => {
    const caller = requireApiKey(req)
    if (!caller.ok) return caller.response
    const appToken = randomUUID()
    state.apps.set(appToken, { appToken, apiKey: caller.apiKey, disabled: false })
    return { status: 201, json: { appToken } }
  }
}
