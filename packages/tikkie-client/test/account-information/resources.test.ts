import { AccountInformationClient, isTikkieError, toCents, unitsToDecimalText } from "../../src"
import { startSandbox, type RunningSandbox } from "tikkie-sandbox"
import {
  aisHeaders,
  ALL_AIS_SCOPES,
  API_KEY,
  BE_ACCOUNT,
  EMPTY_ACCOUNT,
  expectServiceError,
  MAIN_ACCOUNT,
  mintToken,
  operationCount,
  raw,
} from "./support"

interface SeededAccountInfo {
  accountNumber: string
  currency: string
  balance: number
  balanceInCents: number
  creditLineInCents: number
}

describe("account resources: details, balances, funds, consent info", () => {
  let sandbox: RunningSandbox
  let token: string
  let ai: AccountInformationClient
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    token = (await mintToken(sandbox, ALL_AIS_SCOPES, MAIN_ACCOUNT)).access_token
    ai = new AccountInformationClient({
      baseUrl: sandbox.url,
      apiKey: API_KEY,
      accessToken: token,
      retry: { baseDelayMs: 1 },
    })
  })
  afterAll(async () => {
    await ai.close()
    await sandbox.close()
  })

  async function seeded(accountNumber: string): Promise<SeededAccountInfo> {
    const res = await raw(`${sandbox.url}/_sandbox/accounts`)
    return (res.json.accounts as SeededAccountInfo[]).find((a) => a.accountNumber === accountNumber)!
  }

  it("details and balance of the consented account; balance = balance after the latest transaction", async () => {
    expect(await ai.details(MAIN_ACCOUNT)).toEqual({
      accountNumber: MAIN_ACCOUNT,
      currency: "EUR",
      accountHolderName: "J. Jansen",
    })
    const balance = await ai.balances(MAIN_ACCOUNT)
    expect(balance).toEqual({
      accountNumber: MAIN_ACCOUNT,
      balanceType: "BOOKBALANCE",
      currency: "EUR",
      amount: expect.any(Number),
    })
    const latest = (await ai.transactionsPage(MAIN_ACCOUNT)).transactions[0]
    expect(toCents(balance.amount)).toBe(toCents(latest.balanceAfterMutation!))
    expect(toCents(balance.amount)).toBe((await seeded(MAIN_ACCOUNT)).balanceInCents)
  })

  it("accepts the IBAN with spaces and in lower case (sent in electronic form)", async () => {
    expect((await ai.details("nl91 abna 0417 1643 00")).accountNumber).toBe(MAIN_ACCOUNT)
  })

  it("consent info: the account, the scopes and the seconds left, for any valid token", async () => {
    const info = await ai.consentInfo()
    expect(info).toEqual({
      iban: MAIN_ACCOUNT,
      transactionId: null,
      scopes: [...ALL_AIS_SCOPES],
      valid: expect.any(Number),
    })
    expect(info.valid).toBeGreaterThan(7_100)
    expect(info.valid).toBeLessThanOrEqual(7_200)
    const payOnly = await mintToken(sandbox, ["pay"])
    const res = await raw(`${sandbox.url}/v1/consentinfo`, { headers: aisHeaders(payOnly.access_token) })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ transactionId: null, scopes: "pay", valid: expect.any(Number) })
  })

  describe("funds: balance plus credit line against the amount, exactly", () => {
    it("is available up to the last thousandth, not beyond", async () => {
      const a = await seeded(MAIN_ACCOUNT)
      const limitThousandths = BigInt(a.balanceInCents + a.creditLineInCents) * 10n
      const exact = unitsToDecimalText(limitThousandths, 3)
      const over = unitsToDecimalText(limitThousandths + 1n, 3)
      expect(await ai.funds(MAIN_ACCOUNT, { amount: exact })).toEqual({
        accountNumber: MAIN_ACCOUNT,
        amount: Number(exact),
        currency: "EUR",
        available: true,
      })
      expect((await ai.funds(MAIN_ACCOUNT, { amount: over })).available).toBe(false)
      expect((await ai.funds(MAIN_ACCOUNT, { amount: 12.345, currency: "EUR" })).available).toBe(true)
    })

    it("includes the credit line: an amount above the balance but within the credit line is available", async () => {
      const a = await seeded(MAIN_ACCOUNT)
      expect(a.creditLineInCents).toBeGreaterThan(0)
      const amount = unitsToDecimalText(BigInt(a.balanceInCents + 1), 2)
      expect((await ai.funds(MAIN_ACCOUNT, { amount })).available).toBe(true)
    })

    it("answers available: false in a currency other than the account's", async () => {
      expect(await ai.funds(MAIN_ACCOUNT, { amount: 1, currency: "GBP" })).toEqual(
        expect.objectContaining({ currency: "GBP", available: false })
      )
    })

    const fundsCases: Array<[string, string, string]> = [
      ["missing amount", "", "MESSAGE_RST560_0018"],
      ["blank amount", "amount=", "MESSAGE_RST560_0018"],
      ["zero", "amount=0", "MESSAGE_RST560_0014"],
      ["negative", "amount=-5", "MESSAGE_RST560_0014"],
      ["4 decimals", "amount=1.2345", "MESSAGE_RST560_0014"],
      ["exponent form", "amount=1e3", "MESSAGE_RST560_0014"],
      ["decimal comma", "amount=12,50", "MESSAGE_RST560_0014"],
      ["letters", "amount=abc", "MESSAGE_RST560_0014"],
      ["2-letter currency", "amount=1&currency=EU", "MESSAGE_RST560_0015"],
      ["lower-case currency", "amount=1&currency=eur", "MESSAGE_RST560_0015"],
      ["not an ISO currency", "amount=1&currency=XYZ", "MESSAGE_RST560_0015"],
      ["empty currency", "amount=1&currency=", "MESSAGE_RST560_0015"],
    ]
    it.each(fundsCases)("sandbox refuses %s", async (_name, query, code) => {
      const res = await raw(`${sandbox.url}/v1/accounts/${MAIN_ACCOUNT}/funds?${query}`, { headers: aisHeaders(token) })
      expectServiceError(res, 400, code)
      expect(res.json.errors[0].category).toBe("BAD_REQUEST")
    })

    const localCases: Array<[string, { amount: number | string; currency?: string }, string]> = [
      ["blank amount", { amount: " " }, "MESSAGE_RST560_0018"],
      ["0.1 + 0.2 (17 decimals)", { amount: 0.1 + 0.2 }, "MESSAGE_RST560_0014"],
      ["negative", { amount: -1 }, "MESSAGE_RST560_0014"],
      ["4 decimals", { amount: "0.0001" }, "MESSAGE_RST560_0014"],
      ["currency XYZ", { amount: 1, currency: "XYZ" }, "MESSAGE_RST560_0015"],
    ]
    it.each(localCases)("client refuses %s locally, sending nothing", async (_name, input, code) => {
      const before = await operationCount(sandbox, "accountInformation.checkFunds")
      const e = await ai.funds(MAIN_ACCOUNT, input).catch((x) => x)
      expect({ kind: e.kind, code: e.code, status: e.status }).toEqual({ kind: "local", code, status: 400 })
      expect(await operationCount(sandbox, "accountInformation.checkFunds")).toBe(before)
    })
  })

  describe("the account in the path", () => {
    const cases: Array<[string, string, number, string]> = [
      ["blank", "%20", 400, "MESSAGE_RST560_0001"],
      ["empty (//)", "", 400, "MESSAGE_RST560_0001"],
      ["checksum wrong", "NL91ABNA0417164301", 400, "MESSAGE_RST560_0007"],
      ["not an IBAN", "12345", 400, "MESSAGE_RST560_0007"],
      ["longer than 34", "NL91ABNA04171643000000000000000000000", 400, "MESSAGE_RST560_0010"],
      ["another holder's account", "BE68539007547034", 403, "MESSAGE_RST560_0016"],
    ]
    for (const resource of ["details", "balances", "transactions", "funds?amount=1"]) {
      it.each(cases)(`${resource.split("?")[0]}: %s`, async (_name, account, status, code) => {
        const [path, query] = resource.split("?")
        const url = `${sandbox.url}/v1/accounts/${account}${account === "" ? "" : "/"}${path}${query ? `?${query}` : ""}`
        const res = await raw(url.replace("/accounts//", "/accounts/"), { headers: aisHeaders(token) })
        expectServiceError(res, status, code)
      })
    }

    it.each([
      ["empty", "", "MESSAGE_RST560_0001"],
      ["checksum wrong", "NL91ABNA0417164301", "MESSAGE_RST560_0007"],
      ["longer than 34", "NL91ABNA04171643000000000000000000000", "MESSAGE_RST560_0010"],
    ])("client refuses an account number that is %s locally", async (_name, account, code) => {
      const e = await ai.details(account).catch((x) => x)
      expect({ kind: e.kind, code: e.code }).toEqual({ kind: "local", code })
    })

    it("another account through the client is MESSAGE_RST560_0016 (403)", async () => {
      const e = await ai.balances(BE_ACCOUNT).catch((x) => x)
      expect(isTikkieError(e)).toBe(true)
      expect({ kind: e.kind, code: e.code, status: e.status, category: e.category }).toEqual({
        kind: "service",
        code: "MESSAGE_RST560_0016",
        status: 403,
        category: "FORBIDDEN",
      })
    })

    it("a token carrying no account has access to none (0016); one for an account the sandbox lacks is 404", async () => {
      const none = await mintToken(sandbox, ALL_AIS_SCOPES)
      expectServiceError(
        await raw(`${sandbox.url}/v1/accounts/${MAIN_ACCOUNT}/details`, { headers: aisHeaders(none.access_token) }),
        403,
        "MESSAGE_RST560_0016"
      )
      const elsewhere = await mintToken(sandbox, ALL_AIS_SCOPES, "NL20INGB0001234567")
      expectServiceError(
        await raw(`${sandbox.url}/v1/accounts/NL20INGB0001234567/details`, {
          headers: aisHeaders(elsewhere.access_token),
        }),
        404,
        "ERR_4001_001"
      )
    })
  })

  describe("credentials and scopes", () => {
    it("each endpoint wants its own scope (ERR_3002_003, 403)", async () => {
      const only = (scope: string) => mintToken(sandbox, [scope], MAIN_ACCOUNT)
      const pairs: Array<[string, string]> = [
        ["details", "psd2:account:balance:read"],
        ["balances", "psd2:account:details:read"],
        ["transactions", "psd2:account:funds:read"],
        ["funds?amount=1", "psd2:account:transaction:read"],
      ]
      for (const [resource, wrongScope] of pairs) {
        const t = await only(wrongScope)
        const res = await raw(`${sandbox.url}/v1/accounts/${MAIN_ACCOUNT}/${resource}`, {
          headers: aisHeaders(t.access_token),
        })
        expectServiceError(res, 403, "ERR_3002_003")
      }
      const payOnly = await only("pay")
      expectServiceError(
        await raw(`${sandbox.url}/v1/accounts/${MAIN_ACCOUNT}/details`, { headers: aisHeaders(payOnly.access_token) }),
        403,
        "ERR_3002_003"
      )
    })

    it("a missing or unknown bearer token is ERR_2002_002 (401); a missing API-Key is ERR_1100_005", async () => {
      expectServiceError(
        await raw(`${sandbox.url}/v1/consentinfo`, { headers: { "API-Key": API_KEY } }),
        401,
        "ERR_2002_002"
      )
      expectServiceError(
        await raw(`${sandbox.url}/v1/consentinfo`, { headers: aisHeaders("not-a-token-at-all") }),
        401,
        "ERR_2002_002"
      )
      expectServiceError(
        await raw(`${sandbox.url}/v1/consentinfo`, { headers: { Authorization: `Bearer ${token}` } }),
        400,
        "ERR_1100_005"
      )
    })

    it("an empty account has balance 0 and only its credit line for funds", async () => {
      const t = await mintToken(sandbox, ALL_AIS_SCOPES, EMPTY_ACCOUNT)
      const c = new AccountInformationClient({ baseUrl: sandbox.url, apiKey: API_KEY, accessToken: t.access_token })
      try {
        expect((await c.balances(EMPTY_ACCOUNT)).amount).toBe(0)
        const credit = (await seeded(EMPTY_ACCOUNT)).creditLineInCents
        expect(credit).toBeGreaterThan(0)
        expect((await c.funds(EMPTY_ACCOUNT, { amount: unitsToDecimalText(BigInt(credit), 2) })).available).toBe(true)
        expect((await c.funds(EMPTY_ACCOUNT, { amount: unitsToDecimalText(BigInt(credit) + 1n, 2) })).available).toBe(
          false
        )
      } finally {
        await c.close()
      }
    })
  })
})
