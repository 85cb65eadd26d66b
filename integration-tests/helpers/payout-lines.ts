import { MAX_DESCRIPTION_LINE_LENGTH } from "tikkie-client/account-information"
import { PAYOUT_TAG } from "../../src/workflows/tikkie-bank/utils/payout-reference"

/** A payout's description lines as the plugin reads them (payout-reference.ts): what a test books. */
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
