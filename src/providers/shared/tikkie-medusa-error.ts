import { MedusaError } from "@medusajs/framework/utils"
import { TikkieError } from "../../tikkie/core/errors"

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
