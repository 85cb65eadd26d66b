// ibantools ships a CommonJS build, but its type declarations sit in an ESM package: load it with
// require and borrow the types, so the compiled plugin stays CommonJS like Medusa.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {
  electronicFormatIBAN,
  isValidIBAN,
}: typeof import("ibantools", { with: { "resolution-mode": "import" } }) = require("ibantools")

/**
 * Dutch IBANs only (payment requests v1 and the account information service refuse others).
 * ibantools checks the country's length and format and the ISO 7064 mod-97 checksum.
 */
export function normalizeIban(input: string): string {
  return electronicFormatIBAN(input) ?? input.replace(/\s+/g, "").toUpperCase()
}

export function isDutchIban(input: string): boolean {
  const iban = normalizeIban(input)
  return iban.startsWith("NL") && isValidIBAN(iban)
}

/** Any valid IBAN (account information also serves Belgian, British and German accounts). */
export function isValidIban(input: string): boolean {
  return isValidIBAN(normalizeIban(input))
}
