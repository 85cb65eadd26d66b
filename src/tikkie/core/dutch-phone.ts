import { parsePhoneNumberFromString } from "libphonenumber-js/max"

/**
 * Dutch phone numbers only (payment requests v1). The "max" metadata checks number ranges, not just
 * lengths, so "12345" or a German mobile number is refused.
 */
export function isDutchPhoneNumber(input: string): boolean {
  const parsed = parsePhoneNumberFromString(input, "NL")
  return Boolean(parsed && parsed.country === "NL" && parsed.isValid())
}

/** 0612345678 form (10 characters), as the v1 user resource wants it. */
export function toDutchNationalNumber(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input, "NL")
  if (!parsed || parsed.country !== "NL" || !parsed.isValid()) return undefined
  return `0${parsed.nationalNumber}`
}
