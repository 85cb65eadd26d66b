/**
 * How a payout names its payment in its description lines (lines of 32 characters, account information
 * specification): `TIKKIE <SOURCE>`, then the reference on a line of its own (an orderToken alone takes 32).
 * Read case-insensitively and lower-cased; a payout with other text is matched by amount and date.
 */
export const PAYOUT_TAG = "TIKKIE"

export interface PayoutReference {
  source: string
  reference: string
}

export function readPayoutReferences(lines: ReadonlyArray<string> | undefined): PayoutReference[] {
  const out: PayoutReference[] = []
  if (!lines) return out
  for (let i = 0; i + 1 < lines.length; i++) {
    const m = /^TIKKIE\s+([A-Z0-9]+)$/i.exec(lines[i].trim())
    const reference = lines[i + 1].trim()
    if (m && reference && !/\s/.test(reference))
      out.push({ source: m[1].toLowerCase(), reference: reference.toLowerCase() })
  }
  return out
}
