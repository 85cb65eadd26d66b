import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { networkInterfaces, tmpdir } from "node:os"
import path from "node:path"
import { request } from "undici"
import { FastCheckoutClient, PaymentRequestsClient, TikkieError } from "tikkie-client"
import { SandboxControl, startSandbox, type RunningSandbox } from "../src"

/**
 * The sandbox as a shop developer runs it for days: its state in a file across restarts, a clear word
 * when a credential from before a restart without one is refused, control routes closed to other
 * machines, and the gaps public Tikkie clients found (v2's 500 code, faults on unknown operations).
 */
const API_KEY = "sandbox-operations-api-key"

async function call(url: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await request(url, {
    method: method as "GET",
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.body.text()
  return { status: res.statusCode, json: text ? JSON.parse(text) : undefined }
}

async function caught(fn: () => Promise<unknown>): Promise<TikkieError> {
  try {
    await fn()
  } catch (e) {
    return e as TikkieError
  }
  throw new Error("expected a refusal")
}

const order = {
  referenceId: "state-file-order",
  currency: "EUR",
  shippingCostsInCents: 495,
  expiration: 3_600,
  redirectUrl: "https://shop.example/return",
  items: [{ itemName: "Stroopwafels", priceInCents: 1299, quantity: 2 }],
}

describe("sandbox state file", () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "tikkie-sandbox-state-"))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it("keeps merchant and app tokens, orders, payment requests with payments, and bearer tokens across a restart", async () => {
    const stateFile = path.join(dir, "state.json")
    const first = await startSandbox({ port: 0, stateFile })
    const setup = new FastCheckoutClient({ apiKey: API_KEY, baseUrl: first.url })
    const { merchantToken } = await setup.createSandboxMerchant()
    const shop = new FastCheckoutClient({ apiKey: API_KEY, merchantToken, baseUrl: first.url })
    const { orderToken } = await shop.createOrder(order)
    await call(`${first.url}/_sandbox/fastcheckout/orders/${orderToken}/pay`, "POST", {})
    const { appToken } = await new PaymentRequestsClient({ apiKey: API_KEY, baseUrl: first.url }).createSandboxApp()
    const links = new PaymentRequestsClient({ apiKey: API_KEY, appToken, baseUrl: first.url })
    const pr = await links.createPaymentRequest({ description: "Invoice 7", amountInCents: 2_500 })
    await call(`${first.url}/_sandbox/paymentrequests/${pr.paymentRequestToken}/pay`, "POST", {})
    const bearer = (
      await call(`${first.url}/_sandbox/oauth/tokens`, "POST", {
        scope: "psd2:account:details:read",
        accountNumber: "NL91ABNA0417164300",
      })
    ).json
    await Promise.all([setup.close(), shop.close(), links.close()])
    await first.close()
    expect(statSync(stateFile).mode & 0o777).toBe(0o600)

    const second = await startSandbox({ port: 0, stateFile })
    try {
      const again = new FastCheckoutClient({ apiKey: API_KEY, merchantToken, baseUrl: second.url })
      const read = await again.getOrder(orderToken)
      expect({ status: read.status, referenceId: read.referenceId, payer: read.payer?.lastName }).toEqual({
        status: "PAID",
        referenceId: "state-file-order",
        payer: "Jansen",
      })
      expect((await again.createOrder({ ...order, referenceId: "after-restart" })).orderToken).not.toBe(orderToken)
      const linksAgain = new PaymentRequestsClient({ apiKey: API_KEY, appToken, baseUrl: second.url })
      const prAgain = await linksAgain.getPaymentRequest(pr.paymentRequestToken)
      expect({ status: prAgain.status, paid: prAgain.totalAmountPaidInCents }).toEqual({
        status: "MAX_SUCCESSFUL_PAYMENTS_REACHED",
        paid: 2_500,
      })
      const details = await call(`${second.url}/v1/accounts/NL91ABNA0417164300/details`, "GET", undefined, {
        "api-key": API_KEY,
        authorization: `Bearer ${bearer.access_token}`,
      })
      expect(details.status).toBe(200)
      await Promise.all([again.close(), linksAgain.close()])
    } finally {
      await second.close()
    }
  })

  it("refuses to start on a state file that is not one, saying what to do", async () => {
    const stateFile = path.join(dir, "state.json")
    writeFileSync(stateFile, "{not json")
    await expect(startSandbox({ port: 0, stateFile })).rejects.toThrow(
      `state file ${stateFile} is not JSON: remove it to start empty`
    )
    writeFileSync(stateFile, JSON.stringify({ something: "else" }))
    await expect(startSandbox({ port: 0, stateFile })).rejects.toThrow(
      "is not a tikkie-sandbox-state file of version 1"
    )
  })

  it("starts empty when the file does not exist yet, and writes it on the first change", async () => {
    const stateFile = path.join(dir, "sub", "state.json")
    const sandbox = await startSandbox({ port: 0, stateFile })
    try {
      await call(`${sandbox.url}/v1/pay/fastcheckout/merchant`, "POST", undefined, { "api-key": API_KEY })
      const saved = JSON.parse(readFileSync(stateFile, "utf8"))
      expect(saved.format).toBe("tikkie-sandbox-state")
      expect(saved.parts.fastCheckout.merchants).toHaveLength(1)
    } finally {
      await sandbox.close()
    }
  })

  it("without a state file, a token from before a restart is refused with the likely cause", async () => {
    const first = await startSandbox({ port: 0 })
    const { merchantToken } = await new FastCheckoutClient({
      apiKey: API_KEY,
      baseUrl: first.url,
    }).createSandboxMerchant()
    const { appToken } = await new PaymentRequestsClient({ apiKey: API_KEY, baseUrl: first.url }).createSandboxApp()
    await first.close()
    const second = await startSandbox({ port: 0 })
    try {
      const fc = await call(`${second.url}/v1/pay/fastcheckout/orders`, "POST", order, {
        "api-key": API_KEY,
        "x-merchant-token": merchantToken,
      })
      expect(fc.status).toBe(401)
      expect(fc.json.errors[0]).toMatchObject({
        code: "ERR_4100_005",
        message: expect.stringContaining(
          "merchant token not valid (this sandbox keeps no state file: credentials it issued before it was restarted are gone"
        ),
      })
      const client = new FastCheckoutClient({ apiKey: API_KEY, merchantToken, baseUrl: second.url })
      const e = await caught(() => client.createOrder(order))
      expect(e.message).toContain("--state-file")
      await client.close()
      const v2 = await call(`${second.url}/v2/pay/paymentrequests?pageNumber=0&pageSize=1`, "GET", undefined, {
        "api-key": API_KEY,
        "x-app-token": appToken,
      })
      expect(v2.json.errors[0]).toMatchObject({
        code: "APP_TOKEN_INVALID",
        message: expect.stringContaining("restarted"),
      })
      // A missing header is a different mistake: no restart hint there.
      const missing = await call(`${second.url}/v1/pay/fastcheckout/orders`, "POST", order, { "api-key": API_KEY })
      expect(missing.json.errors[0].message).not.toContain("restarted")
    } finally {
      await second.close()
    }
  })
})

/** This machine's first non-loopback IPv4 address: a call to it does not arrive from loopback. */
function outsideAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address
  }
  throw new Error("this machine has no non-loopback IPv4 address to call the sandbox from")
}

describe("sandbox control routes: this machine, or the control token", () => {
  let open: RunningSandbox
  let withToken: RunningSandbox
  const address = outsideAddress()
  beforeAll(async () => {
    open = await startSandbox({ port: 0, host: "0.0.0.0" })
    withToken = await startSandbox({ port: 0, host: "0.0.0.0", controlToken: "a-long-control-token" })
  })
  afterAll(async () => {
    await open.close()
    await withToken.close()
  })

  it("answers /_sandbox calls from loopback, refuses them from another address with 403", async () => {
    expect((await call(`http://127.0.0.1:${open.port}/_sandbox/health`, "GET")).status).toBe(200)
    const refused = await call(`http://${address}:${open.port}/_sandbox/reset`, "POST")
    expect(refused.status).toBe(403)
    expect(refused.json.errors[0]).toMatchObject({
      code: "SANDBOX_CONTROL_FORBIDDEN",
      message: expect.stringContaining("X-Sandbox-Control-Token"),
    })
    // The services themselves answer everyone.
    expect(
      (
        await call(`http://${address}:${open.port}/v1/pay/fastcheckout/merchant`, "POST", undefined, {
          "api-key": API_KEY,
        })
      ).status
    ).toBe(201)
  })

  it("answers another address that sends the control token, and refuses a wrong one", async () => {
    const url = `http://${address}:${withToken.port}`
    expect(
      (await call(`${url}/_sandbox/health`, "GET", undefined, { "x-sandbox-control-token": "a-long-control-token" }))
        .status
    ).toBe(200)
    expect(
      (await call(`${url}/_sandbox/health`, "GET", undefined, { "x-sandbox-control-token": "a-long-control-tokeN" }))
        .status
    ).toBe(403)
    expect((await call(`${url}/_sandbox/health`, "GET")).status).toBe(403)
    const control = new SandboxControl(url, undefined, { controlToken: "a-long-control-token" })
    await expect(control.reset()).resolves.toBeUndefined()
    await control.close()
  })
})

describe("sandbox faults and errors as public clients see them", () => {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
  })
  afterAll(() => sandbox.close())

  it("refuses a fault for an unknown operation with 400 naming the known ones, instead of waiting forever", async () => {
    const res = await call(`${sandbox.url}/_sandbox/faults`, "POST", { operation: "fastCheckout.getOrdr", kind: "500" })
    expect(res.status).toBe(400)
    const message: string = res.json.errors[0].message
    expect(message).toMatch(/^operation: unknown operation; known: \*, /)
    for (const known of [
      "fastCheckout.getOrder",
      "paymentRequestsV2.createPaymentRequest",
      "paymentRequestsV1.listPlatforms",
    ]) {
      expect(message).toContain(known)
    }
    expect(message).not.toContain("control.")
    expect((await call(`${sandbox.url}/_sandbox/faults`, "GET")).json.pending).toEqual([])
    expect((await call(`${sandbox.url}/_sandbox/faults`, "POST", { operation: "*", kind: "503" })).status).toBe(201)
    await call(`${sandbox.url}/_sandbox/faults`, "DELETE")
  })

  it("answers an injected 500 on payment requests v2 with INTERNAL_SERVER_ERROR, and on Fast Checkout with ERR_8100_001", async () => {
    const { appToken } = (await call(`${sandbox.url}/v2/pay/sandboxapps`, "POST", undefined, { "api-key": API_KEY }))
      .json
    await call(`${sandbox.url}/_sandbox/faults`, "POST", {
      operation: "paymentRequestsV2.listPaymentRequests",
      kind: "500",
    })
    const v2 = await call(`${sandbox.url}/v2/pay/paymentrequests?pageNumber=0&pageSize=1`, "GET", undefined, {
      "api-key": API_KEY,
      "x-app-token": appToken,
    })
    expect({ status: v2.status, code: v2.json.errors[0].code }).toEqual({ status: 500, code: "INTERNAL_SERVER_ERROR" })
    await call(`${sandbox.url}/_sandbox/faults`, "POST", {
      operation: "fastCheckout.createSandboxMerchant",
      kind: "500",
    })
    const fc = await call(`${sandbox.url}/v1/pay/fastcheckout/merchant`, "POST", undefined, { "api-key": API_KEY })
    expect({ status: fc.status, code: fc.json.errors[0].code }).toEqual({ status: 500, code: "ERR_8100_001" })
  })
})

describe("sandbox checkout page", () => {
  it("offers the countries of the shops' regions, Ireland (the English storefront's region) among them", async () => {
    const sandbox = await startSandbox({ port: 0 })
    try {
      const setup = new FastCheckoutClient({ apiKey: API_KEY, baseUrl: sandbox.url })
      const { merchantToken } = await setup.createSandboxMerchant()
      const shop = new FastCheckoutClient({ apiKey: API_KEY, merchantToken, baseUrl: sandbox.url })
      const { checkoutUrl } = await shop.createOrder(order)
      const page = await (await request(checkoutUrl)).body.text()
      const offered = [...page.matchAll(/<option value="([A-Z]{2})"/g)].map((m) => m[1])
      expect(offered).toEqual(expect.arrayContaining(["NL", "BE", "DE", "IE"]))
      await Promise.all([setup.close(), shop.close()])
    } finally {
      await sandbox.close()
    }
  })
})
