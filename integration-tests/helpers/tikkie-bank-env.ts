import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { randomBytes } from "node:crypto"
import { Agent, request } from "undici"
import { freePort } from "../../scripts/embedded-db"
import { startSandbox, type RunningSandbox } from "tikkie-sandbox"
import { makeTestCertificates, type TestCertificates } from "../../packages/tikkie-client/test/helpers/certificates"
import { useFileEnv } from "./file-env"

export interface TikkieBankTestEnv {
  sandbox: RunningSandbox
  certs: TestCertificates
  /** Trusts the throwaway CA: what a holder's browser and the test's control calls use. */
  browser: Agent
  storeUrl: string
  apiKey: string
  encryptionKey: string
}

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  json: any
}

/**
 * Starts a sandbox with mutual TLS on (a throwaway CA, server and client certificate) and points the
 * store's tikkie-bank module at it through the TIKKIE_BANK_* env, before the Medusa app boots: call at
 * the top of a test file, before medusaIntegrationTestRunner.
 */
export function useTikkieBankSandbox(
  opts: {
    overdueAfterBankDays?: number
    historyMonths?: number
    /** The demo's set-up: a plain-HTTP sandbox and no client certificate (no mutual TLS). */
    plainHttp?: boolean
  } = {}
): TikkieBankTestEnv {
  const env = {} as TikkieBankTestEnv
  const set = useFileEnv()
  beforeAll(async () => {
    env.certs = makeTestCertificates("tikkie-bank")
    env.sandbox = await startSandbox({
      port: 0,
      tls: opts.plainHttp
        ? undefined
        : { cert: env.certs.serverCert, key: env.certs.serverKey, clientCa: env.certs.caCert },
    })
    env.browser = new Agent({ connect: { ca: env.certs.caCert } })
    env.apiKey = "test-bank-api-key-0001"
    env.encryptionKey = randomBytes(32).toString("base64")
    const port = await freePort()
    env.storeUrl = `http://localhost:${port}`
    set("PORT", String(port))
    set("TIKKIE_BANK_CLIENT_ID", "TPP_test")
    set("TIKKIE_BANK_API_KEY", env.apiKey)
    set("TIKKIE_BANK_AUTH_URL", env.sandbox.url)
    set("TIKKIE_BANK_BASE_URL", env.sandbox.url)
    set("TIKKIE_BANK_STORE_URL", env.storeUrl)
    if (!opts.plainHttp) {
      set("TIKKIE_BANK_CLIENT_CERT", env.certs.clientCert)
      set("TIKKIE_BANK_CLIENT_KEY", env.certs.clientKey)
      set("TIKKIE_BANK_CA", env.certs.caCert)
    }
    set("TIKKIE_BANK_TOKEN_ENCRYPTION_KEY", env.encryptionKey)
    if (opts.overdueAfterBankDays) set("TIKKIE_BANK_OVERDUE_AFTER_BANK_DAYS", String(opts.overdueAfterBankDays))
    if (opts.historyMonths) set("TIKKIE_BANK_HISTORY_MONTHS", String(opts.historyMonths))
  })
  afterAll(async () => {
    await env.browser?.close()
    await env.sandbox?.close()
  })
  return env
}

/** A real HTTP call (no redirects followed); JSON parsed when the body is JSON. */
export async function call(
  url: string,
  init: { method?: "GET" | "POST" | "DELETE"; headers?: Record<string, string>; body?: string; dispatcher?: Agent } = {}
): Promise<Answer> {
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

/** A sandbox control call (`/_sandbox/...`) over the sandbox's HTTPS. */
export async function control(env: TikkieBankTestEnv, method: "GET" | "POST" | "DELETE", path: string, body?: unknown) {
  const res = await call(`${env.sandbox.url}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    dispatcher: env.browser,
  })
  if (res.status >= 300) throw new Error(`sandbox ${method} ${path}: ${res.status} ${res.text}`)
  return res.json
}

/**
 * An admin user who logs in the way the admin dashboard does (emailpass), answering the headers of
 * an authenticated admin request. The runner empties the database after every test: call per test.
 */
export async function loginAdmin(container: MedusaContainer, api: { post: Function }, email = "admin@shop.test") {
  const password = "correct horse battery staple"
  const users = container.resolve(Modules.USER)
  const auth = container.resolve(Modules.AUTH)
  const user = await users.createUsers({ email, first_name: "Shop", last_name: "Admin" })
  const registered = await auth.register("emailpass", { body: { email, password } } as never)
  if (!registered.success || !registered.authIdentity)
    throw new Error(`registering the admin failed: ${registered.error}`)
  await auth.updateAuthIdentities({ id: registered.authIdentity.id, app_metadata: { user_id: user.id } })
  const { data } = await api.post("/auth/user/emailpass", { email, password })
  return { userId: user.id, headers: { authorization: `Bearer ${data.token}` } }
}

/** Parses the sandbox's consent page like a browser sees its form. */
export function readConsentForm(html: string) {
  return {
    consentRequestId: /name="consentRequestId" value="([^"]+)"/.exec(html)?.[1],
    accounts: [
      ...html.matchAll(/<input type="radio" name="accountNumber"\s+id="account-([A-Z0-9]+)" value="([A-Z0-9]+)"/g),
    ].map((m) => m[2]),
  }
}

/**
 * The holder's browser on the bank's side: opens the consent URL, picks the account, presses Approve or
 * Deny, and answers the 303's Location (the store's callback, not yet visited).
 */
export async function consentAtBank(
  env: TikkieBankTestEnv,
  consentUrl: string,
  input: { accountNumber?: string; decision?: "approve" | "deny" } = {}
): Promise<{ location: string; accounts: string[] }> {
  const page = await call(consentUrl, { dispatcher: env.browser })
  if (page.status !== 200) throw new Error(`consent page: ${page.status} ${page.text}`)
  const form = readConsentForm(page.text)
  const answer = await call(`${env.sandbox.url}/as/authorization.oauth2`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      consentRequestId: form.consentRequestId!,
      accountNumber: input.accountNumber ?? form.accounts[0],
      decision: input.decision ?? "approve",
    }).toString(),
    dispatcher: env.browser,
  })
  if (answer.status !== 303) throw new Error(`consent submit: ${answer.status} ${answer.text}`)
  return { location: String(answer.headers.location), accounts: form.accounts }
}

/** The browser following the bank's redirect to the store's callback page. */
export async function followToStore(location: string): Promise<Answer> {
  return call(location)
}

/** POST connect, consent at the bank, follow to the store: the whole round trip. */
export async function connectAccount(
  env: TikkieBankTestEnv,
  api: { post: Function },
  headers: Record<string, string>,
  input: { accountNumber?: string; scopes?: string[]; bank?: string } = {}
) {
  const body: Record<string, unknown> = {}
  if (input.scopes) body.scopes = input.scopes
  if (input.bank) body.bank = input.bank
  const { data } = await api.post("/admin/tikkie/bank/connect", body, { headers })
  const { location } = await consentAtBank(env, data.consent_url, { accountNumber: input.accountNumber })
  const page = await followToStore(location)
  if (page.status !== 200) throw new Error(`callback: ${page.status} ${page.text}`)
  return page
}
