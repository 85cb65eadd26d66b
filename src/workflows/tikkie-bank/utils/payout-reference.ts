import { MAX_DESCRIPTION_LINE_LENGTH } from "tikkie-client/account-information"

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

export function payoutDescriptionLines(source: string, reference: string): string[] {
  const tag = `${PAYOUT_TAG} ${source.toUpperCase()}`
  if (!/^[A-Z0-9]+$/.test(source.toUpperCase()) || tag.length > MAX_DESCRIPTION_LINE_LENGTH) {
    throw new RangeError(
      `payout source must be letters and digits, at most ${MAX_DESCRIPTION_LINE_LENGTH - PAYOUT_TAG.length - 1} characters`
    )
  }
  if (reference.length < 1 || reference.length > MAX_DESCRIPTION_LINE_LENGTH || /\s/.test(reference)) {
    throw new RangeError(`a payout reference is 1 to ${MAX_DESCRIPTION_LINE_LENGTH} characters without spaces`)
  }
  return [tag, reference]
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
