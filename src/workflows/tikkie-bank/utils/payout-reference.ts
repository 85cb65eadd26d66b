import { MAX_DESCRIPTION_LINE_LENGTH } from "tikkie-client/account-information"

/**
 * The ONE convention by which a payout credit names the payment it pays out, in the transaction's
 * description lines (at most 9 lines of at most 32 characters, account information specification):
 *
 *   line n:     `TIKKIE <SOURCE>`   e.g. `TIKKIE FASTCHECKOUT`, `TIKKIE PAYMENTREQUEST`
 *   line n + 1: `<reference>`       the payment's reference in that source, at most 32 characters
 *
 * A Fast Checkout orderToken is 32 hexadecimal characters, so `TIKKIE <orderToken>` (39) would not fit
 * on one line; a tag line followed by the reference on its own line fits any reference of up to 32.
 * Reading is forgiving: case-insensitive (banks often upper-case free text), surrounding spaces ignored,
 * several tag/reference pairs per credit allowed. Credits carry it when the sandbox books them
 * (the sandbox's payouts control, `POST /_sandbox/accounts/:accountNumber/payouts`); a real payout carrying other text is matched by amount and date instead.
 */
export const PAYOUT_TAG = "TIKKIE"

export interface PayoutReference {
  /** Lower case, as the sources name themselves ("fastcheckout"). */
  source: string
  /** Lower case, for comparison. */
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
