import { randomUUID } from "node:crypto"
import { PaymentRequestsClient } from "../../src/payment-requests/v2"
import {
  API_KEY,
  appHeaders,
  caught,
  expectErrorBody,
  FAST_RETRY,
  OTHER_API_KEY,
  raw,
  received,
  startV2,
  type V2Env,
} from "./helpers"

/** API-Key and X-App-Token rules of payment requests v2. */
describe("payment requests v2: API key and app tokens", () => {
  let env: V2Env
  beforeAll(async () => {
    env = await startV2()
  })
  afterAll(() => env.close())

  it("creates a sandbox app with the API key alone: a UUID app token that then works", async () => {
    const bare = new PaymentRequestsClient({ apiKey: API_KEY, baseUrl: env.sandbox.url })
    try {
      const { appToken } = await bare.createSandboxApp()
      expect(appToken).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      const app = new PaymentRequestsClient({ apiKey: API_KEY, appToken, baseUrl: env.sandbox.url })
      expect((await app.createPaymentRequest({ description: "New app" })).status).toBe("OPEN")
      await app.close()
    } finally {
      await bare.close()
    }
  })

  it("answers 401 API_KEY_INVALID when the API-Key header is missing or blank", async () => {
    const noKey = await raw(env.sandbox.url, "POST", "/v2/pay/sandboxapps")
    expectErrorBody(noKey, 401, "API_KEY_INVALID")
    const blank = await raw(env.sandbox.url, "GET", "/v2/pay/paymentrequests?pageNumber=0&pageSize=1", {
      headers: { "API-Key": "  ", "X-App-Token": env.appToken },
    })
    expectErrorBody(blank, 401, "API_KEY_INVALID")
  })

  const APP_ROUTES: Array<["GET" | "POST" | "DELETE", string]> = [
    ["POST", "/v2/pay/paymentrequests"],
    ["GET", "/v2/pay/paymentrequests?pageNumber=0&pageSize=10"],
    ["GET", "/v2/pay/paymentrequests/AAAAAAAAAAAAAAAAAAAAAA"],
    ["GET", "/v2/pay/paymentrequests/AAAAAAAAAAAAAAAAAAAAAA/payments?pageNumber=0&pageSize=10"],
    ["GET", "/v2/pay/paymentrequests/AAAAAAAAAAAAAAAAAAAAAA/payments/BBBBBBBBBBBBBBBBBBBBBB"],
    ["POST", "/v2/pay/paymentrequests/AAAAAAAAAAAAAAAAAAAAAA/payments/BBBBBBBBBBBBBBBBBBBBBB/refunds"],
    [
      "GET",
      "/v2/pay/paymentrequests/AAAAAAAAAAAAAAAAAAAAAA/payments/BBBBBBBBBBBBBBBBBBBBBB/refunds/CCCCCCCCCCCCCCCCCCCCCC",
    ],
    ["POST", "/v2/pay/paymentrequestssubscription"],
    ["DELETE", "/v2/pay/paymentrequestssubscription"],
  ]

  it.each(APP_ROUTES)("%s %s needs X-App-Token: 401 APP_TOKEN_INVALID without it", async (method, path) => {
    const res = await raw(env.sandbox.url, method, path, { headers: { "API-Key": API_KEY } })
    expectErrorBody(res, 401, "APP_TOKEN_INVALID")
  })

  it.each([
    ["not a UUID", "not-a-uuid"],
    ["an unknown UUID", randomUUID()],
  ])("answers APP_TOKEN_INVALID for an app token that is %s", async (_name, token) => {
    const res = await raw(env.sandbox.url, "GET", "/v2/pay/paymentrequests?pageNumber=0&pageSize=1", {
      headers: appHeaders(token),
    })
    expectErrorBody(res, 401, "APP_TOKEN_INVALID")
  })

  it("answers APP_TOKEN_ALREADY_IN_USE when the app token is used with another API key", async () => {
    const res = await raw(env.sandbox.url, "GET", "/v2/pay/paymentrequests?pageNumber=0&pageSize=1", {
      headers: appHeaders(env.appToken, OTHER_API_KEY),
    })
    expectErrorBody(res, 401, "APP_TOKEN_ALREADY_IN_USE")
    const other = new PaymentRequestsClient({ apiKey: OTHER_API_KEY, appToken: env.appToken, baseUrl: env.sandbox.url })
    const e = await caught(() => other.createPaymentRequest({ description: "Borrowed token" }))
    await other.close()
    expect({ kind: e.kind, code: e.code, status: e.status }).toEqual({
      kind: "service",
      code: "APP_TOKEN_ALREADY_IN_USE",
      status: 401,
    })
  })

  it("answers APP_TOKEN_DISABLED once the app is disabled (without retrying), and works again when enabled", async () => {
    const bare = new PaymentRequestsClient({ apiKey: API_KEY, baseUrl: env.sandbox.url, retry: FAST_RETRY })
    const { appToken } = await bare.createSandboxApp()
    await bare.close()
    const app = new PaymentRequestsClient({ apiKey: API_KEY, appToken, baseUrl: env.sandbox.url, retry: FAST_RETRY })
    try {
      await env.control.post(`/_sandbox/apps/${appToken}/disable`)
      const before = await received(env.control, "paymentRequestsV2.listPaymentRequests")
      const e = await caught(() => app.listPaymentRequests({ pageNumber: 0, pageSize: 10 }))
      expect({ code: e.code, status: e.status }).toEqual({ code: "APP_TOKEN_DISABLED", status: 401 })
      expect(await received(env.control, "paymentRequestsV2.listPaymentRequests")).toBe(before + 1)

      await env.control.post(`/_sandbox/apps/${appToken}/enable`)
      expect((await app.listPaymentRequests({ pageNumber: 0, pageSize: 10 })).totalElementCount).toBe(0)
    } finally {
      await app.close()
    }
  })

  it("the disable control answers 404 for an unknown app", async () => {
    const res = await raw(env.sandbox.url, "POST", `/_sandbox/apps/${randomUUID()}/disable`)
    expectErrorBody(res, 404, "APP_NOT_FOUND")
  })

  it("a client without an app token refuses app calls locally and sends nothing", async () => {
    const bare = new PaymentRequestsClient({ apiKey: API_KEY, baseUrl: env.sandbox.url })
    const before = await received(env.control, "paymentRequestsV2.createPaymentRequest")
    const e = await caught(() => bare.createPaymentRequest({ description: "No app" }))
    await bare.close()
    expect({ kind: e.kind, code: e.code, status: e.status }).toEqual({
      kind: "local",
      code: "APP_TOKEN_INVALID",
      status: 401,
    })
    expect(await received(env.control, "paymentRequestsV2.createPaymentRequest")).toBe(before)
  })

  it("refuses a malformed app token or a blank API key at construction, without repeating either", () => {
    const secretish = "not-a-uuid-but-a-secret-value-123"
    let thrown: unknown
    try {
      new PaymentRequestsClient({ apiKey: API_KEY, appToken: secretish, baseUrl: env.sandbox.url })
    } catch (e) {
      thrown = e
    }
    expect(thrown).toMatchObject({ kind: "local", code: "APP_TOKEN_INVALID" })
    expect(JSON.stringify(thrown) + String((thrown as Error).message)).not.toContain(secretish)
    expect(JSON.stringify(thrown)).not.toContain(API_KEY)
    expect(() => new PaymentRequestsClient({ apiKey: " ", baseUrl: env.sandbox.url })).toThrow(/apiKey/)
  })
})
