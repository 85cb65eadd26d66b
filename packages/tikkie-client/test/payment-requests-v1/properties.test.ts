import fc from "fast-check"
import { V1_ERRORS } from "../../src/payment-requests/v1"
import {
  amountInCentsField,
  CreatePlatformRequest,
  CreateUserRequest,
  dutchIban as dutchIbanRule,
  platformPhoneNumber,
  textField,
  userPhoneNumber,
} from "../../src/payment-requests/v1/schemas"
import { euro } from "tikkie-sandbox/http-kit"
import { parseEuroAmount } from "tikkie-sandbox/payment-requests-v1/parse-euro-amount"
import { dutchIban, expectV1Error, newApiKey, platformBody, raw, startV1Env, userBody, type V1Env } from "./helpers"

const bankCode = fc.stringMatching(/^[A-Z]{4}$/)
const accountNumber = fc.integer({ min: 0, max: 9_999_999_999 })
const validIban = fc.tuple(bankCode, accountNumber).map(([bank, account]) => dutchIban(bank, account))

/** The IBAN with the digit at one of its digit positions replaced by another digit. */
const ibanWithOneDigitChanged = fc
  .tuple(validIban, fc.nat(), fc.integer({ min: 1, max: 9 }))
  .map(([iban, pick, delta]) => {
    const digitPositions = [...iban].flatMap((c, i) => (/\d/.test(c) ? [i] : []))
    const at = digitPositions[pick % digitPositions.length]
    const changed = String((Number(iban[at]) + delta) % 10)
    return { iban, changed: iban.slice(0, at) + changed + iban.slice(at + 1) }
  })

const dutchMobile = fc
  .tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9_999_999 }))
  .map(([d, rest]) => `06${d}${String(rest).padStart(7, "0")}`)

describe("payment requests v1: validator properties", () => {
  it("accepts every Dutch IBAN with a valid checksum, in electronic or spaced lower-case form", () => {
    fc.assert(
      fc.property(validIban, (iban) => {
        expect(dutchIbanRule.parse(iban)).toBe(iban)
        const spaced = iban.toLowerCase().replace(/(.{4})/g, "$1 ")
        expect(dutchIbanRule.parse(spaced)).toBe(iban)
      })
    )
  })

  it("refuses every Dutch IBAN with one digit changed (mod-97 catches each single substitution)", () => {
    fc.assert(
      fc.property(ibanWithOneDigitChanged, ({ changed }) => {
        const r = CreateUserRequest.safeParse(userBody({ iban: changed }))
        expect(r.success).toBe(false)
        expect(r.error?.issues[0].path).toEqual(["iban"])
      })
    )
  })

  it("refuses a valid IBAN of any other country", () => {
    const otherCountry = fc.constantFrom(
      "BE68539007547034",
      "DE89370400440532013000",
      "GB29NWBK60161331926819",
      "FR1420041010050500013M02606"
    )
    fc.assert(fc.property(otherCountry, (iban) => expect(dutchIbanRule.safeParse(iban).success).toBe(false)))
  })

  it("accepts any Dutch mobile number as 10 characters for a user, and refuses 9 or 11 characters", () => {
    fc.assert(
      fc.property(dutchMobile, fc.integer({ min: 0, max: 9 }), (mobile, extra) => {
        expect(userPhoneNumber.safeParse(mobile).success).toBe(true)
        expect(userPhoneNumber.safeParse(mobile.slice(0, 9)).success).toBe(false)
        expect(userPhoneNumber.safeParse(mobile + String(extra)).success).toBe(false)
      })
    )
  })

  it("accepts a Dutch number in +31 notation for a platform but not for a user (12 characters), and refuses foreign ones", () => {
    fc.assert(
      fc.property(dutchMobile, fc.constantFrom("+32", "+49", "+44", "+33"), (mobile, foreign) => {
        const international = `+31${mobile.slice(1)}`
        expect(platformPhoneNumber.safeParse(international).success).toBe(true)
        expect(userPhoneNumber.safeParse(international).success).toBe(false)
        expect(platformPhoneNumber.safeParse(`${foreign}${mobile.slice(1)}`).success).toBe(false)
      })
    )
  })

  it("accepts a text exactly when its code-point length is within the bounds and it is not blank", () => {
    const char = fc.constantFrom("a", "Z", "é", "😀", " ", "ß")
    fc.assert(
      fc.property(fc.array(char, { maxLength: 110 }), (chars) => {
        const s = chars.join("")
        const blank = s.trim() === ""
        expect(textField(2, 100).safeParse(s).success).toBe(chars.length >= 2 && chars.length <= 100 && !blank)
        expect(textField(1, 35).safeParse(s).success).toBe(chars.length >= 1 && chars.length <= 35 && !blank)
        const platform = CreatePlatformRequest.safeParse(platformBody({ name: s }))
        expect(platform.success).toBe(chars.length >= 2 && chars.length <= 100 && !blank)
      })
    )
  })

  it("accepts amountInCents from 1 to 999999 as digits or integer, and nothing outside", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000, max: 2_000_000 }), (n) => {
        const ok = n >= 1 && n <= 999_999
        expect(amountInCentsField.safeParse(String(n)).success).toBe(ok)
        const asNumber = amountInCentsField.safeParse(n)
        expect(asNumber.success).toBe(ok)
        if (ok) expect(asNumber.data).toBe(String(n))
      })
    )
  })

  it("reads every typed euro amount back to the exact cents (comma, dot, euro sign, one or two decimals)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), fc.constantFrom(",", "."), (cents, sep) => {
        const euros = Math.floor(cents / 100)
        const rest = cents % 100
        expect(parseEuroAmount(`${euros}${sep}${String(rest).padStart(2, "0")}`)).toBe(cents)
        expect(parseEuroAmount(euro(cents))).toBe(cents)
        if (rest % 10 === 0) expect(parseEuroAmount(`${euros}${sep}${rest / 10}`)).toBe(cents)
        if (rest === 0) expect(parseEuroAmount(String(euros))).toBe(cents)
        expect(parseEuroAmount(`${euros}${sep}${String(rest).padStart(2, "0")}5`)).toBeUndefined()
      })
    )
  })

  describe("against the sandbox", () => {
    let env: V1Env
    beforeAll(async () => {
      env = await startV1Env()
    })
    afterAll(() => env.close())

    it("enrols a user for any valid Dutch IBAN and refuses it with one digit changed (ERR_1100_004)", async () => {
      await fc.assert(
        fc.asyncProperty(ibanWithOneDigitChanged, dutchMobile, async ({ iban, changed }, phoneNumber) => {
          // fast-check repeats small values on purpose; a reset keeps one-IBAN-per-user out of this property.
          await env.control.reset()
          const token = await env.token()
          const apiKey = newApiKey()
          const p = await raw(env.url, "POST", "/v1/pay/platforms", { apiKey, token, body: platformBody() })
          const path = `/v1/pay/platforms/${p.body.platformToken}/users`
          expectV1Error(
            await raw(env.url, "POST", path, { apiKey, token, body: userBody({ iban: changed, phoneNumber }) }),
            400,
            V1_ERRORS.INVALID_INPUT,
            /iban/
          )
          const ok = await raw(env.url, "POST", path, { apiKey, token, body: userBody({ iban, phoneNumber }) })
          expect(ok.status).toBe(201)
          expect(ok.body.bankAccounts[0].iban).toBe(iban)
        }),
        { numRuns: 25 }
      )
    })
  })
})
