import { MedusaError } from "@medusajs/framework/utils"
import { TikkieError } from "tikkie-client/core/errors"

/**
 * A TikkieError as Medusa shows it to the storefront or admin: the service's code and reason, the
 * trace id for ABN AMRO support, never a credential (TikkieError messages are redacted already).
 * Input problems are INVALID_DATA; an unreachable or failing service is UNEXPECTED_STATE, so a
 * storefront can offer to try again.
 */
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

/**
 * What a shopper (or an admin acting for one) is told when a Tikkie call fails: what failed and what to
 * do, without Tikkie's own text, its trace id or the address it was reached at; those go to the log
 * (see TikkieBaseProvider.callTikkie). `step` says whether the payment was being started (nothing was
 * paid) or read (a payment made is not lost).
 */
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

/**
 * What a shopper is told when the shop's own side of Tikkie cannot be used (the v1 connection has no token:
 * not connected, consent needed, a sealed token that cannot be opened, its setup failed): that this shop
 * cannot take Tikkie payments now and what to do, never the detail (sealing keys, consent, the admin route
 * that connects v1), which is meant for the shop: the caller logs it.
 */
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

/**
 * Runs a Tikkie call as a provider makes it: a failure becomes a MedusaError that says what failed. The
 * calls answer storefronts, so Tikkie's own text, trace id and address go to the log only (under the
 * same `failure` words); the shopper reads that the shop cannot take Tikkie payments now. A v1
 * connection without a token says so the same way; the store's own refusals pass as they are.
 */
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
