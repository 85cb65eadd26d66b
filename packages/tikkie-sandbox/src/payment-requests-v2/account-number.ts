import { randomInt } from "node:crypto"

const BANKS = ["ABNA", "INGB", "RABO", "SNSB", "TRIO", "BUNQ"]

/**
 * A made-up Dutch IBAN for a sandbox payer: a real bank code, ten digits that pass the Dutch
 * "elfproef" (weights 10..1, sum divisible by 11), and ISO 13616 check digits, so a store that
 * validates counterPartyAccountNumber accepts it.
 */
export function dutchAccountNumber(random: (max: number) => number = randomInt): string {
  const bank = BANKS[random(BANKS.length)]
  let digits: number[]
  for (;;) {
    digits = Array.from({ length: 9 }, () => random(10))
    const partial = digits.reduce((sum, d, i) => sum + d * (10 - i), 0)
    const last = (11 - (partial % 11)) % 11
    if (last < 10) {
      digits.push(last)
      break
    }
  }
  const account = digits.join("")
  const numeric = [...`${bank}${account}NL00`].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join("")
  const check = String(98n - (BigInt(numeric) % 97n)).padStart(2, "0")
  return `NL${check}${bank}${account}`
}
