import { MedusaError } from "@medusajs/framework/utils"
import { TikkieError } from "tikkie-client/core/errors"
import { V1_ERRORS } from "tikkie-client/payment-requests/v1"

/** Every v1 code as a sentence an admin can act on. */
const EXPLANATIONS: Record<string, string> = {
  [V1_ERRORS.USER_NOT_CREATED]:
    "Tikkie could not create the user; usually the IBAN is coupled to another Tikkie user already (an IBAN can belong to one user only)",
  [V1_ERRORS.PAYMENT_REQUEST_NOT_FOUND]: "Tikkie does not know this payment request",
  [V1_ERRORS.SEARCH_FAILED]: "Tikkie could not search the payment requests",
  [V1_ERRORS.INVALID_INPUT]: "a value breaks Tikkie's rules",
  [V1_ERRORS.PARAMETER_MISSING]: "a required value is missing",
  [V1_ERRORS.SEE_MESSAGE]: "Tikkie refused the request",
  [V1_ERRORS.OPERATION_NOT_FOUND]: "Tikkie does not know this operation: check the provider's baseUrl and product",
  [V1_ERRORS.MAX_PLATFORMS_REACHED]:
    "this API key has the most Tikkie platforms it may have: re-use one (same platform name and phone number in the options) or ask ABN AMRO",
  [V1_ERRORS.MAX_USERS_REACHED]: "the Tikkie platform has the most users it may have",
  [V1_ERRORS.CLIENT_NOT_FOUND]: "Tikkie does not know the client of this API key: check apiKey",
  [V1_ERRORS.PLATFORM_NOT_FOUND]: "Tikkie does not know the platform (made with another API key, or removed)",
  [V1_ERRORS.USER_NOT_FOUND]: "Tikkie does not know the user (made on another platform, or removed)",
  [V1_ERRORS.BACKEND_ERROR]: "Tikkie had an internal error; try again later",
  [V1_ERRORS.SERVICE_UNAVAILABLE]: "Tikkie is unavailable; try again later",
  [V1_ERRORS.ACCESS_TOKEN_INVALID]:
    "the access token is missing, invalid or expired: give the provider a fresh accessToken (scope pay)",
  [V1_ERRORS.INSUFFICIENT_SCOPE]: "the access token lacks the scope pay: ask for a token with scope pay",
}

export function v1Explanation(code: string): string | undefined {
  return EXPLANATIONS[code]
}

/** No token from the store's v1 connection: its own words for the admin; a shopper is told less. */
export class V1ConnectionError extends MedusaError {}

export function v1MedusaError(e: unknown, what: string): MedusaError {
  if (e instanceof MedusaError) return e
  if (e instanceof TikkieError && e.code === "ACCESS_TOKEN_UNAVAILABLE" && e.cause instanceof MedusaError) {
    return new V1ConnectionError(e.cause.type, `${what}: ${e.cause.message}`)
  }
  if (!(e instanceof TikkieError)) {
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `${what}: ${e instanceof Error ? e.message : String(e)}`)
  }
  const input = e.kind === "local" || (e.status !== undefined && e.status >= 400 && e.status < 500)
  const explained = v1Explanation(e.code)
  const trace = e.traceId ? `; Tikkie trace id ${e.traceId}` : ""
  const text = explained ? `${explained} (${e.reason}${trace})` : `Tikkie answered ${e.reason}${trace}`
  return new MedusaError(
    input ? MedusaError.Types.INVALID_DATA : MedusaError.Types.UNEXPECTED_STATE,
    `${what}: ${text}`
  )
}
