import { hookBody, tokenField, type TokenFormat } from "./hook-body"

/**
 * session_id of a return route: a Medusa payment session id (`payses_` and a ULID, 33 characters).
 * Up to 100 letters, digits, "-" or "_" leaves room for any id format Medusa may adopt.
 */
export const SESSION_ID_FORMAT: TokenFormat = { max: 100, chars: /[A-Za-z0-9_-]/, says: 'letters, digits, "-" or "_"' }

/** `?session_id=…` of a return route; other parameters (a storefront's tracking) are ignored. */
export function returnQuerySchema(label: string) {
  return hookBody(label, { session_id: tokenField(label, "session_id", SESSION_ID_FORMAT) })
}
