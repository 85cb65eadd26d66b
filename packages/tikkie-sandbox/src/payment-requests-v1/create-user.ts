import { V1_ERRORS } from "tikkie-client/payment-requests/v1/codes"
import { CreateUserRequest } from "tikkie-client/payment-requests/v1/schemas"
import type { SandboxContext } from "../context"
import { error } from "../http-kit"
import type { Handler } from "../router"
import { authorize } from "./auth"
import { findPlatform } from "./lookup"
import { parseBody } from "./parse-input"
import type { V1Store } from "./state"
import { userView } from "./views"

/**
 * Operation 3: enrols a user with one bank account. Order of checks: credentials, body, platform,
 * maximum users (ERR_3100_002), then the IBAN: an IBAN already coupled to any user (on any platform)
 * makes creation fail with ERR_1100_001 "user could not be created" (payment request specification, "Limits").
 */
export function createUser(ctx: SandboxContext, store: V1Store): Handler {
  return (req) => {
    const auth = authorize(ctx, req)
    if (!auth.ok) return auth.response
    const body = parseBody(req, CreateUserRequest)
    if (!body.ok) return body.response
    const platform = findPlatform(store, req.traceId, auth.client, req.params.platformToken)
    if (!platform.ok) return platform.response
    const max = ctx.options.v1MaxUsersPerPlatform
    if (platform.value.users.length >= max) {
      return error(
        req.traceId,
        403,
        V1_ERRORS.MAX_USERS_REACHED,
        `maximum number of users reached for this platform (${max})`
      )
    }
    if (store.ibanOwner(body.data.iban) !== undefined) {
      return error(
        req.traceId,
        400,
        V1_ERRORS.USER_NOT_CREATED,
        "user could not be created: the IBAN is already coupled to another user"
      )
    }
    return { status: 201, json: userView(store.addUser(platform.value, body.data)) }
  }
}
