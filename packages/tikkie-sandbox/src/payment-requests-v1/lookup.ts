import { V1_ERRORS } from "tikkie-client/payment-requests/v1/codes"
import { error, type SandboxResponse } from "../http-kit"
import type { V1PaymentRequest, V1Platform, V1Store, V1User } from "./state"

export type Found<T> = { ok: true; value: T } | { ok: false; response: SandboxResponse }

/**
 * Choices for the not-found codes:
 * - ERR_4100_001 "client not found": the API key has never created a platform, so the service has no
 *   client record for it (listing platforms still answers an empty array: a search, not a lookup);
 * - ERR_4100_002: the platform does not exist or belongs to another API key (the answer does not reveal
 *   which, so one client cannot probe another's tokens);
 * - ERR_4100_003: no such user on that platform;
 * - ERR_1100_002 (400, as the payment request specification's table says): no such payment request for that user.
 */
export function findPlatform(
  store: V1Store,
  traceId: string,
  client: string,
  platformToken: string
): Found<V1Platform> {
  if (!store.knowsClient(client)) {
    return {
      ok: false,
      response: error(traceId, 404, V1_ERRORS.CLIENT_NOT_FOUND, "client not found: this API key has no platforms"),
    }
  }
  const platform = store.platforms.get(platformToken)
  if (!platform || platform.client !== client) {
    return { ok: false, response: error(traceId, 404, V1_ERRORS.PLATFORM_NOT_FOUND, "platform not found") }
  }
  return { ok: true, value: platform }
}

export function findUser(
  store: V1Store,
  traceId: string,
  client: string,
  platformToken: string,
  userToken: string
): Found<{ platform: V1Platform; user: V1User }> {
  const platform = findPlatform(store, traceId, client, platformToken)
  if (!platform.ok) return platform
  const user = platform.value.users.find((u) => u.userToken === userToken)
  if (!user) return { ok: false, response: error(traceId, 404, V1_ERRORS.USER_NOT_FOUND, "user not found") }
  return { ok: true, value: { platform: platform.value, user } }
}

export function findPaymentRequest(
  user: V1User,
  traceId: string,
  paymentRequestToken: string
): Found<V1PaymentRequest> {
  const pr = user.paymentRequests.find((p) => p.paymentRequestToken === paymentRequestToken)
  if (!pr) {
    return {
      ok: false,
      response: error(traceId, 400, V1_ERRORS.PAYMENT_REQUEST_NOT_FOUND, "payment request not found or does not exist"),
    }
  }
  return { ok: true, value: pr }
}
