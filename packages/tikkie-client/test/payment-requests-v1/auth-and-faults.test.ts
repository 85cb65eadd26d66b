import { PaymentRequestsV1Client, V1_ERRORS } from "../../src/payment-requests/v1"
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
  type V1Env,
} from "./helpers"

describe("payment requests v1: credentials, faults, retries and secrets", () => {
  let env: V1Env
  beforeAll(async () => {
    env = await startV1Env()
  })
  afterAll(() => env.close())

  /** Every v1 route, so each credential rule is shown to hold on all of them. */
  const ROUTES: Array<["GET" | "POST", string]> = [
    ["POST", "/v1/pay/platforms"],
    ["GET", "/v1/pay/platforms"],
    ["POST", "/v1/pay/platforms/p/users"],
    ["GET", "/v1/pay/platforms/p/users"],
    ["POST", "/v1/pay/platforms/p/users/u/bankaccounts/b/paymentrequests"],
    ["GET", "/v1/pay/platforms/p/users/u/paymentrequests?offset=0&limit=1"],
    ["GET", "/v1/pay/platforms/p/users/u/paymentrequests/r"],
  ]

  describe("credentials on every route", () => {
    it.each(ROUTES)("%s %s: API-Key missing is 400 ERR_1100_005", async (method, path) => {
      const token = await env.token()
      expectV1Error(
        await raw(env.url, method, path, { token, body: platformBody() }),
        400,
        V1_ERRORS.PARAMETER_MISSING,
        /API-Key/
      )
    })

    it.each(ROUTES)("%s %s: bearer token missing is 401 ERR_2002_002", async (method, path) => {
      expectV1Error(
        await raw(env.url, method, path, { apiKey: newApiKey(), body: platformBody() }),
        401,
        V1_ERRORS.ACCESS_TOKEN_INVALID,
        /access token not valid or expired/
      )
    })

    it.each(ROUTES)("%s %s: token without scope pay is 403 ERR_3002_003", async (method, path) => {
      const token = await env.token("accounts")
      expectV1Error(
        await raw(env.url, method, path, { apiKey: newApiKey(), token, body: platformBody() }),
        403,
        V1_ERRORS.INSUFFICIENT_SCOPE,
        /scope/
      )
    })
  })

  it("answers 401 ERR_2002_002 for an unknown token and for an expired one, without quoting it", async () => {
    const apiKey = newApiKey()
    const unknown = await raw(env.url, "GET", "/v1/pay/platforms", { apiKey, token: "not-a-token-we-issued" })
    expectV1Error(unknown, 401, V1_ERRORS.ACCESS_TOKEN_INVALID, /access token not valid or expired/)
    expect(unknown.text).not.toContain("not-a-token-we-issued")

    const token = await env.token()
    expect((await raw(env.url, "GET", "/v1/pay/platforms", { apiKey, token })).status).toBe(200)
    await env.control.post("/_sandbox/oauth/tokens/expire", { access_token: token })
    const expired = await raw(env.url, "GET", "/v1/pay/platforms", { apiKey, token })
    expectV1Error(expired, 401, V1_ERRORS.ACCESS_TOKEN_INVALID, /access token not valid or expired/)
    expect(expired.text).not.toContain(token)
    expect(expired.text).not.toContain(apiKey)
  })

  it("accepts a token carrying pay among other scopes, and a malformed Authorization header is 401", async () => {
    const token = await env.token("accounts pay")
    expect((await raw(env.url, "GET", "/v1/pay/platforms", { apiKey: newApiKey(), token })).status).toBe(200)
    const basic = await raw(env.url, "GET", "/v1/pay/platforms", {
      apiKey: newApiKey(),
      headers: { authorization: `Basic ${token}` },
    })
    expectV1Error(basic, 401, V1_ERRORS.ACCESS_TOKEN_INVALID)
  })

  it("gives the client's caller the 401 and 403 as TikkieErrors, with neither secret in message or JSON", async () => {
    const apiKey = newApiKey()
    const token = await env.token()
    const client = await env.client({ apiKey, accessToken: token })
    await env.control.post("/_sandbox/oauth/tokens/expire", { access_token: token })
    const expired = await caught(() => client.listPlatforms())
    expect(expired).toMatchObject({
      kind: "service",
      code: V1_ERRORS.ACCESS_TOKEN_INVALID,
      status: 401,
      category: "UNAUTHORIZED",
    })

    const wrongScope = await env.token("accounts")
    const scoped = await env.client({ apiKey, accessToken: wrongScope })
    const forbidden = await caught(() => scoped.createPlatform(platformBody()))
    expect(forbidden).toMatchObject({ code: V1_ERRORS.INSUFFICIENT_SCOPE, status: 403, category: "FORBIDDEN" })

    for (const [err, secret] of [
      [expired, token],
      [forbidden, wrongScope],
    ] as const) {
      for (const text of [err.message, JSON.stringify(err), String(err.stack)]) {
        expect(text).not.toContain(secret)
        expect(text).not.toContain(apiKey)
      }
    }
  })

  it("calls the token function for every call, so a refreshed token is used", async () => {
    let calls = 0
    const client = await env.client({
      accessToken: async () => {
        calls++
        return env.token()
      },
    })
    await client.createPlatform(platformBody())
    await client.listPlatforms()
    expect(calls).toBe(2)
  })

  it("asks the token function again, naming the refused token, when the service says the token died, and sends once more", async () => {
    const stale = await env.token()
    await env.control.post("/_sandbox/oauth/tokens/expire", { access_token: stale })
    const hints: Array<{ rejected: string } | undefined> = []
    const client = await env.client({
      accessToken: async (hint) => {
        hints.push(hint)
        return hint ? env.token() : stale
      },
    })
    const before = await callsOf(env.control, "paymentRequestsV1.createPlatform")
    const platform = await client.createPlatform(platformBody())
    expect(platform.platformToken).toBeTruthy()
    expect(hints).toEqual([undefined, { rejected: stale }])
    // The refused POST did nothing: exactly one platform was made.
    expect((await client.listPlatforms()).length).toBe(1)
    expect(await callsOf(env.control, "paymentRequestsV1.createPlatform")).toBe(before + 2)
  })

  it("gives up after one renewal: a token function that keeps answering dead tokens gets the 401", async () => {
    const dead = await env.token()
    await env.control.post("/_sandbox/oauth/tokens/expire", { access_token: dead })
    let calls = 0
    const client = await env.client({
      accessToken: async () => {
        calls++
        return dead
      },
    })
    const err = await caught(() => client.listPlatforms())
    expect(err).toMatchObject({ status: 401, code: "ERR_2002_002" })
    expect(calls).toBe(2)
    expect(err.message).not.toContain(dead)
  })

  it("does not renew a fixed token string: the 401 reaches the caller at once", async () => {
    const dead = await env.token()
    await env.control.post("/_sandbox/oauth/tokens/expire", { access_token: dead })
    const client = await env.client({ accessToken: dead })
    const before = await callsOf(env.control, "paymentRequestsV1.listPlatforms")
    await expect(client.listPlatforms()).rejects.toMatchObject({ status: 401, code: "ERR_2002_002" })
    expect(await callsOf(env.control, "paymentRequestsV1.listPlatforms")).toBe(before + 1)
  })

  it("keeps secrets out of the error when the token function fails, and sends nothing", async () => {
    const apiKey = newApiKey()
    const earlier = await env.token()
    let first = true
    const client = await env.client({
      apiKey,
      accessToken: async () => {
        if (first) {
          first = false
          return earlier
        }
        throw new Error(`refresh failed for ${earlier} with key ${apiKey}`)
      },
    })
    await client.listPlatforms()
    const before = await callsOf(env.control, "paymentRequestsV1.listPlatforms")
    const err = await caught(() => client.listPlatforms())
    expect(err).toMatchObject({ kind: "local", code: "ACCESS_TOKEN_UNAVAILABLE" })
    expect(err.message).toContain("refresh failed")
    for (const text of [err.message, JSON.stringify(err)]) {
      expect(text).not.toContain(earlier)
      expect(text).not.toContain(apiKey)
    }
    expect(await callsOf(env.control, "paymentRequestsV1.listPlatforms")).toBe(before)
  })

  it("keeps the API key and token out of a local validation error", async () => {
    const apiKey = newApiKey()
    const token = await env.token()
    const client = await env.client({ apiKey, accessToken: token })
    // A careless caller puts a credential into a field: the error names the field, never the value.
    const err = await caught(() => client.createPlatform(platformBody({ phoneNumber: token })))
    expect(err.code).toBe(V1_ERRORS.INVALID_INPUT)
    expect(JSON.stringify(err)).not.toContain(token)
    expect(err.message).not.toContain(apiKey)
  })

  it("refuses bad options with a message that names the option but not its value", () => {
    let thrown: unknown
    try {
      new PaymentRequestsV1Client({ apiKey: "secret-api-key-value", accessToken: "", baseUrl: "not a url" })
    } catch (e) {
      thrown = e
    }
    expect(thrown).toMatchObject({ code: "INVALID_OPTIONS" })
    const message = (thrown as Error).message
    expect(message).toMatch(/accessToken/)
    expect(message).toMatch(/baseUrl/)
    expect(message).not.toContain("secret-api-key-value")
  })

  describe("fault injection and retries", () => {
    const fault = (operation: string, kind: "500" | "503", count = 1) => env.control.injectFault(operation, kind, count)

    it("answers injected faults with ERR_8100_001 (500) and ERR_9100_011 (503) in the documented shape", async () => {
      const apiKey = newApiKey()
      const token = await env.token()
      await fault("paymentRequestsV1.listPlatforms", "500")
      expectV1Error(await raw(env.url, "GET", "/v1/pay/platforms", { apiKey, token }), 500, V1_ERRORS.BACKEND_ERROR)
      await fault("paymentRequestsV1.listPlatforms", "503")
      expectV1Error(
        await raw(env.url, "GET", "/v1/pay/platforms", { apiKey, token }),
        503,
        V1_ERRORS.SERVICE_UNAVAILABLE
      )
    })

    it.each([["500"], ["503"]] as const)("retries a GET after an injected %s and returns the answer", async (kind) => {
      const client = await env.client()
      const s = await seedUser(client)
      const { paymentRequestToken } = await client.createPaymentRequest(
        s.platformToken,
        s.userToken,
        s.bankAccountToken,
        paymentRequestBody()
      )
      const before = await callsOf(env.control, "paymentRequestsV1.getPaymentRequest")
      await fault("paymentRequestsV1.getPaymentRequest", kind, 2)
      const read = await client.getPaymentRequest(s.platformToken, s.userToken, paymentRequestToken)
      expect(read.paymentRequestToken).toBe(paymentRequestToken)
      expect(await callsOf(env.control, "paymentRequestsV1.getPaymentRequest")).toBe(before + 3)
    })

    it("gives up on a GET after the configured retries with the service's code", async () => {
      const client = await env.client({ retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 } })
      await client.listPlatforms()
      const before = await callsOf(env.control, "paymentRequestsV1.listPlatforms")
      await fault("paymentRequestsV1.listPlatforms", "500", 2)
      const err = await caught(() => client.listPlatforms())
      expect(err).toMatchObject({
        kind: "service",
        code: V1_ERRORS.BACKEND_ERROR,
        status: 500,
        category: "INTERNAL_SERVER_ERROR",
      })
      expect(await callsOf(env.control, "paymentRequestsV1.listPlatforms")).toBe(before + 2)
    })

    it("does not resend a POST after a 500 (it may have been carried out)", async () => {
      const client = await env.client()
      const before = await callsOf(env.control, "paymentRequestsV1.createPlatform")
      await fault("paymentRequestsV1.createPlatform", "500")
      const err = await caught(() => client.createPlatform(platformBody()))
      expect(err).toMatchObject({ code: V1_ERRORS.BACKEND_ERROR, status: 500, mayHaveReachedService: true })
      expect(await callsOf(env.control, "paymentRequestsV1.createPlatform")).toBe(before + 1)
      expect(await client.listPlatforms()).toEqual([])
    })

    it("resends a POST after 503 ERR_9100_011 (the service did not take it)", async () => {
      const client = await env.client()
      const before = await callsOf(env.control, "paymentRequestsV1.createPlatform")
      await fault("paymentRequestsV1.createPlatform", "503")
      const created = await client.createPlatform(platformBody())
      expect(created.status).toBe("ACTIVE")
      expect(await callsOf(env.control, "paymentRequestsV1.createPlatform")).toBe(before + 2)
      expect(await client.listPlatforms()).toEqual([created])
    })
  })

  it("answers an unknown v1 operation with ERR_1100_007", async () => {
    const res = await raw(env.url, "GET", "/v1/pay/platforms/p/users/u/bankaccounts", {
      apiKey: newApiKey(),
      token: await env.token(),
    })
    expectV1Error(res, 400, V1_ERRORS.OPERATION_NOT_FOUND, /operation not found/)
  })
})
