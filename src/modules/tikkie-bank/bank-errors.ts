import { MedusaError } from "@medusajs/framework/utils"
import { AIS_CODES } from "tikkie-client/account-information"
import { TikkieError } from "tikkie-client/core/errors"
import type { BankScopeName } from "./scopes"

/** A bank refusal as the admin reads it: what happened, what to do, code and trace id (never a token). */
export function bankError(e: unknown, what: string): MedusaError {
  if (e instanceof MedusaError) return e
  if (!(e instanceof TikkieError)) {
    return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `${what}: ${e instanceof Error ? e.message : String(e)}`)
  }
  const trace = e.traceId ? ` (trace id ${e.traceId})` : ""
  switch (e.code) {
    case AIS_CODES.NO_ACCESS_TO_ACCOUNT:
      return new MedusaError(
        MedusaError.Types.FORBIDDEN,
        `${what}: the bank gives no access to this account (${e.code}); the account holder must give consent again${trace}`
      )
    case AIS_CODES.INSUFFICIENT_SCOPE:
      return new MedusaError(
        MedusaError.Types.FORBIDDEN,
        `${what}: the consent does not cover this (${e.code}); connect the account again with the needed scope${trace}`
      )
    case AIS_CODES.REPORT_DOWNLOAD_FAILED:
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `${what}: the bank has no data for these dates (${e.code}: no bookings yet or not a bank day); choose other dates or retry later${trace}`
      )
  }
  const type =
    e.kind === "local" || (e.status !== undefined && e.status >= 400 && e.status < 500)
      ? MedusaError.Types.INVALID_DATA
      : MedusaError.Types.UNEXPECTED_STATE
  return new MedusaError(type, `${what}: ${e.reason}${trace}`)
}

export function missingScopeError(scope: BankScopeName, what: string): MedusaError {
  return new MedusaError(
    MedusaError.Types.FORBIDDEN,
    `${what}: the bank consent does not include "${scope}"; connect the account again and choose ${scope}`
  )
}
