import { Agent } from "undici"
import { AccountInformationClient, OAuthClient } from "../../src"
import { startSandbox, type RunningSandbox } from "tikkie-sandbox"
import { makeTestCertificates, type TestCertificates } from "../helpers/certificates"
import { API_KEY, BE_ACCOUNT, consent, raw, RedirectReceiver } from "./support"

/**
 * The sandbox over HTTPS with a client CA: the token endpoint demands a client certificate signed by
 * it (mutual TLS), the other endpoints are plain HTTPS with the server certificate trusted.
 */
describe("mutual TLS on the token endpoint", () => {
  let certs: TestCertificates
  let stranger: TestCertificates
  let sandbox: RunningSandbox
  let receiver: RedirectReceiver
  let trustingAgent: Agent
  beforeAll(async () => {
    certs = makeTestCertificates("tikkie-ais")
    stranger = makeTestCertificates("not-the-bank")
    sandbox = await startSandbox({
      port: 0,
      tls: { cert: certs.serverCert, key: certs.serverKey, clientCa: certs.caCert },
    })
    receiver = await new RedirectReceiver().start()
    trustingAgent = new Agent({ connect: { ca: certs.caCert } })
  })
  afterAll(async () => {
    await trustingAgent.close()
    await receiver.close()
    await sandbox.close()
  })

  async function code(): Promise<string> {
    const { location } = await consent(
      sandbox,
      { scopes: ["psd2:account:details:read"], redirectUri: receiver.url, accountNumber: BE_ACCOUNT },
      trustingAgent
    )
    return new URL(location).searchParams.get("code")!
  }

  it("serves HTTPS", () => {
    expect(sandbox.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
  })

  it("refuses the exchange without a client certificate, then accepts it with one (the code survives)", async () => {
    const c = await code()
    const noCert = new OAuthClient({ authUrl: sandbox.url, clientId: "TPP_test", dispatcher: trustingAgent })
    const e = await noCert.exchangeCode({ code: c, redirectUri: receiver.url }).catch((x) => x)
    expect({ code: e.code, status: e.status, message: e.message }).toEqual({
      code: "invalid_client",
      status: 401,
      message: "oauth.exchangeCode failed: invalid_client: client certificate required",
    })
    await noCert.close()

    const withCert = new OAuthClient({
      authUrl: sandbox.url,
      clientId: "TPP_test",
      tls: { cert: certs.clientCert, key: certs.clientKey, ca: certs.caCert },
    })
    try {
      const tokens = await withCert.exchangeCode({ code: c, redirectUri: receiver.url })
      expect(tokens.expires_in).toBe(7200)
      const refreshed = await withCert.refresh({ refreshToken: tokens.refresh_token })
      expect(refreshed.access_token).not.toBe(tokens.access_token)

      // Resource endpoints: HTTPS with the CA trusted, no client certificate needed.
      const ai = new AccountInformationClient({
        baseUrl: sandbox.url,
        apiKey: API_KEY,
        accessToken: refreshed.access_token,
        dispatcher: trustingAgent,
      })
      expect(await ai.details(BE_ACCOUNT)).toEqual({
        accountNumber: BE_ACCOUNT,
        currency: "EUR",
        accountHolderName: "Dupont Consulting BV",
      })
      await ai.close()
    } finally {
      await withCert.close()
    }
  })

  it("refuses a client certificate signed by another CA", async () => {
    const c = await code()
    const wrong = new OAuthClient({
      authUrl: sandbox.url,
      clientId: "TPP_test",
      tls: { cert: stranger.clientCert, key: stranger.clientKey, ca: certs.caCert },
    })
    try {
      const e = await wrong.exchangeCode({ code: c, redirectUri: receiver.url }).catch((x) => x)
      expect({ code: e.code, status: e.status }).toEqual({ code: "invalid_client", status: 401 })
    } finally {
      await wrong.close()
    }
  })

  it("a raw token POST without a certificate gets RFC 6749 invalid_client", async () => {
    const res = await raw(`${sandbox.url}/as/token.oauth2`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=authorization_code&code=x&client_id=TPP_test",
      dispatcher: trustingAgent,
    })
    expect(res.status).toBe(401)
    expect(res.json).toEqual({ error: "invalid_client", error_description: "client certificate required" })
  })

  it("a client that does not trust the server's CA fails to connect, and the client key is in no error", async () => {
    const c = await code()
    const distrustful = new OAuthClient({
      authUrl: sandbox.url,
      clientId: "TPP_test",
      tls: { cert: certs.clientCert, key: certs.clientKey, ca: stranger.caCert },
      retry: { retries: 0 },
    })
    try {
      const e = await distrustful.exchangeCode({ code: c, redirectUri: receiver.url }).catch((x) => x)
      expect(e.kind).toBe("network")
      const keyBody = certs.clientKey.split("\n").filter((l) => l.length > 20 && !l.startsWith("-----"))
      const everything = `${e.message}\n${JSON.stringify(e)}\n${String(e.stack)}`
      expect(keyBody.length).toBeGreaterThan(0)
      for (const line of keyBody) expect(everything).not.toContain(line)
      expect(everything).not.toContain(c)
    } finally {
      await distrustful.close()
    }
  })
})
