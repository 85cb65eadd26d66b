import http from "node:http"
import type { AddressInfo } from "node:net"
import { request } from "undici"
import { isTikkieError, type TikkieError } from "../../src/core/errors"
import { PaymentRequestsClient, type PaymentRequestsClientOptions } from "../../src/payment-requests/v2"
import { SandboxControl, startSandbox, type RunningSandbox } from "tikkie-sandbox"

/** Shared by the payment requests v2 contract tests: a real sandbox, a real client, raw HTTP. */

export const API_KEY = "pr-v2-test-api-key-7f3c9a1e"
export const OTHER_API_KEY = "pr-v2-other-api-key-52be07d4"

/** Retries quick enough for tests; the policy itself is what is tested, not the delays. */
export const FAST_RETRY = { retries: 3, baseDelayMs: 1, maxDelayMs: 5 }

export interface V2Env {
  sandbox: RunningSandbox
  control: SandboxControl
  appToken: string
  client: PaymentRequestsClient
  close(): Promise<void>
}

export async function startV2(extra: Partial<PaymentRequestsClientOptions> = {}): Promise<V2Env> {
  const sandbox = await startSandbox({ port: 0 })
  const control = new SandboxControl(sandbox.url)
  const appToken = await newApp(sandbox.url)
  const client = new PaymentRequestsClient({
    apiKey: API_KEY,
    appToken,
    baseUrl: sandbox.url,
    retry: FAST_RETRY,
    ...extra,
  })
  return {
    sandbox,
    control,
    appToken,
    client,
    close: async () => {
      await client.close()
      await control.close()
      await sandbox.close()
    },
  }
}

export async function newApp(baseUrl: string, apiKey = API_KEY): Promise<string> {
  const res = await raw(baseUrl, "POST", "/v2/pay/sandboxapps", { headers: { "API-Key": apiKey } })
  expect(res.status).toBe(201)
  return (res.body as { appToken: string }).appToken
}

export interface RawResponse {
  status: number
  traceId: string | undefined
  contentType: string | undefined
  body: unknown
  text: string
}

export async function raw(
  baseUrl: string,
  method: "GET" | "POST" | "DELETE",
  path: string,
  opts: { headers?: Record<string, string>; json?: unknown; body?: string; form?: Record<string, string> } = {}
): Promise<RawResponse> {
  const headers: Record<string, string> = { ...opts.headers }
  let body: string | undefined = opts.body
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json)
    headers["content-type"] = "application/json"
  } else if (opts.form) {
    body = new URLSearchParams(opts.form).toString()
    headers["content-type"] = "application/x-www-form-urlencoded"
  } else if (body !== undefined) {
    headers["content-type"] ??= "application/json"
  }
  const res = await request(baseUrl + path, { method, headers, body })
  const text = await res.body.text()
  let parsed: unknown = undefined
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    parsed = undefined
  }
  const trace = res.headers["trace-id"]
  const ct = res.headers["content-type"]
  return {
    status: res.statusCode,
    traceId: Array.isArray(trace) ? trace[0] : trace,
    contentType: Array.isArray(ct) ? ct[0] : ct,
    body: parsed,
    text,
  }
}

/** Headers of an app's call. */
export function appHeaders(appToken: string, apiKey = API_KEY): Record<string, string> {
  return { "API-Key": apiKey, "X-App-Token": appToken }
}

/** Asserts the documented error body: one entry with code, message, reference, status, traceId. */
export function expectErrorBody(res: RawResponse, status: number, code: string): void {
  expect({ status: res.status, code: (res.body as { errors?: Array<{ code: string }> })?.errors?.[0]?.code }).toEqual({
    status,
    code,
  })
  expect(res.traceId).toMatch(/^[0-9a-f-]{36}$/)
  const entry = (res.body as { errors: Array<Record<string, unknown>> }).errors[0]
  expect(entry).toEqual(
    expect.objectContaining({
      code,
      status,
      traceId: res.traceId,
      message: expect.any(String),
      reference: expect.any(String),
    })
  )
  expect((entry.message as string).length).toBeGreaterThan(0)
}

/** Runs `fn`, which must throw a TikkieError, and returns it. */
export async function caught(fn: () => Promise<unknown>): Promise<TikkieError> {
  try {
    await fn()
  } catch (e) {
    if (isTikkieError(e)) return e
    throw e
  }
  throw new Error("expected a TikkieError, but the call succeeded")
}

/** How many calls of `operation` the sandbox received. */
export async function received(control: SandboxControl, operation: string): Promise<number> {
  return (await control.requests(operation)).length
}

/** A small local HTTP receiver for notifications. */
export interface Receiver {
  url: string
  bodies: unknown[]
  /** Resolves once `n` bodies arrived (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<unknown[]>
  close(): Promise<void>
}

export async function startReceiver(path = "/notifications"): Promise<Receiver> {
  const bodies: unknown[] = []
  const waiters: Array<() => void> = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      try {
        bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")))
      } catch {
        bodies.push({ unparsable: true })
      }
      res.writeHead(200).end()
      waiters.forEach((w) => w())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}${path}`,
    bodies,
    waitFor: (n, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (bodies.length >= n) {
            clearTimeout(timer)
            resolve(bodies.slice())
          }
        }
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${bodies.length} of ${n} notifications`)),
          timeoutMs
        )
        waiters.push(check)
        check()
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Pays a request through the sandbox control, as a payer would on the page. */
export async function pay(
  control: SandboxControl,
  paymentRequestToken: string,
  body: { amountInCents?: number; counterPartyName?: string } = {}
): Promise<{ paymentToken: string; amountInCents: number }> {
  return control.post(`/_sandbox/paymentrequests/${paymentRequestToken}/pay`, body)
}
