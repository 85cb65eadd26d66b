import http from "node:http"
import type { AddressInfo } from "node:net"
import { AccountInformationClient, OAuthClient, type TikkieError } from "../../src"
import { startSandbox, type RunningSandbox } from "tikkie-sandbox"
import { makeTestCertificates } from "../helpers/certificates"
import { ALL_AIS_SCOPES, MAIN_ACCOUNT, mintToken } from "./support"

const API_KEY = "secret-api-key-b7f3c1d9e2a84f60"

function everything(e: TikkieError): string {
  return `${e.message}\n${JSON.stringify(e)}\n${e.reason}\n${String(e.stack)}`
}

/**
 * A real HTTP server that misbehaves the way a careless gateway might: it quotes the request's
 * headers and body back in its error message. Whatever it quotes must not reach our errors.
 */
async function startEchoServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = ""
    req.on("data", (c) => (body += c))
    req.on("end", () => {
      const quoted = `headers=${JSON.stringify(req.headers)} body=${body} url=${req.url}`
      res.writeHead(400, { "content-type": "application/json" })
      res.end(
        req.url?.startsWith("/as/")
          ? JSON.stringify({ error: "invalid_request", error_description: quoted })
          : JSON.stringify({ errors: [{ code: "ECHO", message: quoted, status: 400 }] })
      )
    })
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

describe("credentials never reach an error", () => {
  let sandbox: RunningSandbox
  let echo: { url: string; close(): Promise<void> }
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    echo = await startEchoServer()
  })
  afterAll(async () => {
    await echo.close()
    await sandbox.close()
  })

  it("API key and bearer token, even when the service quotes the request back", async () => {
    const { access_token } = await mintToken(sandbox, ALL_AIS_SCOPES, MAIN_ACCOUNT)
    const client = new AccountInformationClient({ baseUrl: echo.url, apiKey: API_KEY, accessToken: access_token })
    try {
      const e: TikkieError = await client.details(MAIN_ACCOUNT).catch((x) => x)
      expect(e.code).toBe("ECHO")
      // The echo did quote the headers (so this test can fail), but the credentials are redacted.
      expect(e.message).toContain("api-key")
      expect(everything(e)).not.toContain(API_KEY)
      expect(everything(e)).not.toContain(access_token)
    } finally {
      await client.close()
    }
  })

  it("API key and token in the sandbox's own refusals and in a connection failure", async () => {
    const { access_token } = await mintToken(sandbox, ["psd2:account:details:read"], MAIN_ACCOUNT)
    const client = new AccountInformationClient({
      baseUrl: sandbox.url,
      apiKey: API_KEY,
      accessToken: async () => access_token,
    })
    const offline = new AccountInformationClient({
      baseUrl: "http://127.0.0.1:1",
      apiKey: API_KEY,
      accessToken: access_token,
      retry: { retries: 0 },
    })
    try {
      const errors: TikkieError[] = [
        await client.balances(MAIN_ACCOUNT).catch((x) => x),
        await client.details("BE68539007547034").catch((x) => x),
        await client.transactionsPage(MAIN_ACCOUNT, { bookDateFrom: "nonsense" }).catch((x) => x),
        await offline.details(MAIN_ACCOUNT).catch((x) => x),
      ]
      expect(errors.map((e) => e.code)).toEqual([
        "ERR_3002_003",
        "MESSAGE_RST560_0016",
        "MESSAGE_RST560_0009",
        "CONNECTION_FAILED",
      ])
      for (const e of errors) {
        expect(everything(e)).not.toContain(API_KEY)
        expect(everything(e)).not.toContain(access_token)
      }
    } finally {
      await client.close()
      await offline.close()
    }
  })

  it("code, refresh token and client key on the token endpoint", async () => {
    const certs = makeTestCertificates("secrets")
    const oauth = new OAuthClient({
      authUrl: echo.url,
      clientId: "TPP_test",
      // A plain-HTTP echo: the TLS options are accepted and the key must still be kept out of errors.
      tls: { cert: certs.clientCert, key: certs.clientKey, ca: certs.caCert },
    })
    const code = "consent-code-5f2e9a1c7b3d"
    const refreshToken = "refresh-token-0a9b8c7d6e5f4a3b"
    try {
      const byCode: TikkieError = await oauth
        .exchangeCode({ code, redirectUri: "https://shop.example/cb" })
        .catch((x) => x)
      const byRefresh: TikkieError = await oauth.refresh({ refreshToken }).catch((x) => x)
      expect([byCode.code, byRefresh.code]).toEqual(["invalid_request", "invalid_request"])
      expect(byCode.message).toContain("grant_type=authorization_code")
      expect(everything(byCode)).not.toContain(code)
      expect(everything(byRefresh)).not.toContain(refreshToken)
      const keyLines = certs.clientKey.split("\n").filter((l) => l.length > 20 && !l.startsWith("-----"))
      for (const e of [byCode, byRefresh]) for (const line of keyLines) expect(everything(e)).not.toContain(line)
    } finally {
      await oauth.close()
    }
  })
})
