import http from "node:http"
import type { AddressInfo } from "node:net"
import { type Dispatcher, request } from "undici"
import type { RunningSandbox } from "tikkie-sandbox"

/** Shared steps of the account information contract tests: real HTTP against a real sandbox. */

export const API_KEY = "test-api-key-0123456789abcdef"
export const MAIN_ACCOUNT = "NL91ABNA0417164300"
export const BE_ACCOUNT = "BE68539007547034"
/** Seeded without bookings. */
export const EMPTY_ACCOUNT = "NL02ABNA0123456789"
export const ALL_AIS_SCOPES = [
  "psd2:account:details:read",
  "psd2:account:balance:read",
  "psd2:account:transaction:read",
  "psd2:account:funds:read",
] as const

export interface RawAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  json: any
}

export async function raw(
  url: string,
  init: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string; dispatcher?: Dispatcher } = {}
): Promise<RawAnswer> {
  const res = await request(url, {
    method: init.method ?? "GET",
    headers: init.headers,
    body: init.body,
    dispatcher: init.dispatcher,
  })
  const text = await res.body.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: res.statusCode, headers: res.headers, text, json }
}

/** A token as if the holder had consented (shared control), for tests not about the consent page. */
export async function mintToken(sandbox: RunningSandbox, scopes: ReadonlyArray<string>, accountNumber?: string) {
  const res = await raw(`${sandbox.url}/_sandbox/oauth/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ scope: scopes.join(" "), accountNumber }),
  })
  if (res.status !== 201) throw new Error(`minting a token failed: ${res.status} ${res.text}`)
  return res.json as { access_token: string; refresh_token: string }
}

export function aisHeaders(accessToken: string): Record<string, string> {
  return { "API-Key": API_KEY, Authorization: `Bearer ${accessToken}` }
}

export async function advanceClock(sandbox: RunningSandbox, seconds: number, dispatcher?: Dispatcher): Promise<void> {
  const res = await raw(`${sandbox.url}/_sandbox/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceSeconds: seconds }),
    dispatcher,
  })
  if (res.status !== 200) throw new Error(`clock: ${res.status} ${res.text}`)
}

export async function operationCount(sandbox: RunningSandbox, operation: string): Promise<number> {
  const res = await raw(`${sandbox.url}/_sandbox/requests?operation=${encodeURIComponent(operation)}`)
  return (res.json.requests as unknown[]).length
}

/** Parses the consent page the way a browser would see its form. */
export function readConsentForm(html: string) {
  const consentRequestId = /name="consentRequestId" value="([^"]+)"/.exec(html)?.[1]
  const accounts = [
    ...html.matchAll(/<input type="radio" name="accountNumber"\s+id="account-([A-Z0-9]+)" value="([A-Z0-9]+)"/g),
  ].map((m) => m[2])
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
  const approve = /<button type="submit" name="decision" value="approve" id="approve">/.test(html)
  const deny = /<button type="submit" name="decision" value="deny" id="deny">/.test(html)
  return { consentRequestId, accounts, action, approve, deny }
}

/** Submits the consent form as a browser does (form-encoded POST), without following the redirect. */
export async function submitConsentForm(
  sandbox: RunningSandbox,
  fields: Record<string, string>,
  dispatcher?: Dispatcher
): Promise<RawAnswer> {
  return raw(`${sandbox.url}/as/authorization.oauth2`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    dispatcher,
  })
}

/**
 * The whole consent as a holder's browser goes through it: GET the page, pick the account, Approve,
 * follow the 303 to the redirect receiver, which reads code and state.
 */
export async function consent(
  sandbox: RunningSandbox,
  input: { scopes: ReadonlyArray<string>; accountNumber?: string; state?: string; redirectUri: string; bank?: string },
  dispatcher?: Dispatcher
): Promise<{ location: string }> {
  const q = new URLSearchParams({
    scope: input.scopes.join(" "),
    client_id: "TPP_test",
    response_type: "code",
    flow: "code",
    redirect_uri: input.redirectUri,
  })
  if (input.bank) q.set("bank", input.bank)
  if (input.state !== undefined) q.set("state", input.state)
  const page = await raw(`${sandbox.url}/as/authorization.oauth2?${q}`, { dispatcher })
  if (page.status !== 200) throw new Error(`consent page: ${page.status} ${page.text}`)
  const form = readConsentForm(page.text)
  const answer = await submitConsentForm(
    sandbox,
    {
      consentRequestId: form.consentRequestId!,
      accountNumber: input.accountNumber ?? form.accounts[0],
      decision: "approve",
    },
    dispatcher
  )
  if (answer.status !== 303) throw new Error(`consent submit: ${answer.status} ${answer.text}`)
  return { location: String(answer.headers.location) }
}

/** A real HTTP server standing in for the shop's redirect_uri: records the query of every visit. */
export class RedirectReceiver {
  readonly visits: URLSearchParams[] = []
  private server?: http.Server
  url = ""

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      this.visits.push(new URL(req.url ?? "/", "http://receiver").searchParams)
      res.writeHead(200, { "content-type": "text/plain" })
      res.end("consent received")
    })
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/tikkie/callback`
    return this
  }

  /** Follows a Location header like a browser and returns what the receiver got. */
  async follow(location: string): Promise<URLSearchParams> {
    const res = await request(location)
    await res.body.dump()
    if (res.statusCode !== 200) throw new Error(`redirect target answered ${res.statusCode}`)
    return this.visits[this.visits.length - 1]
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }
}

/** Asserts the documented error body and that its traceId matches the Trace-Id header. */
export function expectServiceError(res: RawAnswer, status: number, code: string): void {
  expect({ status: res.status, code: res.json?.errors?.[0]?.code }).toEqual({ status, code })
  const e = res.json.errors[0]
  expect(e).toEqual(
    expect.objectContaining({
      code,
      status,
      message: expect.any(String),
      reference: expect.any(String),
      category: expect.any(String),
    })
  )
  expect(e.traceId).toBe(res.headers["trace-id"])
}
