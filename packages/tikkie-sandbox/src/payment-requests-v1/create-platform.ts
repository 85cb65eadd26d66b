import { V1_ERRORS } from "tikkie-client/payment-requests/v1/codes"
import { CreatePlatformRequest } from "tikkie-client/payment-requests/v1/schemas"
import type { SandboxContext } from "../context"
import { error } from "../http-kit"
import type { Handler } from "../router"
import { authorize } from "./auth"
import { parseBody } from "./parse-input"
import type { V1Store } from "./state"
import { platformView } from "./views"

/**
 * Operation 1. Choice: 201 Created (the payment request specification does not show the status). The platform count is
 * checked after the body, so a bad body is named even when the client is at its maximum.
 */
export function createPlatform(ctx: SandboxContext, store: V1Store): Handler {
  return (req) => {
    const auth = authorize(ctx, req)
    if (!auth.ok) return auth.response
    const body = parseBody(req, CreatePlatformRequest)
    if (!body.ok) return body.response
    const max = ctx.options.v1MaxPlatformsPerClient
    if (store.platformsOf(auth.client).length >= max) {
      return error(
        req.traceId,
        403,
        V1_ERRORS.MAX_PLATFORMS_REACHED,
        `maximum number of platforms per client reached (${max})`
      )
    }
    return { status: 201, json: platformView(store.addPlatform(auth.client, body.data)) }
  }
}
