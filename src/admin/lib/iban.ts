import { electronicFormatIBAN, isValidIBAN } from "ibantools"

/**
 * The IBAN as typed ("nl91 abna 0417 1643 00") in electronic format when it is a valid IBAN of any
 * country (length, format, mod-97 check digits: ibantools, as the store checks it), else undefined.
 * Checked in the form so a typo is shown at the field before anything is sent.
 */
export function validIban(typed: string): string | undefined {
  const iban = electronicFormatIBAN(typed.trim()) ?? undefined
  return iban && isValidIBAN(iban) ? iban : undefined
}

/** An IBAN as banks print it, in groups of four ("NL91 ABNA 0417 1643 00"); other text as it is. */
export function groupedIban(iban: string | null | undefined): string {
  if (!iban) return "—"
  const compact = iban.replace(/\s+/g, "").toUpperCase()
  return /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact) ? compact.replace(/(.{4})(?=.)/g, "$1 ") : iban
}
