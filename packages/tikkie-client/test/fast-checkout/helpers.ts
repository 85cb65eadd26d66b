import http from "node:http"
import type { AddressInfo } from "node:net"
import { request } from "undici"
import { FastCheckoutClient, type CreateOrderBody, type FastCheckoutClientOptions } from "../../src/fast-checkout"
import { SandboxControl, startSandbox, type RunningSandbox, type SandboxOptions } from "tikkie-sandbox"

/** Shared set-up of the Fast Checkout contract tests: a real sandbox over real HTTP. */

export const API_KEY = "test-api-key-0123456789abcdef"

export interface Harness {
  sandbox: RunningSandbox
  control: SandboxControl
  /** A client with a fresh merchant token. */
  client: FastCheckoutClient
  merchantToken: string
  clients: FastCheckoutClient[]
  newClient(options?: Partial<FastCheckoutClientOptions>): FastCheckoutClient
  /** Empties the sandbox (orders, merchants, request log, deliveries) and gives `client` a new merchant. */
  reset(): Promise<void>
  close(): Promise<void>
}

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({ port: 0, ...options })
  const control = new SandboxControl(sandbox.url)
  const clients: FastCheckoutClient[] = []
  const newClient = (o: Partial<FastCheckoutClientOptions> = {}) => {
    const c = new FastCheckoutClient({
      apiKey: API_KEY,
      baseUrl: sandbox.url,
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
      ...o,
    })
    clients.push(c)
    return c
  }
  const { merchantToken } = await newClient().createSandboxMerchant()
  const h: Harness = {
    sandbox,
    control,
    client: newClient({ merchantToken }),
    merchantToken,
    clients,
    newClient,
    reset: async () => {
      await control.reset()
      h.merchantToken = (await newClient().createSandboxMerchant()).merchantToken
      h.client = newClient({ merchantToken: h.merchantToken })
      // The merchant call above is not what a test is about.
      await request(`${sandbox.url}/_sandbox/requests`, { method: "DELETE" }).then((r) => r.body.dump())
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.close()))
      await control.close()
      await sandbox.close()
    },
  }
  return h
}

export function orderBody(overrides: Record<string, unknown> = {}): CreateOrderBody {
  return {
    referenceId: "order-1001",
    shippingCostsInCents: 495,
    currency: "EUR",
    expiration: 600,
    redirectUrl: "https://shop.example/checkout/done",
    items: [
      { itemName: "Stroopwafels", priceInCents: 299, quantity: 2 },
      { itemName: "Drop", priceInCents: 150, quantity: 1 },
    ],
    ...overrides,
  } as CreateOrderBody
}

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  json: any
}

/** One plain HTTP call, for checks that must not go through the client. */
export async function raw(
  method: "GET" | "POST",
  url: string,
  opts: { headers?: Record<string, string>; body?: string; json?: unknown } = {}
): Promise<RawResponse> {
  const headers = { ...opts.headers }
  let body = opts.body
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json)
    headers["content-type"] = "application/json"
  }
  const res = await request(url, { method, headers, body })
  const text = await res.body.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: res.statusCode, headers: res.headers, text, json }
}

export function orderHeaders(merchantToken: string, apiKey = API_KEY): Record<string, string> {
  return { "API-Key": apiKey, "X-Merchant-Token": merchantToken }
}

/**
 * Checks the documented error body (errors array of code, message, reference, traceId, status,
 * category) and that its traceId is the Trace-Id header's.
 */
export function expectServiceError(res: RawResponse, status: number, code: string, category: string): string {
  expect(res.status).toBe(status)
  const traceId = res.headers["trace-id"]
  expect(typeof traceId).toBe("string")
  expect(res.json).toEqual({
    errors: [
      {
        code,
        message: expect.any(String),
        reference: expect.any(String),
        traceId,
        status,
        category,
      },
    ],
  })
  expect(res.json.errors[0].message.length).toBeGreaterThan(0)
  return res.json.errors[0].message
}

export interface ReceivedWebhook {
  at: number
  body: any
  contentType?: string
}

/** A shop's webhook endpoint: records every POST and answers the next queued status (default 200). */
export async function startWebhookReceiver(): Promise<{
  url: string
  received: ReceivedWebhook[]
  answerNext(...statuses: number[]): void
  close(): Promise<void>
}> {
  const received: ReceivedWebhook[] = []
  const queue: number[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8")
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // kept as text so a test can see what arrived
      }
      received.push({ at: Date.now(), body, contentType: req.headers["content-type"] })
      res.statusCode = queue.shift() ?? 200
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/tikkie/webhook`,
    received,
    answerNext: (...statuses) => queue.push(...statuses),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Polls until `check` passes (for background work such as webhook deliveries); never a pass/fail on time. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 8_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (e) {
      if (Date.now() > until) throw e
      await new Promise((r) => setTimeout(r, 20))
    }
  }
}

/** What `fn` threw, for assertions on the error itself. */
export async function caught(fn: () => Promise<unknown>): Promise<any> {
  try {
    await fn()
  } catch (e) {
    return e
  }
  throw new Error("expected the call to fail, but it succeeded")
}

export function apiUrl(h: Harness, path: string, product: "pay" | "tikkie" = "pay"): string {
  return `${h.sandbox.url}/v1/${product}/fastcheckout${path}`
}
