import { V1_ERRORS } from "../../src/payment-requests/v1"
import { callsOf, caught, expectV1Error, newApiKey, platformBody, raw, startV1Env, type V1Env } from "./helpers"

describe("payment requests v1: platforms (operations 1 and 2)", () => {
  let env: V1Env
  let token: string
  beforeAll(async () => {
    env = await startV1Env()
    token = await env.token()
  })
  afterAll(() => env.close())

  const post = (body: unknown, apiKey = newApiKey()) =>
    raw(env.url, "POST", "/v1/pay/platforms", { apiKey, token, body })

  it("creates an ACTIVE platform and lists it for the same API key only", async () => {
    const client = await env.client()
    const created = await client.createPlatform(platformBody({ name: "Bakery" }))
    expect(created).toEqual({
      name: "Bakery",
      platformToken: expect.any(String),
      phoneNumber: "0201234567",
      email: "info@bakery.nl",
      notificationUrl: "https://bakery.example/tikkie",
      status: "ACTIVE",
      platformUsage: "PAYMENT_REQUEST_FOR_MYSELF",
    })
    expect(await client.listPlatforms()).toEqual([created])
    const other = await env.client()
    expect(await other.listPlatforms()).toEqual([])
  })

  it("answers 201 with the platform object over raw HTTP; absent email and notificationUrl are null", async () => {
    const res = await post({
      name: "Shop",
      phoneNumber: "+31 20 123 4567",
      platformUsage: "PAYMENT_REQUEST_FOR_MYSELF",
    })
    expect(res.status).toBe(201)
    expect(typeof res.traceId).toBe("string")
    expect(res.body).toMatchObject({ name: "Shop", email: null, notificationUrl: null, status: "ACTIVE" })
  })

  describe("field rules, refused by the client before sending and by the sandbox with the same code", () => {
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ["name of 1 character", { name: "A" }, V1_ERRORS.INVALID_INPUT, /name/],
      ["name of 101 characters", { name: "x".repeat(101) }, V1_ERRORS.INVALID_INPUT, /name: must be 2-100/],
      ["blank name", { name: "   " }, V1_ERRORS.INVALID_INPUT, /blank/],
      ["phone number of 4 characters", { phoneNumber: "0201" }, V1_ERRORS.INVALID_INPUT, /phoneNumber/],
      ["phone number of 101 characters", { phoneNumber: "0".repeat(101) }, V1_ERRORS.INVALID_INPUT, /phoneNumber/],
      ["Belgian mobile number", { phoneNumber: "+32 470 12 34 56" }, V1_ERRORS.INVALID_INPUT, /Dutch/],
      ["German mobile number", { phoneNumber: "+49 151 12345678" }, V1_ERRORS.INVALID_INPUT, /Dutch/],
      ["email of 4 characters", { email: "a@bc" }, V1_ERRORS.INVALID_INPUT, /email: must be 5-100/],
      [
        "email of 101 characters",
        { email: `${"a".repeat(93)}@shop.nl` },
        V1_ERRORS.INVALID_INPUT,
        /email: must be 5-100/,
      ],
      // 5 characters fit the length rule, but no address with a two-letter top-level domain is that short.
      ["email of 5 characters without a real domain", { email: "a@b.n" }, V1_ERRORS.INVALID_INPUT, /e-mail/],
      ["email that is not one", { email: "not an email" }, V1_ERRORS.INVALID_INPUT, /e-mail/],
      [
        "notificationUrl of 201 characters",
        { notificationUrl: `https://shop.example/${"a".repeat(180)}` },
        V1_ERRORS.INVALID_INPUT,
        /at most 200/,
      ],
      [
        "notificationUrl that is not http(s)",
        { notificationUrl: "ftp://shop.example/x" },
        V1_ERRORS.INVALID_INPUT,
        /URL/,
      ],
      [
        "other platformUsage",
        { platformUsage: "PAYMENT_REQUEST_FOR_OTHERS" },
        V1_ERRORS.INVALID_INPUT,
        /PAYMENT_REQUEST_FOR_MYSELF/,
      ],
      ["missing name", { name: undefined }, V1_ERRORS.PARAMETER_MISSING, /name is missing/],
      ["missing phoneNumber", { phoneNumber: undefined }, V1_ERRORS.PARAMETER_MISSING, /phoneNumber is missing/],
      ["missing platformUsage", { platformUsage: undefined }, V1_ERRORS.PARAMETER_MISSING, /platformUsage is missing/],
      ["unknown field", { website: "https://x.nl" }, V1_ERRORS.SEE_MESSAGE, /unknown field: website/],
    ]
    it.each(cases)("%s", async (_label, overrides, code, message) => {
      const body = platformBody(overrides)
      const client = await env.client()
      const before = await callsOf(env.control, "paymentRequestsV1.createPlatform")
      const err = await caught(() => client.createPlatform(body as never))
      expect(err).toMatchObject({
        kind: "local",
        code,
        status: 400,
        category: "BAD_REQUEST",
        mayHaveReachedService: false,
      })
      expect(err.message).toMatch(message)
      expect(await callsOf(env.control, "paymentRequestsV1.createPlatform")).toBe(before)

      expectV1Error(await post(JSON.parse(JSON.stringify(body))), 400, code, message)
    })

    const accepted: Array<[string, Record<string, unknown>]> = [
      ["name of 2 characters", { name: "AB" }],
      ["name of 100 characters", { name: "x".repeat(100) }],
      ["name of 100 characters with accents and emoji (code points)", { name: "é😀".repeat(50) }],
      ["Dutch mobile number", { phoneNumber: "0612345678" }],
      ["Dutch landline in international notation", { phoneNumber: "+31 10 123 4567" }],
      ["email of 6 characters", { email: "a@b.nl" }],
      ["email of 100 characters", { email: `${"a".repeat(92)}@shop.nl` }],
      ["notificationUrl of 200 characters", { notificationUrl: `https://shop.example/${"a".repeat(179)}` }],
      ["no email and no notificationUrl", { email: undefined, notificationUrl: undefined }],
      ["null email and notificationUrl", { email: null, notificationUrl: null }],
    ]
    it.each(accepted)("accepts %s", async (_label, overrides) => {
      const client = await env.client()
      const body = platformBody(overrides)
      const created = await client.createPlatform(body as never)
      expect(created.status).toBe("ACTIVE")
      expect(created.name).toBe(body.name)
    })
  })

  it("refuses a body that is not JSON or not an object with ERR_1100_004, and keeps serving", async () => {
    const apiKey = newApiKey()
    expectV1Error(
      await raw(env.url, "POST", "/v1/pay/platforms", { apiKey, token, rawBody: "{name:" }),
      400,
      V1_ERRORS.INVALID_INPUT,
      /not valid JSON/
    )
    expectV1Error(await post([platformBody()], apiKey), 400, V1_ERRORS.INVALID_INPUT, /JSON object/)
    expectV1Error(
      await raw(env.url, "POST", "/v1/pay/platforms", { apiKey, token }),
      400,
      V1_ERRORS.PARAMETER_MISSING,
      /name is missing/
    )
    expect((await post(platformBody(), apiKey)).status).toBe(201)
  })

  it("allows v1MaxPlatformsPerClient platforms per API key, then answers 403 ERR_3100_001", async () => {
    const max = env.sandbox.context.options.v1MaxPlatformsPerClient
    const client = await env.client()
    for (let i = 0; i < max; i++) await client.createPlatform(platformBody({ name: `Platform ${i}` }))
    const err = await caught(() => client.createPlatform(platformBody()))
    expect(err).toMatchObject({
      kind: "service",
      code: V1_ERRORS.MAX_PLATFORMS_REACHED,
      status: 403,
      category: "FORBIDDEN",
    })
    expect(await client.listPlatforms()).toHaveLength(max)
    // The limit is per client: another API key still creates platforms.
    const other = await env.client()
    await expect(other.createPlatform(platformBody())).resolves.toMatchObject({ status: "ACTIVE" })
  })

  it("answers the raw 403 ERR_3100_001 in the documented error shape", async () => {
    const apiKey = newApiKey()
    for (let i = 0; i < env.sandbox.context.options.v1MaxPlatformsPerClient; i++) {
      expect((await post(platformBody(), apiKey)).status).toBe(201)
    }
    expectV1Error(
      await post(platformBody(), apiKey),
      403,
      V1_ERRORS.MAX_PLATFORMS_REACHED,
      /maximum number of platforms/
    )
  })

  it("talks to /v1/tikkie/... when the product option is tikkie", async () => {
    const client = await env.client({ product: "tikkie" })
    const created = await client.createPlatform(platformBody())
    expect(await client.listPlatforms()).toEqual([created])
    const logged = await env.control.requests("paymentRequestsV1.listPlatforms")
    expect(logged.at(-1)?.path).toBe("/v1/tikkie/platforms")
  })
})
