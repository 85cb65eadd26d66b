import { V1_ERRORS, type PaymentRequestsV1Client } from "../../src/payment-requests/v1"
import {
  callsOf,
  caught,
  expectV1Error,
  newApiKey,
  paymentRequestBody,
  platformBody,
  raw,
  seedUser,
  startV1Env,
  userBody,
  type V1Env,
} from "./helpers"

const DAY_MS = 24 * 3_600 * 1_000

describe("payment requests v1: create, read and list (operations 5, 6 and 7)", () => {
  let env: V1Env
  let token: string
  beforeAll(async () => {
    env = await startV1Env()
    token = await env.token()
  })
  afterAll(() => env.close())

  /** A raw-HTTP client with a platform and a user. */
  async function rawUser() {
    const apiKey = newApiKey()
    const p = await raw(env.url, "POST", "/v1/pay/platforms", { apiKey, token, body: platformBody() })
    const platformToken: string = p.body.platformToken
    const u = await raw(env.url, "POST", `/v1/pay/platforms/${platformToken}/users`, {
      apiKey,
      token,
      body: userBody(),
    })
    const userToken: string = u.body.userToken
    const bankAccountToken: string = u.body.bankAccounts[0].bankAccountToken
    const base = `/v1/pay/platforms/${platformToken}/users/${userToken}`
    return {
      apiKey,
      platformToken,
      userToken,
      bankAccountToken,
      base,
      create: (body: unknown, bat = bankAccountToken) =>
        raw(env.url, "POST", `${base}/bankaccounts/${bat}/paymentrequests`, { apiKey, token, body }),
      list: (query: string) => raw(env.url, "GET", `${base}/paymentrequests${query}`, { apiKey, token }),
      get: (prToken: string) => raw(env.url, "GET", `${base}/paymentrequests/${prToken}`, { apiKey, token }),
    }
  }

  it("creates a fixed-amount request and reads it back as OPEN, expiring 14 days after creation", async () => {
    const client = await env.client()
    const s = await seedUser(client)
    const created = await client.createPaymentRequest(
      s.platformToken,
      s.userToken,
      s.bankAccountToken,
      paymentRequestBody()
    )
    expect(created).toEqual({
      paymentRequestUrl: `${env.url}/pay/v1/${created.paymentRequestToken}`,
      paymentRequestToken: expect.any(String),
      externalId: "INV-1001",
    })
    const read = await client.getPaymentRequest(s.platformToken, s.userToken, created.paymentRequestToken)
    expect(read).toEqual({
      paymentRequestToken: created.paymentRequestToken,
      amountInCents: 1250,
      currency: "EUR",
      description: "Order 1001",
      created: expect.any(String),
      expired: expect.any(String),
      status: "OPEN",
      bankAccountYieldedTooFast: false,
      externalId: "INV-1001",
      payments: [],
    })
    expect(Date.parse(read.expired!) - Date.parse(read.created)).toBe(14 * DAY_MS)
  })

  it("answers the raw create with 201 and amounts as strings of digits on read", async () => {
    const u = await rawUser()
    const created = await u.create(paymentRequestBody({ amountInCents: "999999" }))
    expect(created.status).toBe(201)
    expect(typeof created.traceId).toBe("string")
    expect(Object.keys(created.body).sort()).toEqual(["externalId", "paymentRequestToken", "paymentRequestUrl"])
    const read = await u.get(created.body.paymentRequestToken)
    expect(read.status).toBe(200)
    expect(read.body.amountInCents).toBe("999999")
    expect(read.body.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it("creates an open-amount request when amountInCents is left out (read back as null)", async () => {
    const client = await env.client()
    const s = await seedUser(client)
    const { paymentRequestToken } = await client.createPaymentRequest(
      s.platformToken,
      s.userToken,
      s.bankAccountToken,
      paymentRequestBody({ amountInCents: undefined })
    )
    const read = await client.getPaymentRequest(s.platformToken, s.userToken, paymentRequestToken)
    expect(read.amountInCents).toBeNull()
    expect(read.status).toBe("OPEN")
  })

  it("accepts amountInCents given as a JSON integer and sends it as digits", async () => {
    const client = await env.client()
    const s = await seedUser(client)
    const { paymentRequestToken } = await client.createPaymentRequest(
      s.platformToken,
      s.userToken,
      s.bankAccountToken,
      paymentRequestBody({ amountInCents: 1 })
    )
    expect((await client.getPaymentRequest(s.platformToken, s.userToken, paymentRequestToken)).amountInCents).toBe(1)
  })

  describe("field rules, refused by the client before sending and by the sandbox with the same code", () => {
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ["amountInCents of 7 digits", { amountInCents: "1000000" }, V1_ERRORS.INVALID_INPUT, /amountInCents/],
      ["amountInCents 0", { amountInCents: "0" }, V1_ERRORS.INVALID_INPUT, /at least 1/],
      ["amountInCents 000000", { amountInCents: "000000" }, V1_ERRORS.INVALID_INPUT, /at least 1/],
      ["amountInCents with a decimal point", { amountInCents: "12.50" }, V1_ERRORS.INVALID_INPUT, /amountInCents/],
      ["amountInCents negative", { amountInCents: "-5" }, V1_ERRORS.INVALID_INPUT, /amountInCents/],
      ["amountInCents empty", { amountInCents: "" }, V1_ERRORS.INVALID_INPUT, /amountInCents/],
      ["amountInCents as a fraction", { amountInCents: 12.5 }, V1_ERRORS.INVALID_INPUT, /amountInCents/],
      ["amountInCents as a boolean", { amountInCents: true }, V1_ERRORS.INVALID_INPUT, /amountInCents/],
      ["currency of 2 characters", { currency: "EU" }, V1_ERRORS.INVALID_INPUT, /currency: must be exactly 3/],
      ["currency of 4 characters", { currency: "EURO" }, V1_ERRORS.INVALID_INPUT, /currency: must be exactly 3/],
      ["currency other than EUR", { currency: "USD" }, V1_ERRORS.INVALID_INPUT, /only EUR/],
      ["missing currency", { currency: undefined }, V1_ERRORS.PARAMETER_MISSING, /currency is missing/],
      ["empty description", { description: "" }, V1_ERRORS.INVALID_INPUT, /description: must be 1-35/],
      [
        "description of 36 characters",
        { description: "d".repeat(36) },
        V1_ERRORS.INVALID_INPUT,
        /description: must be 1-35/,
      ],
      ["missing description", { description: undefined }, V1_ERRORS.PARAMETER_MISSING, /description is missing/],
      ["empty externalId", { externalId: "" }, V1_ERRORS.INVALID_INPUT, /externalId: must be 1-35/],
      ["externalId of 36 characters", { externalId: "e".repeat(36) }, V1_ERRORS.INVALID_INPUT, /externalId/],
      ["missing externalId", { externalId: undefined }, V1_ERRORS.PARAMETER_MISSING, /externalId is missing/],
      ["unknown field", { amount: "1250" }, V1_ERRORS.SEE_MESSAGE, /unknown field: amount/],
    ]
    it.each(cases)("%s", async (_label, overrides, code, message) => {
      const client = await env.client()
      const s = await seedUser(client)
      const body = paymentRequestBody(overrides)
      const before = await callsOf(env.control, "paymentRequestsV1.createPaymentRequest")
      const err = await caught(() =>
        client.createPaymentRequest(s.platformToken, s.userToken, s.bankAccountToken, body as never)
      )
      expect(err).toMatchObject({ kind: "local", code, status: 400, mayHaveReachedService: false })
      expect(err.message).toMatch(message)
      expect(await callsOf(env.control, "paymentRequestsV1.createPaymentRequest")).toBe(before)

      const u = await rawUser()
      expectV1Error(await u.create(JSON.parse(JSON.stringify(body))), 400, code, message)
    })

    const accepted: Array<[string, Record<string, unknown>]> = [
      ["amountInCents of 1 digit", { amountInCents: "1" }],
      ["amountInCents of 6 digits", { amountInCents: "999999" }],
      ["description of 1 character", { description: "d" }],
      ["description of 35 characters", { description: "d".repeat(35) }],
      ["externalId of 1 character", { externalId: "e" }],
      ["externalId of 35 characters", { externalId: "e".repeat(35) }],
    ]
    it.each(accepted)("accepts %s", async (_label, overrides) => {
      const u = await rawUser()
      const res = await u.create(paymentRequestBody(overrides))
      expect(res.status).toBe(201)
      expect(res.body.externalId).toBe(paymentRequestBody(overrides).externalId)
    })
  })

  it("refuses a bankAccountToken of another user with ERR_1100_004", async () => {
    const a = await rawUser()
    const other = await raw(env.url, "POST", `/v1/pay/platforms/${a.platformToken}/users`, {
      apiKey: a.apiKey,
      token,
      body: userBody(),
    })
    expectV1Error(
      await a.create(paymentRequestBody(), other.body.bankAccounts[0].bankAccountToken),
      400,
      V1_ERRORS.INVALID_INPUT,
      /bankAccountToken/
    )
  })

  it("answers ERR_4100_003 for an unknown user on every user operation", async () => {
    const a = await rawUser()
    const base = `/v1/pay/platforms/${a.platformToken}/users/no-such-user`
    const opts = { apiKey: a.apiKey, token }
    expectV1Error(
      await raw(env.url, "POST", `${base}/bankaccounts/${a.bankAccountToken}/paymentrequests`, {
        ...opts,
        body: paymentRequestBody(),
      }),
      404,
      V1_ERRORS.USER_NOT_FOUND,
      /user not found/
    )
    expectV1Error(
      await raw(env.url, "GET", `${base}/paymentrequests?offset=0&limit=5`, opts),
      404,
      V1_ERRORS.USER_NOT_FOUND
    )
    expectV1Error(await raw(env.url, "GET", `${base}/paymentrequests/x`, opts), 404, V1_ERRORS.USER_NOT_FOUND)
  })

  it("answers 400 ERR_1100_002 for an unknown payment request, and for another user's", async () => {
    const a = await rawUser()
    const b = await rawUser()
    const bRequest = await b.create(paymentRequestBody())
    expectV1Error(await a.get("no-such-request"), 400, V1_ERRORS.PAYMENT_REQUEST_NOT_FOUND, /not found/)
    expectV1Error(await a.get(bRequest.body.paymentRequestToken), 400, V1_ERRORS.PAYMENT_REQUEST_NOT_FOUND)

    const client = await env.client()
    const s = await seedUser(client)
    const err = await caught(() =>
      client.getPaymentRequest(s.platformToken, s.userToken, bRequest.body.paymentRequestToken)
    )
    expect(err).toMatchObject({
      kind: "service",
      code: V1_ERRORS.PAYMENT_REQUEST_NOT_FOUND,
      status: 400,
      category: "BAD_REQUEST",
    })
  })

  describe("the list: offset, limit, fromDate, toDate and totalElements", () => {
    const apiKey = newApiKey()
    let client: PaymentRequestsV1Client
    let s: Awaited<ReturnType<typeof seedUser>>
    /** Oldest first, one sandbox minute apart. */
    const created: Array<{ token: string; created: string }> = []

    beforeAll(async () => {
      client = await env.client({ apiKey })
      s = await seedUser(client)
      for (let i = 0; i < 7; i++) {
        const r = await client.createPaymentRequest(
          s.platformToken,
          s.userToken,
          s.bankAccountToken,
          paymentRequestBody({ externalId: `INV-${i}` })
        )
        const read = await client.getPaymentRequest(s.platformToken, s.userToken, r.paymentRequestToken)
        created.push({ token: r.paymentRequestToken, created: read.created })
        await env.control.advanceClock(60)
      }
    })
    const newestFirst = () => [...created].reverse().map((c) => c.token)

    it("pages newest first with totalElements counting every match", async () => {
      const first = await client.listPaymentRequests(s.platformToken, s.userToken, { offset: 0, limit: 3 })
      expect(first.totalElements).toBe(7)
      expect(first.paymentRequests.map((p) => p.paymentRequestToken)).toEqual(newestFirst().slice(0, 3))
      const last = await client.listPaymentRequests(s.platformToken, s.userToken, { offset: 6, limit: 3 })
      expect(last.paymentRequests.map((p) => p.paymentRequestToken)).toEqual(newestFirst().slice(6))
      const beyond = await client.listPaymentRequests(s.platformToken, s.userToken, { offset: 10, limit: 3 })
      expect(beyond).toEqual({ paymentRequests: [], totalElements: 7 })
    })

    it("filters on fromDate (created after, exclusive) and toDate (created before, exclusive)", async () => {
      const from = created[2].created
      const to = created[5].created
      const page = await client.listPaymentRequests(s.platformToken, s.userToken, {
        offset: 0,
        limit: 50,
        fromDate: from,
        toDate: to,
      })
      expect(page.paymentRequests.map((p) => p.paymentRequestToken)).toEqual([created[4].token, created[3].token])
      expect(page.totalElements).toBe(2)
      const onlyFrom = await client.listPaymentRequests(s.platformToken, s.userToken, {
        offset: 0,
        limit: 50,
        fromDate: new Date(Date.parse(created[5].created) - 1),
      })
      expect(onlyFrom.paymentRequests.map((p) => p.paymentRequestToken)).toEqual([created[6].token, created[5].token])
      // A zone offset means the same instant.
      const plusOne = new Date(Date.parse(created[1].created) + 3_600_000).toISOString().replace("Z", "+01:00")
      const onlyTo = await client.listPaymentRequests(s.platformToken, s.userToken, {
        offset: 0,
        limit: 50,
        toDate: plusOne,
      })
      expect(onlyTo.paymentRequests.map((p) => p.paymentRequestToken)).toEqual([created[0].token])
    })

    it("walks every request with the async iterator", async () => {
      const seen: string[] = []
      for await (const pr of client.paymentRequests(s.platformToken, s.userToken, { pageSize: 3 }))
        seen.push(pr.paymentRequestToken)
      expect(seen).toEqual(newestFirst())
      const calls = (await env.control.requests("paymentRequestsV1.listPaymentRequests")).filter((r) =>
        r.path.includes(s.userToken)
      )
      expect(calls.length).toBeGreaterThanOrEqual(3)
    })

    it("accepts limit 50 and the same query over raw HTTP", async () => {
      const q = new URLSearchParams({ offset: "1", limit: "50", fromDate: created[0].created })
      const res = await raw(
        env.url,
        "GET",
        `/v1/pay/platforms/${s.platformToken}/users/${s.userToken}/paymentrequests?${q}`,
        {
          apiKey,
          token,
        }
      )
      expect(res.status).toBe(200)
      expect(res.body.totalElements).toBe(6)
      expect(res.body.paymentRequests.map((p: { paymentRequestToken: string }) => p.paymentRequestToken)).toEqual(
        newestFirst().slice(1, 6)
      )
    })
  })

  describe("list query rules", () => {
    const cases: Array<[string, Record<string, unknown>, string, string, RegExp]> = [
      ["missing offset", { limit: 5 }, "limit=5", V1_ERRORS.PARAMETER_MISSING, /offset is missing/],
      ["missing limit", { offset: 0 }, "offset=0", V1_ERRORS.PARAMETER_MISSING, /limit is missing/],
      ["negative offset", { offset: -1, limit: 5 }, "offset=-1&limit=5", V1_ERRORS.INVALID_INPUT, /offset/],
      [
        "offset that is not a number",
        { offset: "abc", limit: 5 },
        "offset=abc&limit=5",
        V1_ERRORS.INVALID_INPUT,
        /offset/,
      ],
      [
        "limit 0",
        { offset: 0, limit: 0 },
        "offset=0&limit=0",
        V1_ERRORS.INVALID_INPUT,
        /limit: must be a whole number from 1 to 50/,
      ],
      ["limit 51", { offset: 0, limit: 51 }, "offset=0&limit=51", V1_ERRORS.INVALID_INPUT, /from 1 to 50/],
      ["limit 2.5", { offset: 0, limit: 2.5 }, "offset=0&limit=2.5", V1_ERRORS.INVALID_INPUT, /limit/],
      [
        "fromDate that is not a date",
        { offset: 0, limit: 5, fromDate: "yesterday" },
        "offset=0&limit=5&fromDate=yesterday",
        V1_ERRORS.INVALID_INPUT,
        /fromDate: must be an ISO-8601/,
      ],
      [
        "toDate without a zone",
        { offset: 0, limit: 5, toDate: "2024-05-01T12:00:00" },
        "offset=0&limit=5&toDate=2024-05-01T12:00:00",
        V1_ERRORS.INVALID_INPUT,
        /toDate/,
      ],
      [
        "fromDate after toDate",
        { offset: 0, limit: 5, fromDate: "2024-05-02T00:00:00Z", toDate: "2024-05-01T00:00:00Z" },
        "offset=0&limit=5&fromDate=2024-05-02T00:00:00Z&toDate=2024-05-01T00:00:00Z",
        V1_ERRORS.SEARCH_FAILED,
        /could not search: fromDate must be before toDate/,
      ],
      [
        "fromDate equal to toDate",
        { offset: 0, limit: 5, fromDate: "2024-05-01T00:00:00Z", toDate: "2024-05-01T01:00:00+01:00" },
        "offset=0&limit=5&fromDate=2024-05-01T00:00:00Z&toDate=2024-05-01T01:00:00%2B01:00",
        V1_ERRORS.SEARCH_FAILED,
        /fromDate must be before toDate/,
      ],
    ]
    it.each(cases)("%s", async (_label, query, qs, code, message) => {
      const client = await env.client()
      const s = await seedUser(client)
      const before = await callsOf(env.control, "paymentRequestsV1.listPaymentRequests")
      const err = await caught(() => client.listPaymentRequests(s.platformToken, s.userToken, query as never))
      expect(err).toMatchObject({ kind: "local", code, status: 400 })
      expect(err.message).toMatch(message)
      expect(await callsOf(env.control, "paymentRequestsV1.listPaymentRequests")).toBe(before)

      const u = await rawUser()
      expectV1Error(await u.list(`?${qs}`), 400, code, message)
    })
  })
})
