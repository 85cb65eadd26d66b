import { V1_ERRORS } from "../../src/payment-requests/v1"
import {
  callsOf,
  caught,
  dutchIban,
  expectV1Error,
  freshIban,
  newApiKey,
  platformBody,
  raw,
  startV1Env,
  userBody,
  VALID_BELGIAN_IBAN,
  type V1Env,
} from "./helpers"

describe("payment requests v1: users and bank accounts (operations 3 and 4)", () => {
  let env: V1Env
  let token: string
  beforeAll(async () => {
    env = await startV1Env()
    token = await env.token()
  })
  afterAll(() => env.close())

  /** A raw-HTTP client: its own API key and one platform. */
  async function rawPlatform() {
    const apiKey = newApiKey()
    const res = await raw(env.url, "POST", "/v1/pay/platforms", { apiKey, token, body: platformBody() })
    expect(res.status).toBe(201)
    const platformToken: string = res.body.platformToken
    return {
      apiKey,
      platformToken,
      postUser: (body: unknown) =>
        raw(env.url, "POST", `/v1/pay/platforms/${platformToken}/users`, { apiKey, token, body }),
    }
  }

  it("enrols an ACTIVE user with one bank account (electronic IBAN format) and lists it", async () => {
    const client = await env.client()
    const platform = await client.createPlatform(platformBody())
    const iban = freshIban()
    const spaced = iban
      .replace(/(.{4})/g, "$1 ")
      .trim()
      .toLowerCase()
    const user = await client.createUser(platform.platformToken, userBody({ iban: spaced, name: "Anna" }))
    expect(user).toEqual({
      userToken: expect.any(String),
      name: "Anna",
      status: "ACTIVE",
      bankAccounts: [{ bankAccountToken: expect.any(String), iban, bankAccountLabel: "Business account" }],
    })
    expect(await client.listUsers(platform.platformToken)).toEqual([user])
  })

  describe("field rules, refused by the client before sending and by the sandbox with the same code", () => {
    const badChecksum = (() => {
      const iban = dutchIban("ABNA", 417164300)
      const last = Number(iban.at(-1))
      return iban.slice(0, -1) + String((last + 1) % 10)
    })()
    const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ["name of 1 character", { name: "A" }, V1_ERRORS.INVALID_INPUT, /name: must be 2-70/],
      ["name of 71 characters", { name: "x".repeat(71) }, V1_ERRORS.INVALID_INPUT, /name: must be 2-70/],
      ["phone number of 9 characters", { phoneNumber: "061234567" }, V1_ERRORS.INVALID_INPUT, /exactly 10/],
      ["phone number of 11 characters", { phoneNumber: "06123456789" }, V1_ERRORS.INVALID_INPUT, /exactly 10/],
      [
        "Dutch number in +31 notation (12 characters)",
        { phoneNumber: "+31612345678" },
        V1_ERRORS.INVALID_INPUT,
        /exactly 10/,
      ],
      [
        "10 characters that are no Dutch number (00: an international prefix)",
        { phoneNumber: "0012345678" },
        V1_ERRORS.INVALID_INPUT,
        /Dutch/,
      ],
      ["foreign number of 10 characters", { phoneNumber: "+324701234" }, V1_ERRORS.INVALID_INPUT, /Dutch/],
      ["Dutch IBAN with a wrong check digit", { iban: badChecksum }, V1_ERRORS.INVALID_INPUT, /not a valid Dutch IBAN/],
      ["valid Belgian IBAN", { iban: VALID_BELGIAN_IBAN }, V1_ERRORS.INVALID_INPUT, /only Dutch IBANs/],
      [
        "Dutch IBAN one digit short",
        { iban: freshIban().slice(0, -1) },
        V1_ERRORS.INVALID_INPUT,
        /not a valid Dutch IBAN/,
      ],
      [
        "bankAccountLabel of 1 character",
        { bankAccountLabel: "B" },
        V1_ERRORS.INVALID_INPUT,
        /bankAccountLabel: must be 2-70/,
      ],
      [
        "bankAccountLabel of 71 characters",
        { bankAccountLabel: "b".repeat(71) },
        V1_ERRORS.INVALID_INPUT,
        /bankAccountLabel/,
      ],
      ["missing iban", { iban: undefined }, V1_ERRORS.PARAMETER_MISSING, /iban is missing/],
      [
        "missing bankAccountLabel",
        { bankAccountLabel: undefined },
        V1_ERRORS.PARAMETER_MISSING,
        /bankAccountLabel is missing/,
      ],
      ["phone number as a JSON number", { phoneNumber: 612345678 }, V1_ERRORS.INVALID_INPUT, /phoneNumber/],
      ["unknown field", { email: "a@b.nl" }, V1_ERRORS.SEE_MESSAGE, /unknown field: email/],
    ]
    it.each(cases)("%s", async (_label, overrides, code, message) => {
      const client = await env.client()
      const platform = await client.createPlatform(platformBody())
      const body = userBody(overrides)
      const before = await callsOf(env.control, "paymentRequestsV1.createUser")
      const err = await caught(() => client.createUser(platform.platformToken, body as never))
      expect(err).toMatchObject({ kind: "local", code, status: 400, mayHaveReachedService: false })
      expect(err.message).toMatch(message)
      expect(await callsOf(env.control, "paymentRequestsV1.createUser")).toBe(before)

      const p = await rawPlatform()
      expectV1Error(await p.postUser(JSON.parse(JSON.stringify(body))), 400, code, message)
    })

    const accepted: Array<[string, Record<string, unknown>]> = [
      ["name of 2 characters", { name: "Jo" }],
      ["name of 70 characters", { name: "n".repeat(70) }],
      ["Dutch mobile number", { phoneNumber: "0687654321" }],
      [
        "the sample number public Tikkie clients use, 06 and eight digits from a block not handed out",
        { phoneNumber: "0601234567" },
      ],
      ["Dutch landline number", { phoneNumber: "0101234567" }],
      ["bankAccountLabel of 2 characters", { bankAccountLabel: "BA" }],
      ["bankAccountLabel of 70 characters", { bankAccountLabel: "l".repeat(70) }],
    ]
    it.each(accepted)("accepts %s", async (_label, overrides) => {
      const p = await rawPlatform()
      const res = await p.postUser(userBody(overrides))
      expect(res.status).toBe(201)
      expect(res.body.status).toBe("ACTIVE")
    })
  })

  it("couples an IBAN to one user only: a second user with it gets ERR_1100_001, on any platform", async () => {
    const client = await env.client()
    const first = await client.createPlatform(platformBody())
    const second = await client.createPlatform(platformBody())
    const iban = freshIban()
    await client.createUser(first.platformToken, userBody({ iban }))
    const samePlatform = await caught(() => client.createUser(first.platformToken, userBody({ iban })))
    expect(samePlatform).toMatchObject({ kind: "service", code: V1_ERRORS.USER_NOT_CREATED, status: 400 })
    expect(samePlatform.message).toMatch(/user could not be created/)
    // The same account written with spaces is the same IBAN.
    const spaced = iban.replace(/(.{4})/g, "$1 ").trim()
    const otherPlatform = await caught(() => client.createUser(second.platformToken, userBody({ iban: spaced })))
    expect(otherPlatform.code).toBe(V1_ERRORS.USER_NOT_CREATED)

    const p = await rawPlatform()
    expectV1Error(await p.postUser(userBody({ iban })), 400, V1_ERRORS.USER_NOT_CREATED, /already coupled/)
    expect(await client.listUsers(second.platformToken)).toEqual([])
  })

  it("allows v1MaxUsersPerPlatform users per platform, then answers 403 ERR_3100_002", async () => {
    const max = env.sandbox.context.options.v1MaxUsersPerPlatform
    const p = await rawPlatform()
    for (let i = 0; i < max; i++) expect((await p.postUser(userBody())).status).toBe(201)
    expectV1Error(await p.postUser(userBody()), 403, V1_ERRORS.MAX_USERS_REACHED, /maximum number of users/)
    const list = await raw(env.url, "GET", `/v1/pay/platforms/${p.platformToken}/users`, { apiKey: p.apiKey, token })
    expect(list.body).toHaveLength(max)
  })

  it("answers ERR_4100_001 for an API key without platforms and ERR_4100_002 for another client's platform", async () => {
    const owner = await rawPlatform()
    const strangerKey = newApiKey()
    expectV1Error(
      await raw(env.url, "GET", `/v1/pay/platforms/${owner.platformToken}/users`, { apiKey: strangerKey, token }),
      404,
      V1_ERRORS.CLIENT_NOT_FOUND,
      /client not found/
    )
    // Once the stranger has a platform of its own, it is a known client, but still cannot see the owner's.
    expect(
      (await raw(env.url, "POST", "/v1/pay/platforms", { apiKey: strangerKey, token, body: platformBody() })).status
    ).toBe(201)
    for (const [method, body] of [
      ["GET", undefined],
      ["POST", userBody()],
    ] as const) {
      expectV1Error(
        await raw(env.url, method, `/v1/pay/platforms/${owner.platformToken}/users`, {
          apiKey: strangerKey,
          token,
          body,
        }),
        404,
        V1_ERRORS.PLATFORM_NOT_FOUND,
        /platform not found/
      )
    }
    expectV1Error(
      await raw(env.url, "GET", `/v1/pay/platforms/no-such-platform/users`, { apiKey: owner.apiKey, token }),
      404,
      V1_ERRORS.PLATFORM_NOT_FOUND
    )
  })

  it("gives the client the service's not-found errors as TikkieErrors", async () => {
    const client = await env.client()
    const unknownClient = await caught(() => client.listUsers("some-platform"))
    expect(unknownClient).toMatchObject({
      kind: "service",
      code: V1_ERRORS.CLIENT_NOT_FOUND,
      status: 404,
      category: "NOT_FOUND",
    })
    await client.createPlatform(platformBody())
    const unknownPlatform = await caught(() => client.createUser("some-platform", userBody()))
    expect(unknownPlatform).toMatchObject({ code: V1_ERRORS.PLATFORM_NOT_FOUND, status: 404 })
    expect(typeof unknownPlatform.traceId).toBe("string")
  })

  it("refuses an empty platformToken locally as missing (ERR_1100_005)", async () => {
    const client = await env.client()
    const err = await caught(() => client.listUsers(""))
    expect(err).toMatchObject({ kind: "local", code: V1_ERRORS.PARAMETER_MISSING })
    expect(err.message).toMatch(/platformToken is missing/)
  })
})
