import { buildConsentUrl, OAuthClient, AccountInformationClient, isTikkieError } from "../../src"
import { startSandbox, type RunningSandbox } from "tikkie-sandbox"
import {
  API_KEY,
  BE_ACCOUNT,
  consent,
  MAIN_ACCOUNT,
  raw,
  readConsentForm,
  RedirectReceiver,
  submitConsentForm,
} from "./support"

describe("consent: GET /as/authorization.oauth2 and the holder's decision", () => {
  let sandbox: RunningSandbox
  let receiver: RedirectReceiver
  let oauth: OAuthClient
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    receiver = await new RedirectReceiver().start()
    oauth = new OAuthClient({ authUrl: sandbox.url, clientId: "TPP_test" })
  })
  afterAll(async () => {
    await oauth.close()
    await receiver.close()
    await sandbox.close()
  })

  it("buildConsentUrl joins scopes with a literal + and the sandbox reads them as separate scopes", async () => {
    const url = buildConsentUrl({
      authUrl: sandbox.url + "/",
      clientId: "TPP_test",
      scopes: ["psd2:account:balance:read", "psd2:account:transaction:read"],
      redirectUri: receiver.url,
      state: "s 1&x=y",
      bank: "NLAA01",
    })
    expect(url).toBe(
      `${sandbox.url}/as/authorization.oauth2?scope=psd2:account:balance:read+psd2:account:transaction:read` +
        `&client_id=TPP_test&response_type=code&flow=code&redirect_uri=${encodeURIComponent(receiver.url)}` +
        `&bank=NLAA01&state=s%201%26x%3Dy`
    )
    expect(url).not.toContain("%2B")
    const page = await raw(url)
    expect(page.status).toBe(200)
    expect(page.headers["content-type"]).toMatch(/text\/html/)
    expect(page.text).toContain('data-scope="psd2:account:balance:read"')
    expect(page.text).toContain('data-scope="psd2:account:transaction:read"')
  })

  it("buildConsentUrl refuses an unknown scope and no scope at all, locally", () => {
    const base = { authUrl: "https://auth.example", clientId: "TPP_test", redirectUri: "https://shop.example/cb" }
    expect(() => buildConsentUrl({ ...base, scopes: [] })).toThrow(/at least one scope/)
    expect(() => buildConsentUrl({ ...base, scopes: ["psd2:everything" as never] })).toThrow(/invalid_request/)
    expect(() => buildConsentUrl({ ...base, scopes: ["pay"], redirectUri: "javascript:alert(1)" })).toThrow(
      /redirect_uri/
    )
  })

  it("round trip: page lists scopes and the holder's NL and BE accounts; Approve redirects with code and state", async () => {
    const url = buildConsentUrl({
      authUrl: sandbox.url,
      clientId: "TPP_test",
      scopes: ["psd2:account:details:read", "psd2:account:balance:read"],
      redirectUri: receiver.url + "?shop=1",
      state: "session-42/é",
    })
    const page = await raw(url)
    const form = readConsentForm(page.text)
    expect(form.action).toBe("/as/authorization.oauth2")
    expect(form.approve && form.deny).toBe(true)
    expect(form.accounts).toEqual(expect.arrayContaining([MAIN_ACCOUNT, BE_ACCOUNT, "GB29NWBK60161331926819"]))
    // BEPB01/BEPB02 accounts belong to other banks' consent pages.
    expect(form.accounts).not.toContain("BE71096123456769")
    expect(page.text).toContain("Dupont Consulting BV")

    const answer = await submitConsentForm(sandbox, {
      consentRequestId: form.consentRequestId!,
      accountNumber: BE_ACCOUNT,
      decision: "approve",
    })
    expect(answer.status).toBe(303)
    const got = await receiver.follow(String(answer.headers.location))
    expect(got.get("shop")).toBe("1")
    expect(got.get("state")).toBe("session-42/é")
    const code = got.get("code")!
    expect(code.length).toBeGreaterThan(20)

    const tokens = await oauth.exchangeCode({ code, redirectUri: receiver.url + "?shop=1" })
    const client = new AccountInformationClient({
      baseUrl: sandbox.url,
      apiKey: API_KEY,
      accessToken: tokens.access_token,
    })
    try {
      const info = await client.consentInfo()
      expect(info.iban).toBe(BE_ACCOUNT)
      expect(info.scopes.sort()).toEqual(["psd2:account:balance:read", "psd2:account:details:read"])
      expect((await client.details(BE_ACCOUNT)).accountHolderName).toBe("Dupont Consulting BV")
    } finally {
      await client.close()
    }
  })

  it("bank BEPB01 and BEPB02 show the Belgian private banking and asset manager accounts", async () => {
    for (const [bank, account] of [
      ["BEPB01", "BE71096123456769"],
      ["BEPB02", "BE14063123456783"],
    ] as const) {
      const page = await raw(
        buildConsentUrl({
          authUrl: sandbox.url,
          clientId: "TPP_test",
          scopes: ["pay"],
          redirectUri: receiver.url,
          bank,
        })
      )
      expect(readConsentForm(page.text).accounts).toEqual([account])
    }
  })

  it("Deny redirects with error=access_denied and the state, and no code", async () => {
    const page = await raw(
      buildConsentUrl({
        authUrl: sandbox.url,
        clientId: "TPP_test",
        scopes: ["pay"],
        redirectUri: receiver.url,
        state: "st",
      })
    )
    const form = readConsentForm(page.text)
    const answer = await submitConsentForm(sandbox, { consentRequestId: form.consentRequestId!, decision: "deny" })
    expect(answer.status).toBe(303)
    const got = await receiver.follow(String(answer.headers.location))
    expect(got.get("error")).toBe("access_denied")
    expect(got.get("state")).toBe("st")
    expect(got.has("code")).toBe(false)
  })

  it("a consent form answers once; a second submit gets an error page, not a second code", async () => {
    const page = await raw(
      buildConsentUrl({ authUrl: sandbox.url, clientId: "TPP_test", scopes: ["pay"], redirectUri: receiver.url })
    )
    const id = readConsentForm(page.text).consentRequestId!
    expect(
      (await submitConsentForm(sandbox, { consentRequestId: id, accountNumber: MAIN_ACCOUNT, decision: "approve" }))
        .status
    ).toBe(303)
    const again = await submitConsentForm(sandbox, {
      consentRequestId: id,
      accountNumber: MAIN_ACCOUNT,
      decision: "approve",
    })
    expect(again.status).toBe(400)
    expect(again.headers.location).toBeUndefined()
    expect(again.text).toMatch(/unknown or was already answered/)
  })

  it("approving an account the page did not offer shows the page again with a problem", async () => {
    const page = await raw(
      buildConsentUrl({ authUrl: sandbox.url, clientId: "TPP_test", scopes: ["pay"], redirectUri: receiver.url })
    )
    const id = readConsentForm(page.text).consentRequestId!
    const answer = await submitConsentForm(sandbox, {
      consentRequestId: id,
      accountNumber: "BE71096123456769",
      decision: "approve",
    })
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('id="problem"')
    expect(readConsentForm(answer.text).consentRequestId).toBe(id)
  })

  it("grants scope pay for payment requests v1 when asked", async () => {
    const { location } = await consent(sandbox, { scopes: ["pay"], redirectUri: receiver.url })
    const code = new URL(location).searchParams.get("code")!
    const tokens = await oauth.exchangeCode({ code, redirectUri: receiver.url })
    expect(tokens.scopes).toEqual(["pay"])
    expect(sandbox.context.tokens.check(`Bearer ${tokens.access_token}`, "pay").ok).toBe(true)
  })

  it("without redirect_uri shows the code on a page; the exchange then goes without redirect_uri", async () => {
    const page = await raw(
      `${sandbox.url}/as/authorization.oauth2?scope=pay&client_id=TPP_test&response_type=code&flow=code&state=abc`
    )
    const form = readConsentForm(page.text)
    const answer = await submitConsentForm(sandbox, {
      consentRequestId: form.consentRequestId!,
      accountNumber: MAIN_ACCOUNT,
      decision: "approve",
    })
    expect(answer.status).toBe(200)
    const code = /id="code">([^<]+)</.exec(answer.text)![1]
    expect(/id="state">([^<]+)</.exec(answer.text)![1]).toBe("abc")
    const refused = await oauth.exchangeCode({ code, redirectUri: receiver.url }).catch((e) => e)
    expect(refused.code).toBe("invalid_grant")
    const tokens = await oauth.exchangeCode({ code })
    expect(tokens.access_token).toBeTruthy()
  })

  describe("a bad consent query gets a 400 HTML page and never a redirect", () => {
    const valid = {
      scope: "psd2:account:balance:read",
      client_id: "TPP_test",
      response_type: "code",
      flow: "code",
      redirect_uri: "http://127.0.0.1:1/cb",
    }
    const cases: Array<[string, Record<string, string | undefined>, RegExp]> = [
      ["scope missing", { scope: undefined }, /scope is required/],
      ["unknown scope", { scope: "psd2:account:balance:read psd2:all" }, /unknown scope: psd2:all/],
      ["client_id missing", { client_id: undefined }, /client_id is required/],
      ["another client_id", { client_id: "someone-else" }, /TPP_test/],
      ["response_type token", { response_type: "token" }, /response_type must be code/],
      ["flow missing", { flow: undefined }, /flow must be code/],
      ["unknown bank", { bank: "NLXX99" }, /bank/],
      [
        "javascript: redirect_uri",
        { redirect_uri: "javascript:alert(1)" },
        /redirect_uri must be an absolute http or https URL/,
      ],
      ["relative redirect_uri", { redirect_uri: "/callback" }, /redirect_uri/],
    ]
    it.each(cases)("%s", async (_name, change, reason) => {
      const q = new URLSearchParams()
      for (const [k, v] of Object.entries({ ...valid, ...change })) if (v !== undefined) q.set(k, v)
      const res = await raw(`${sandbox.url}/as/authorization.oauth2?${q}`)
      expect(res.status).toBe(400)
      expect(res.headers["content-type"]).toMatch(/text\/html/)
      expect(res.headers.location).toBeUndefined()
      expect(res.text).toMatch(reason)
    })

    it("escapes what it echoes", async () => {
      const res = await raw(
        `${sandbox.url}/as/authorization.oauth2?scope=${encodeURIComponent("<script>x</script>")}&client_id=TPP_test&response_type=code&flow=code`
      )
      expect(res.status).toBe(400)
      expect(res.text).not.toContain("<script>x")
    })

    it("an incomplete consent form is refused the same way", async () => {
      const res = await submitConsentForm(sandbox, { decision: "approve" })
      expect(res.status).toBe(400)
      expect(res.headers.location).toBeUndefined()
    })
  })

  it("the exchange error is a TikkieError with the OAuth code", async () => {
    const e = await oauth.exchangeCode({ code: "no-such-code-123456" }).catch((x) => x)
    expect(isTikkieError(e)).toBe(true)
    expect({ code: e.code, status: e.status, kind: e.kind }).toEqual({
      code: "invalid_grant",
      status: 400,
      kind: "service",
    })
  })
})
