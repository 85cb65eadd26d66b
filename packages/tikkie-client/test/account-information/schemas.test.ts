import {
  accountDetailsSchema,
  balanceSchema,
  consentInfoSchema,
  fundsCheckSchema,
  tokenResponseSchema,
  transactionListSchema,
  transactionSchema,
} from "../../src/account-information"

describe("response schemas accept the documented variants", () => {
  const token = { access_token: "a".repeat(20), refresh_token: "r".repeat(20), token_type: "Bearer" }

  it("token response: `valid` (the document) and `expires_in` (public samples) both become expires_in", () => {
    expect(tokenResponseSchema.parse({ ...token, valid: 7200 }).expires_in).toBe(7200)
    expect(tokenResponseSchema.parse({ ...token, expires_in: 7193 }).expires_in).toBe(7193)
    expect(tokenResponseSchema.parse({ ...token, expires_in: "7200" }).expires_in).toBe(7200)
    expect(
      tokenResponseSchema.parse({ ...token, token_type: "bearer", valid: 1, scope: "pay psd2:account:balance:read" })
    ).toEqual({
      ...token,
      expires_in: 1,
      scopes: ["pay", "psd2:account:balance:read"],
    })
    expect(tokenResponseSchema.safeParse(token).success).toBe(false)
    expect(tokenResponseSchema.safeParse({ ...token, token_type: "MAC", valid: 7200 }).success).toBe(false)
  })

  it("account details: accountHolderName and AccountHolderName", () => {
    const base = { accountNumber: "NL91ABNA0417164300", currency: "EUR" }
    expect(accountDetailsSchema.parse({ ...base, accountHolderName: "J. Jansen" }).accountHolderName).toBe("J. Jansen")
    expect(accountDetailsSchema.parse({ ...base, AccountHolderName: "J. Jansen" })).toEqual({
      ...base,
      accountHolderName: "J. Jansen",
    })
    expect(accountDetailsSchema.safeParse(base).success).toBe(false)
  })

  it("consent info: space-separated scopes become a list, transactionId may be null", () => {
    expect(
      consentInfoSchema.parse({ iban: "NL91ABNA0417164300", transactionId: null, scopes: "a b", valid: 7000 })
    ).toEqual({
      iban: "NL91ABNA0417164300",
      transactionId: null,
      scopes: ["a", "b"],
      valid: 7000,
    })
    expect(consentInfoSchema.safeParse({ scopes: "a" }).success).toBe(false)
  })

  it("balance and funds: numbers sent as strings are read, negative balances kept", () => {
    expect(
      balanceSchema.parse({ accountNumber: "x", balanceType: "BOOKBALANCE", currency: "EUR", amount: "-12.5" }).amount
    ).toBe(-12.5)
    expect(
      fundsCheckSchema.parse({ accountNumber: "x", amount: 1.005, currency: "EUR", available: "true" }).available
    ).toBe(true)
  })

  it("transactions: balanceAfterMutation string or number, at most 9 description lines of at most 32 characters", () => {
    const t = { transactionId: "1", amount: -1.5, currency: "EUR" }
    expect(transactionSchema.parse({ ...t, balanceAfterMutation: "10.50" }).balanceAfterMutation).toBe("10.50")
    expect(transactionSchema.parse({ ...t, balanceAfterMutation: 10.5 }).balanceAfterMutation).toBe(10.5)
    expect(transactionSchema.safeParse({ ...t, descriptionLines: Array(9).fill("x".repeat(32)) }).success).toBe(true)
    expect(transactionSchema.safeParse({ ...t, descriptionLines: Array(10).fill("x") }).success).toBe(false)
    expect(transactionSchema.safeParse({ ...t, descriptionLines: ["x".repeat(33)] }).success).toBe(false)
    expect(
      transactionSchema.parse({ ...t, transactionTimestamp: "2026-11-20T10:00:00Z", status: "BOOKED" }).status
    ).toBe("BOOKED")
  })

  it("transaction list: a blank body is an empty list", () => {
    expect(transactionListSchema.parse(undefined)).toEqual({
      transactions: [],
      accountNumber: undefined,
      nextPageKey: undefined,
    })
    expect(transactionListSchema.parse({ accountNumber: "NL91ABNA0417164300" })).toEqual({
      transactions: [],
      accountNumber: "NL91ABNA0417164300",
      nextPageKey: undefined,
    })
    expect(transactionListSchema.safeParse({ transactions: [] }).success).toBe(false)
  })
})
