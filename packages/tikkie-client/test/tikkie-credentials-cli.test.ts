import { execFile } from "node:child_process"
import path from "node:path"
import { promisify } from "node:util"
import { main } from "../src/credentials/cli"
import { FastCheckoutClient } from "../src/fast-checkout"
import { PaymentRequestsClient } from "../src/payment-requests/v2"
import { startSandbox, type RunningSandbox } from "tikkie-sandbox"

/** The `tikkie-credentials` command against a running sandbox: the printed lines work as credentials. */
describe("tikkie-credentials", () => {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
  })
  afterAll(async () => {
    await sandbox.close()
  })

  function io(env: Record<string, string | undefined> = {}) {
    const out: string[] = []
    const err: string[] = []
    return { out, err, io: { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s), env } }
  }

  it("prints .env lines whose app token and merchant token the sandbox accepts", async () => {
    const run = io()
    const apiKey = "cli-test-api-key-123"
    expect(await main(["--base-url", sandbox.url, "--api-key", apiKey], run.io)).toBe(0)
    const env = Object.fromEntries(
      run.out
        .join("")
        .trim()
        .split("\n")
        .map((l) => l.split(/=(.*)/s, 2))
    )
    expect(Object.keys(env)).toEqual([
      "TIKKIE_BASE_URL",
      "TIKKIE_PRODUCT",
      "TIKKIE_API_KEY",
      "TIKKIE_APP_TOKEN",
      "TIKKIE_MERCHANT_TOKEN",
    ])
    expect(env.TIKKIE_BASE_URL).toBe(sandbox.url)
    expect(env.TIKKIE_PRODUCT).toBe("pay")

    const requests = new PaymentRequestsClient({ apiKey, appToken: env.TIKKIE_APP_TOKEN, baseUrl: sandbox.url })
    const created = await requests.createPaymentRequest({ description: "CLI check", amountInCents: 100 })
    expect(created.status).toBe("OPEN")
    await requests.close()
    const checkout = new FastCheckoutClient({ apiKey, merchantToken: env.TIKKIE_MERCHANT_TOKEN, baseUrl: sandbox.url })
    const order = await checkout.createOrder({
      referenceId: "cli-check",
      currency: "EUR",
      items: [{ itemName: "Test", priceInCents: 100, quantity: 1 }],
      shippingCostsInCents: 0,
      expiration: 900,
      redirectUrl: "https://shop.example/return",
      notificationUrl: "https://shop.example/hook",
    } as never)
    expect(order.orderToken).toBeTruthy()
    await checkout.close()
  })

  it("takes the API key from TIKKIE_API_KEY and the product segment from --product", async () => {
    const run = io({ TIKKIE_API_KEY: "cli-env-api-key-456" })
    expect(await main([`--base-url=${sandbox.url}/`, "--product", "tikkie"], run.io)).toBe(0)
    expect(run.out.join("")).toContain("TIKKIE_PRODUCT=tikkie\n")
    expect(run.out.join("")).toContain(`TIKKIE_BASE_URL=${sandbox.url}\n`)
  })

  it("refuses wrong arguments with exit status 2 and a usage line", async () => {
    for (const argv of [
      ["--api-key", "k"],
      ["--base-url", "ftp://x", "--api-key", "k"],
      ["--base-url", sandbox.url],
      ["--nope"],
      ["--base-url"],
    ]) {
      const run = io()
      expect(await main(argv, run.io)).toBe(2)
      expect(run.err.join("")).toMatch(/usage: tikkie-credentials/)
      expect(run.out).toEqual([])
    }
  })

  it("reports an unreachable sandbox with exit status 1 and never prints the API key", async () => {
    const run = io()
    const apiKey = "cli-secret-api-key-789"
    expect(await main(["--base-url", "http://localhost:1", "--api-key", apiKey], run.io)).toBe(1)
    expect(run.err.join("")).toMatch(/tikkie-credentials: paymentRequestsV2.createSandboxApp/)
    expect(run.err.join("")).not.toContain(apiKey)
    expect(run.out).toEqual([])
  })

  it("runs as the package's bin command", async () => {
    const bin = path.join(__dirname, "..", "bin", "tikkie-credentials.js")
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [bin, "--base-url", sandbox.url, "--api-key", "cli-bin-api-key-000"],
      {
        env: process.env,
      }
    )
    expect(stdout).toMatch(/^TIKKIE_APP_TOKEN=[0-9a-f-]{36}$/m)
    expect(stdout).toMatch(/^TIKKIE_MERCHANT_TOKEN=\S+$/m)
  })
})
