import type { SandboxContext } from "../context"
import type { Handler } from "../router"
import { authorize } from "./auth"
import { findPlatform } from "./lookup"
import type { V1Store } from "./state"
import { userView } from "./views"

/** Operation 4: the platform's users in creation order. */
export function listUsers(ctx: SandboxContext, store: V1Store): Handler {
  return (req) => {
    const auth = authorize(ctx, req)
    if (!auth.ok) return auth.response
    const platform = findPlatform(store, req.traceId, auth.client, req.params.platformToken)
    if (!platform.ok) return platform.response
    return { status: 200, json: platform.value.users.map(userView) }
  }
}
