import { electronicFormatIBAN, isValidIBAN } from "ibantools"

/** Electronic format when valid (ibantools, as the store checks), so a typo shows at the field. */
export function validIban(typed: string): string | undefined {
  const iban = electronicFormatIBAN(typed.trim()) ?? undefined
  return iban && isValidIBAN(iban) ? iban : undefined
}

export function groupedIban(iban: string | null | undefined): string {
  if (!iban) return "—"
  const compact = iban.replace(/\s+/g, "").toUpperCase()
  return /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact) ? compact.replace(/(.{4})(?=.)/g, "$1 ") : iban
}
