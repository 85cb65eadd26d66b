import type { SandboxContext } from "../context"
import type { Handler } from "../router"
import { authorize } from "./auth"
import type { V1Store } from "./state"
import { platformView } from "./views"

/** Operation 2: the API key's platforms in creation order; an empty array for a key with none. */
export function listPlatforms(ctx: SandboxContext, store: V1Store): Handler {
  return (req) => {
    const auth = authorize(ctx, req)
    if (!auth.ok) return auth.response
    return { status: 200, json: store.platformsOf(auth.client).map(platformView) }
  }
}
