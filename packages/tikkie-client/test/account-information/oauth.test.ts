import { AccountInformationClient, OAuthClient, type TokenResponse } from "../../src"
import { startSandbox, type RunningSandbox } from "tikkie-sandbox"
import {
  advanceClock,
  aisHeaders,
  ALL_AIS_SCOPES,
  API_KEY,
  consent,
  expectServiceError,
  MAIN_ACCOUNT,
  raw,
  RedirectReceiver,
} from "./support"

/**
 * POST /as/token.oauth2 over plain HTTP (a sandbox started without `tls`), through OAuthClient and raw.
 * Each test that moves the clock starts its own sandbox, so the others keep real time.
 */
describe("token endpoint: code exchange and refresh", () => {
  let sandbox: RunningSandbox
  let receiver: RedirectReceiver
  let oauth: OAuthClient
  beforeEach(async () => {
    sandbox = await startSandbox({ port: 0 })
    receiver = await new RedirectReceiver().start()
    oauth = new OAuthClient({ authUrl: sandbox.url, clientId: "TPP_test", retry: { baseDelayMs: 1 } })
  })
  afterEach(async () => {
    await oauth.close()
    await receiver.close()
    await sandbox.close()
  })

  async function code(scopes: ReadonlyArray<string> = ALL_AIS_SCOPES): Promise<string> {
    const { location } = await consent(sandbox, { scopes, redirectUri: receiver.url, accountNumber: MAIN_ACCOUNT })
    return new URL(location).searchParams.get("code")!
  }

  function client(token: string) {
    return new AccountInformationClient({
      baseUrl: sandbox.url,
      apiKey: API_KEY,
      accessToken: token,
      retry: { baseDelayMs: 1 },
    })
  }

  it("answers the token response with valid and expires_in of 7200 s, never cached", async () => {
    const res = await raw(`${sandbox.url}/as/token.oauth2`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: await code(),
        client_id: "TPP_test",
        redirect_uri: receiver.url,
      }).toString(),
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 7200,
      valid: 7200,
      scope: ALL_AIS_SCOPES.join(" "),
    })
    expect(res.headers["cache-control"]).toBe("no-store")
  })

  it("a code works once; presenting it again fails and revokes the tokens it gave", async () => {
    const c = await code()
    const first = await oauth.exchangeCode({ code: c, redirectUri: receiver.url })
    const ai = client(first.access_token)
    try {
      expect((await ai.consentInfo()).iban).toBe(MAIN_ACCOUNT)
      const again = await oauth.exchangeCode({ code: c, redirectUri: receiver.url }).catch((e) => e)
      expect({ code: again.code, status: again.status }).toEqual({ code: "invalid_grant", status: 400 })
      expect(again.message).toMatch(/already used/)
      const revoked = await ai.consentInfo().catch((e) => e)
      expect({ code: revoked.code, status: revoked.status }).toEqual({ code: "ERR_2002_002", status: 401 })
    } finally {
      await ai.close()
    }
  })

  it("a code is good for 9 seconds of sandbox time and refused at 10", async () => {
    const early = await code()
    const late = await code()
    await advanceClock(sandbox, 9)
    await expect(oauth.exchangeCode({ code: early, redirectUri: receiver.url })).resolves.toHaveProperty(
      "token_type",
      "Bearer"
    )
    await advanceClock(sandbox, 1)
    const e = await oauth.exchangeCode({ code: late, redirectUri: receiver.url }).catch((x) => x)
    expect({ code: e.code, status: e.status }).toEqual({ code: "invalid_grant", status: 400 })
    expect(e.message).toMatch(/expired/)
  })

  it("redirect_uri must be sent and equal when the consent used one", async () => {
    const c = await code()
    const missing = await oauth.exchangeCode({ code: c }).catch((e) => e)
    expect(missing.code).toBe("invalid_grant")
    const other = await oauth.exchangeCode({ code: c, redirectUri: receiver.url + "/other" }).catch((e) => e)
    expect(other.code).toBe("invalid_grant")
    // The failed attempts did not use the code up.
    await expect(oauth.exchangeCode({ code: c, redirectUri: receiver.url })).resolves.toHaveProperty("expires_in", 7200)
  })

  it("an unknown client id is invalid_client (401)", async () => {
    const stranger = new OAuthClient({ authUrl: sandbox.url, clientId: "TPP_other" })
    try {
      const e = await stranger.exchangeCode({ code: await code(), redirectUri: receiver.url }).catch((x) => x)
      expect({ code: e.code, status: e.status }).toEqual({ code: "invalid_client", status: 401 })
    } finally {
      await stranger.close()
    }
  })

  it.each([
    ["no grant_type", "code=x&client_id=TPP_test", "application/x-www-form-urlencoded", 400, "invalid_request"],
    [
      "unknown grant_type",
      "grant_type=password&client_id=TPP_test",
      "application/x-www-form-urlencoded",
      400,
      "unsupported_grant_type",
    ],
    [
      "no code",
      "grant_type=authorization_code&client_id=TPP_test",
      "application/x-www-form-urlencoded",
      400,
      "invalid_request",
    ],
    [
      "no client_id",
      "grant_type=refresh_token&refresh_token=abc",
      "application/x-www-form-urlencoded",
      400,
      "invalid_request",
    ],
    ["a JSON body", JSON.stringify({ grant_type: "authorization_code" }), "application/json", 400, "invalid_request"],
  ])("refuses %s in RFC 6749 form", async (_name, body, contentType, status, error) => {
    const res = await raw(`${sandbox.url}/as/token.oauth2`, {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    })
    expect(res.status).toBe(status)
    expect(res.json).toEqual({ error, error_description: expect.any(String) })
  })

  describe("refresh", () => {
    let first: TokenResponse
    beforeEach(async () => {
      first = await oauth.exchangeCode({ code: await code(), redirectUri: receiver.url })
    })

    it("gives a new pair; the old refresh token and the old access token stop working", async () => {
      const second = await oauth.refresh({ refreshToken: first.refresh_token, scopes: [...ALL_AIS_SCOPES] })
      expect(second.access_token).not.toBe(first.access_token)
      expect(second.refresh_token).not.toBe(first.refresh_token)
      const fresh = client(second.access_token)
      const stale = client(first.access_token)
      try {
        expect((await fresh.balances(MAIN_ACCOUNT)).accountNumber).toBe(MAIN_ACCOUNT)
        const e = await stale.balances(MAIN_ACCOUNT).catch((x) => x)
        expect({ code: e.code, status: e.status }).toEqual({ code: "ERR_2002_002", status: 401 })
      } finally {
        await fresh.close()
        await stale.close()
      }
      const reused = await oauth.refresh({ refreshToken: first.refresh_token }).catch((e) => e)
      expect({ code: reused.code, status: reused.status }).toEqual({ code: "invalid_grant", status: 400 })
    })

    it("may narrow the scopes, never widen them", async () => {
      const narrow = await oauth.refresh({ refreshToken: first.refresh_token, scopes: ["psd2:account:balance:read"] })
      expect(narrow.scopes).toEqual(["psd2:account:balance:read"])
      const ai = client(narrow.access_token)
      try {
        expect((await ai.consentInfo()).scopes).toEqual(["psd2:account:balance:read"])
        const e = await ai.details(MAIN_ACCOUNT).catch((x) => x)
        expect({ code: e.code, status: e.status }).toEqual({ code: "ERR_3002_003", status: 403 })
      } finally {
        await ai.close()
      }
      const wider = await oauth
        .refresh({ refreshToken: narrow.refresh_token, scopes: ["psd2:account:balance:read", "pay"] })
        .catch((e) => e)
      expect(wider.code).toBe("invalid_scope")
      // The refused attempt did not use the refresh token up.
      await expect(oauth.refresh({ refreshToken: narrow.refresh_token })).resolves.toHaveProperty(
        "token_type",
        "Bearer"
      )
    })

    it("refuses an unknown scope and another client's refresh", async () => {
      const res = await raw(`${sandbox.url}/as/token.oauth2`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `grant_type=refresh_token&client_id=TPP_test&refresh_token=${first.refresh_token}&scope=psd2:account:all`,
      })
      expect(res.json.error).toBe("invalid_scope")
      const stranger = new OAuthClient({ authUrl: sandbox.url, clientId: "TPP_other" })
      try {
        expect((await stranger.refresh({ refreshToken: first.refresh_token }).catch((e) => e)).code).toBe(
          "invalid_client"
        )
      } finally {
        await stranger.close()
      }
    })
  })

  it("an access token lives 2 hours of sandbox time: then ERR_2002_002, and consent info counts down", async () => {
    const t = await oauth.exchangeCode({ code: await code(), redirectUri: receiver.url })
    const ai = client(t.access_token)
    try {
      await advanceClock(sandbox, 3_600)
      const info = await ai.consentInfo()
      expect(info.valid).toBeGreaterThanOrEqual(3_598)
      expect(info.valid).toBeLessThanOrEqual(3_600)
      await advanceClock(sandbox, 3_599)
      expect((await ai.details(MAIN_ACCOUNT)).accountNumber).toBe(MAIN_ACCOUNT)
      await advanceClock(sandbox, 1)
      const res = await raw(`${sandbox.url}/v1/accounts/${MAIN_ACCOUNT}/details`, {
        headers: aisHeaders(t.access_token),
      })
      expectServiceError(res, 401, "ERR_2002_002")
      const e = await ai.details(MAIN_ACCOUNT).catch((x) => x)
      expect({ code: e.code, status: e.status }).toEqual({ code: "ERR_2002_002", status: 401 })
      // The refresh token outlives the access token.
      const renewed = await oauth.refresh({ refreshToken: t.refresh_token })
      const ai2 = client(renewed.access_token)
      expect((await ai2.details(MAIN_ACCOUNT)).accountNumber).toBe(MAIN_ACCOUNT)
      await ai2.close()
    } finally {
      await ai.close()
    }
  })

  it("accessToken may be a function: a refreshed token is picked up without a new client", async () => {
    const first = await oauth.exchangeCode({ code: await code(), redirectUri: receiver.url })
    let current = first.access_token
    const ai = new AccountInformationClient({ baseUrl: sandbox.url, apiKey: API_KEY, accessToken: async () => current })
    try {
      await advanceClock(sandbox, 7_200)
      expect((await ai.consentInfo().catch((e) => e)).code).toBe("ERR_2002_002")
      current = (await oauth.refresh({ refreshToken: first.refresh_token })).access_token
      expect((await ai.consentInfo()).iban).toBe(MAIN_ACCOUNT)
    } finally {
      await ai.close()
    }
  })
})
