import { request } from "undici"
import { TikkieError } from "../../src/core/errors"
import { PaymentRequestsV1Client, type PaymentRequestsV1ClientOptions } from "../../src/payment-requests/v1"
import { startSandbox, type RunningSandbox } from "tikkie-sandbox"
import { SandboxControl } from "tikkie-sandbox/control-client"

/** Shared setup of the v1 contract tests: a real sandbox over real HTTP, tokens minted by its control. */
export interface V1Env {
  sandbox: RunningSandbox
  control: SandboxControl
  url: string
  token(scope?: string): Promise<string>
  client(overrides?: Partial<PaymentRequestsV1ClientOptions>): Promise<PaymentRequestsV1Client>
  close(): Promise<void>
}

let keyCounter = 0
/** A fresh API key, so each test has its own client (platforms are scoped to the key). */
export function newApiKey(): string {
  keyCounter++
  return `test-api-key-${process.pid}-${keyCounter}-${Math.random().toString(36).slice(2, 10)}`
}

export async function startV1Env(): Promise<V1Env> {
  const sandbox = await startSandbox({ port: 0 })
  const control = new SandboxControl(sandbox.url)
  const clients: PaymentRequestsV1Client[] = []
  const env: V1Env = {
    sandbox,
    control,
    url: sandbox.url,
    token: async (scope = "pay") => (await control.issueToken(scope)).access_token,
    client: async (overrides = {}) => {
      const c = new PaymentRequestsV1Client({
        apiKey: newApiKey(),
        accessToken: await env.token(),
        baseUrl: sandbox.url,
        retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 5 },
        ...overrides,
      })
      clients.push(c)
      return c
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.close()))
      await control.close()
      await sandbox.close()
    },
  }
  return env
}

// ---------------------------------------------------------------------------------------------------
// Dutch IBANs, computed here independently of ibantools so the tests check the library, not copy it.
// ---------------------------------------------------------------------------------------------------

function mod97(digits: string): number {
  let rest = 0
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97
  return rest
}

function lettersToDigits(s: string): string {
  return [...s].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join("")
}

/** NL + check digits + 4-letter bank code + 10-digit account number. */
export function dutchIban(bankCode: string, account: number): string {
  const bban = bankCode + String(account).padStart(10, "0")
  const check = 98 - mod97(lettersToDigits(bban + "NL00"))
  return `NL${String(check).padStart(2, "0")}${bban}`
}

let ibanCounter = Math.floor(Math.random() * 1_000_000) * 1000
/** A valid Dutch IBAN no other test uses (one IBAN per user is sandbox-wide). */
export function freshIban(): string {
  ibanCounter++
  return dutchIban("ABNA", ibanCounter)
}

export const VALID_BELGIAN_IBAN = "BE68539007547034"

// ---------------------------------------------------------------------------------------------------
// Bodies and raw HTTP
// ---------------------------------------------------------------------------------------------------

export function platformBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Bakery de Vries",
    phoneNumber: "0201234567",
    email: "info@bakery.nl",
    notificationUrl: "https://bakery.example/tikkie",
    platformUsage: "PAYMENT_REQUEST_FOR_MYSELF",
    ...overrides,
  }
}

export function userBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Anna de Vries",
    phoneNumber: "0612345678",
    iban: freshIban(),
    bankAccountLabel: "Business account",
    ...overrides,
  }
}

export function paymentRequestBody(overrides: Record<string, unknown> = {}) {
  return { amountInCents: "1250", currency: "EUR", description: "Order 1001", externalId: "INV-1001", ...overrides }
}

/** A platform with one user, created through the client. */
export async function seedUser(client: PaymentRequestsV1Client) {
  const platform = await client.createPlatform(platformBody())
  const user = await client.createUser(platform.platformToken, userBody())
  return {
    platform,
    user,
    platformToken: platform.platformToken,
    userToken: user.userToken,
    bankAccountToken: user.bankAccounts[0].bankAccountToken,
  }
}

export interface RawAnswer {
  status: number
  traceId: string | undefined
  body: any
  text: string
}

export async function raw(
  url: string,
  method: "GET" | "POST",
  path: string,
  opts: { apiKey?: string; token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}
): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...opts.headers }
  if (opts.apiKey !== undefined) headers["api-key"] = opts.apiKey
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`
  let body: string | undefined
  if (opts.rawBody !== undefined) body = opts.rawBody
  else if (opts.body !== undefined) body = JSON.stringify(opts.body)
  if (body !== undefined) headers["content-type"] ??= "application/json"
  const res = await request(url + path, { method, headers, body })
  const text = await res.body.text()
  let parsed: unknown
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    parsed = undefined
  }
  const t = res.headers["trace-id"]
  return { status: res.statusCode, traceId: Array.isArray(t) ? t[0] : t, body: parsed, text }
}

const CATEGORY: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
}

/** The documented error body: errors[{code, message, reference, traceId, status, category}] and a Trace-Id header. */
export function expectV1Error(res: RawAnswer, status: number, code: string, message?: RegExp): void {
  expect(res.status).toBe(status)
  expect(typeof res.traceId).toBe("string")
  expect(res.body?.errors).toHaveLength(1)
  const e = res.body.errors[0]
  expect(e).toEqual({
    code,
    message: expect.any(String),
    reference: expect.any(String),
    traceId: res.traceId,
    status,
    category: CATEGORY[status],
  })
  if (message) expect(e.message).toMatch(message)
}

/** Runs `fn` and returns the TikkieError it throws (fails the test if it does not throw one). */
export async function caught(fn: () => Promise<unknown>): Promise<TikkieError> {
  try {
    await fn()
  } catch (e) {
    if (e instanceof TikkieError) return e
    throw e
  }
  throw new Error("expected a TikkieError, but the call succeeded")
}

/** How many calls of an operation reached the sandbox. */
export async function callsOf(control: SandboxControl, operation: string): Promise<number> {
  return (await control.requests(operation)).length
}
