import type { SandboxRequest, SandboxResponse } from "../http-kit"
import { fail } from "./http"
import type { PaymentRequestsV2State, SandboxApp } from "./state"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type Caller = { ok: true; apiKey: string } | { ok: false; response: SandboxResponse }
export type AppCaller = { ok: true; apiKey: string; app: SandboxApp } | { ok: false; response: SandboxResponse }

function header(req: SandboxRequest, name: string): string | undefined {
  const v = req.headers[name]
  const s = Array.isArray(v) ? v[0] : v
  return s?.trim() || undefined
}

/**
 * Every v2 call needs an API-Key. The sandbox accepts any non-blank key (it has no developer portal),
 * but remembers which key created each app. A missing or blank key answers 401 API_KEY_INVALID.
 */
export function requireApiKey(req: SandboxRequest): Caller {
  const apiKey = header(req, "api-key")
  if (!apiKey) return { ok: false, response: fail(req, "API_KEY_INVALID", "the API-Key header is missing") }
  return { ok: true, apiKey }
}

/**
 * X-App-Token: a UUID made by POST /sandboxapps. Missing, not a UUID, or unknown: APP_TOKEN_INVALID.
 * Made with another API key: APP_TOKEN_ALREADY_IN_USE. Disabled through the control:
 * APP_TOKEN_DISABLED. All 401, in that order. Messages never repeat the token or the key.
 */
export function requireApp(req: SandboxRequest, state: PaymentRequestsV2State): AppCaller {
  const caller = requireApiKey(req)
  if (!caller.ok) return caller
  const token = header(req, "x-app-token")
  if (!token) return { ok: false, response: fail(req, "APP_TOKEN_INVALID", "the X-App-Token header is missing") }
  const app = UUID.test(token) ? state.apps.get(token.toLowerCase()) : undefined
  if (!app) return { ok: false, response: fail(req, "APP_TOKEN_INVALID", "the app token is not valid") }
  if (app.apiKey !== caller.apiKey) {
    return { ok: false, response: fail(req, "APP_TOKEN_ALREADY_IN_USE", "the app token belongs to another API key") }
  }
  if (app.disabled) return { ok: false, response: fail(req, "APP_TOKEN_DISABLED", "the app is disabled") }
  return { ok: true, apiKey: caller.apiKey, app }
}
