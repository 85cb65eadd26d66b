import { MedusaError } from "@medusajs/framework/utils"
import { TikkieError } from "tikkie-client/core/errors"

/** Never a credential; a failing service is UNEXPECTED_STATE, so a storefront can offer to try again. */
export function toMedusaError(e: unknown, what: string): MedusaError {
  if (e instanceof MedusaError) return e
  if (e instanceof TikkieError) {
    const type =
      e.kind === "local" || (e.status !== undefined && e.status >= 400 && e.status < 500)
        ? MedusaError.Types.INVALID_DATA
        : MedusaError.Types.UNEXPECTED_STATE
    const trace = e.traceId ? ` (Tikkie trace id ${e.traceId})` : ""
    return new MedusaError(type, `${what}: Tikkie answered ${e.reason}${trace}`)
  }
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `${what}: ${e instanceof Error ? e.message : String(e)}`)
}

/** What to do, for the shopper; the detail goes to the log. */
export function shopperSafeError(e: TikkieError, what: string, step: "start" | "read"): MedusaError {
  const refused =
    e.kind === "local" || (e.status !== undefined && e.status >= 400 && e.status < 500 && e.status !== 429)
  const next =
    step === "start"
      ? refused
        ? "Nothing was paid: choose another way to pay, or try again later (the shop has been told)."
        : "Nothing was paid: try again in a minute, or choose another way to pay."
      : "A payment made is not lost: it is recorded as soon as Tikkie answers. Try again in a minute."
  return new MedusaError(
    refused ? MedusaError.Types.INVALID_DATA : MedusaError.Types.UNEXPECTED_STATE,
    `${what}: ${refused ? "Tikkie refused the request" : "Tikkie did not answer in time"}. ${next}`
  )
}

export function shopperSafeConnectionError(
  type: MedusaError["type"],
  what: string,
  step: "start" | "read"
): MedusaError {
  const next =
    step === "start"
      ? "Nothing was paid: choose another way to pay, or try again later (the shop has been told)."
      : "A payment made is not lost: it is recorded as soon as the shop's connection to Tikkie works again (the shop has been told)."
  return new MedusaError(type, `${what}: this shop cannot take Tikkie payments at the moment. ${next}`)
}

/** Tikkie's text, trace id and address go to the log only; the store's own MedusaErrors pass as they are. */
export async function callTikkieAs<T>(
  logger: { error(message: string): void },
  failure: string,
  call: () => Promise<T>,
  asMedusaError: (e: unknown, what: string) => MedusaError = toMedusaError,
  step: "start" | "read" = "start"
): Promise<T> {
  try {
    return await call()
  } catch (e) {
    const detailed = asMedusaError(e, failure)
    if (!(e instanceof TikkieError)) throw detailed
    logger.error(detailed.message)
    if (e.code === "ACCESS_TOKEN_UNAVAILABLE" && e.cause instanceof MedusaError)
      throw shopperSafeConnectionError(e.cause.type, failure, step)
    throw shopperSafeError(e, failure, step)
  }
}
