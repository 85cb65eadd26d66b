import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { Agent } from "undici"
import { addDays, amsterdamDate, FastCheckoutClient } from "../src"
import { startSandbox, type RunningSandbox } from "tikkie-sandbox"
import { SandboxControl } from "tikkie-sandbox/control-client"
import { raw, readConsentForm, submitConsentForm } from "./account-information/support"
import { makeTestCertificates } from "./helpers/certificates"

/**
 * The client examples of the package's README are the files in test/readme-examples (typechecked with the rest
 * of the project), shown verbatim but for the import path. Here they run against real sandboxes, with
 * a real HTTP server standing in for the shop.
 */
const ROOT = path.resolve(__dirname, "..")
const EXAMPLES = path.join(__dirname, "readme-examples")

/** README.md's ```ts block after each `<!-- example: path -->` marker. */
function readmeExamples(): Map<string, string> {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8")
  const out = new Map<string, string>()
  for (const m of readme.matchAll(/<!-- example: (\S+) -->\n```ts\n([\s\S]*?)```\n/g)) out.set(m[1], m[2])
  return out
}

/** Records what the shop's endpoints receive (webhooks, notifications). */
class ShopServer {
  readonly received: Array<{ path: string; body: any }> = []
  private server?: http.Server
  url = ""

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let text = ""
      req.on("data", (c: Buffer) => (text += c.toString()))
      req.on("end", () => {
        this.received.push({ path: req.url ?? "", body: text ? JSON.parse(text) : undefined })
        res.writeHead(200).end()
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  async waitFor(predicate: (r: { path: string; body: any }) => boolean): Promise<{ path: string; body: any }> {
    for (let i = 0; i < 200; i++) {
      const hit = this.received.find(predicate)
      if (hit) return hit
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error(`nothing matching arrived; received: ${JSON.stringify(this.received)}`)
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }
}

/**
 * The examples read their configuration from process.env when loaded, as a shop's module would, so each
 * is required once the sandbox's address is in the environment.
 */
function load<T>(modulePath: string): T {
  return require(modulePath) as T
}

const savedEnv = { ...process.env }
afterAll(() => {
  process.env = savedEnv
})

describe("the client examples of the README", () => {
  it("shows every example file verbatim, importing from tikkie-client", () => {
    const shown = readmeExamples()
    const files = readdirSync(EXAMPLES).map((f) => `test/readme-examples/${f}`)
    expect([...shown.keys()].sort()).toEqual(files.sort())
    for (const file of files) {
      const source = readFileSync(path.join(ROOT, file), "utf8")
      expect(source).toContain('from "../../src"')
      expect({ file, code: shown.get(file) }).toEqual({
        file,
        code: source.replaceAll('from "../../src"', 'from "tikkie-client"'),
      })
    }
  })
})

describe("the client examples against the sandbox", () => {
  let sandbox: RunningSandbox
  let control: SandboxControl
  let shop: ShopServer
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, deliveryBackoffMs: 20 })
    control = new SandboxControl(sandbox.url)
    shop = await new ShopServer().start()
    process.env.TIKKIE_API_KEY = "readme-example-api-key-0001"
    process.env.TIKKIE_BASE_URL = sandbox.url
    process.env.SHOP_URL = shop.url
  })
  afterAll(async () => {
    await control.close()
    await shop.close()
    await sandbox.close()
  })

  it("Fast Checkout: starts a checkout, reads it, and reads it PAID after the webhook", async () => {
    const setup = new FastCheckoutClient({ apiKey: process.env.TIKKIE_API_KEY!, baseUrl: sandbox.url })
    process.env.TIKKIE_MERCHANT_TOKEN = (await setup.createSandboxMerchant()).merchantToken
    await setup.close()

    const example = load<typeof import("./readme-examples/fast-checkout")>("./readme-examples/fast-checkout")
    try {
      const { checkoutUrl, orderToken } = await example.startCheckout("cart_123")
      expect(checkoutUrl).toBe(`${sandbox.url}/checkout/fastcheckout/${orderToken}`)
      expect(await example.orderStatus(orderToken)).toEqual({ status: "NEW", payer: undefined })

      await control.post(`/_sandbox/fastcheckout/orders/${orderToken}/pay`)
      const hook = await shop.waitFor((r) => r.path === "/hooks/tikkie" && r.body?.orderToken === orderToken)
      expect(hook.body).toEqual({ referenceId: "cart_123", orderToken, status: "PAID" })
      const paid = await example.orderStatus(orderToken)
      expect(paid.status).toBe("PAID")
      expect(paid.payer).toMatchObject({
        firstName: expect.any(String),
        shippingAddress: expect.objectContaining({ city: "Amsterdam" }),
      })
    } finally {
      await example.fastCheckout.close()
    }
  })

  it("payment requests v1: the token function is called before every call, the request is OPEN and listed", async () => {
    let tokenCalls = 0
    const getAccessToken = async () => {
      tokenCalls++
      return (await control.issueToken("pay")).access_token
    }
    const before = (await control.requests()).filter((r) => r.operation.startsWith("paymentRequestsV1.")).length
    const { requestPaymentV1 } = load<typeof import("./readme-examples/payment-requests-v1")>(
      "./readme-examples/payment-requests-v1"
    )
    const result = await requestPaymentV1(getAccessToken)

    expect(result.paymentRequestUrl.startsWith(`${sandbox.url}/pay/v1/`)).toBe(true)
    expect(result).toMatchObject({ status: "OPEN", paidInCents: 0 })
    expect(result.open).toHaveLength(1)
    const calls = (await control.requests()).filter((r) => r.operation.startsWith("paymentRequestsV1.")).length - before
    expect(calls).toBe(5) // platform, user, request, read, one list page
    expect(tokenCalls).toBe(calls)
  })

  it("payment requests v2: a payment link, the PAYMENT notification, today's total and a refund", async () => {
    const example = load<typeof import("./readme-examples/payment-requests-v2")>(
      "./readme-examples/payment-requests-v2"
    )
    const appToken = await example.sandboxAppToken()
    const { url, paymentRequestToken } = await example.requestPayment(appToken, "order_1042", 2598)
    expect(url.startsWith(`${sandbox.url}/pay/v2/`)).toBe(true)

    await control.post(`/_sandbox/paymentrequests/${paymentRequestToken}/pay`, { counterPartyName: "A. Payer" })
    const note = await shop.waitFor(
      (r) => r.path === "/hooks/tikkie" && r.body?.paymentRequestToken === paymentRequestToken
    )
    expect(note.body).toMatchObject({ notificationType: "PAYMENT", paymentRequestToken })

    const today = await example.paidToday(appToken, paymentRequestToken)
    expect(today.paidInCents).toBe(2598)
    expect(today.refund).toMatchObject({ amountInCents: 2598, description: "Returned", status: "PENDING" })
  })

  describe("account information over mutual TLS", () => {
    const ACCOUNT = "NL91ABNA0417164300"
    let tlsSandbox: RunningSandbox
    let trust: Agent
    let certDir: string
    beforeAll(async () => {
      const certs = makeTestCertificates("readme-example")
      tlsSandbox = await startSandbox({
        port: 0,
        tls: { cert: certs.serverCert, key: certs.serverKey, clientCa: certs.caCert },
      })
      trust = new Agent({ connect: { ca: certs.caCert } })
      certDir = mkdtempSync(path.join(tmpdir(), "readme-certs-"))
      const file = (name: string, text: string) => {
        writeFileSync(path.join(certDir, name), text)
        return path.join(certDir, name)
      }
      process.env.TIKKIE_AUTH_URL = tlsSandbox.url
      process.env.TIKKIE_API_URL = tlsSandbox.url
      process.env.TIKKIE_CLIENT_ID = "TPP_test"
      process.env.TIKKIE_CA_FILE = file("ca.pem", certs.caCert)
      process.env.TIKKIE_CLIENT_CERT_FILE = file("client.pem", certs.clientCert)
      process.env.TIKKIE_CLIENT_KEY_FILE = file("client.key", certs.clientKey)
    }, 30_000)
    afterAll(async () => {
      await trust.close()
      await tlsSandbox.close()
      rmSync(certDir, { recursive: true, force: true })
    })

    it("consent page, code for tokens, balance and last week's bookings (with one booked now)", async () => {
      const example = load<typeof import("./readme-examples/account-information")>(
        "./readme-examples/account-information"
      )
      const consentUrl = example.consentUrl("session-42")
      expect(consentUrl).toBe(
        `${tlsSandbox.url}/as/authorization.oauth2?scope=psd2:account:balance:read+psd2:account:transaction:read` +
          `&client_id=TPP_test&response_type=code&flow=code&redirect_uri=${encodeURIComponent("https://shop.example/tikkie/consent")}&state=session-42`
      )

      // The holder's browser: the page, the account choice, Approve; the redirect carries code and state.
      const page = await raw(consentUrl, { dispatcher: trust })
      expect(page.status).toBe(200)
      const form = readConsentForm(page.text)
      expect(form.accounts).toContain(ACCOUNT)
      const answer = await submitConsentForm(
        tlsSandbox,
        { consentRequestId: form.consentRequestId!, accountNumber: ACCOUNT, decision: "approve" },
        trust
      )
      expect(answer.status).toBe(303)
      const redirect = new URL(String(answer.headers.location))
      expect(`${redirect.origin}${redirect.pathname}`).toBe("https://shop.example/tikkie/consent")
      expect(redirect.searchParams.get("state")).toBe("session-42")

      const tlsControl = new SandboxControl(tlsSandbox.url) // its own pool; close() closes it
      const booked = await tlsControl.post<{ transactionId: string }>(`/_sandbox/accounts/${ACCOUNT}/transactions`, {
        amountInCents: -1234,
        descriptionLines: ["Tikkie payout", "order 1042"],
      })
      const accounts = await tlsControl.get<{ accounts: Array<{ accountNumber: string; balanceInCents: number }> }>(
        "/_sandbox/accounts"
      )

      const result = await example.onConsent(redirect.searchParams.get("code")!)
      expect(result.iban).toBe(ACCOUNT)
      expect(result.balanceInCents).toBe(accounts.accounts.find((a) => a.accountNumber === ACCOUNT)!.balanceInCents)
      const today = amsterdamDate(Date.now())
      expect(result.bookings[0]).toEqual({ bookDate: today, cents: -1234, description: "Tikkie payout order 1042" })
      for (const b of result.bookings) {
        expect(Number.isInteger(b.cents)).toBe(true)
        expect(b.bookDate! >= addDays(today, -7) && b.bookDate! <= today).toBe(true)
      }
      expect(booked.transactionId).toEqual(expect.any(String))
      const tokenCalls = (await tlsControl.requests("oauth.token")).map((r) => r.status)
      expect(tokenCalls).toEqual([200]) // one exchange over mutual TLS; no refresh needed yet
      await tlsControl.close()
    })
  })
})
