import { request } from "undici"
import { freePort } from "../../scripts/embedded-db"
import { SandboxControl, startSandbox, type RunningSandbox } from "tikkie-sandbox"
import { useFileEnv } from "./file-env"

export interface TikkieTestEnv {
  sandbox: RunningSandbox
  control: SandboxControl
  /** The Medusa store's base URL (the test runner listens on PORT). */
  storeUrl: string
  storefrontUrl: string
}

/**
 * Starts a real sandbox and points the store's Tikkie provider at it, before the Medusa app boots:
 * call at the top of a test file, before medusaIntegrationTestRunner (its beforeAll runs first).
 * The store's port is chosen here so the provider's webhook and return URLs are known in advance.
 */
export function useTikkieSandbox(opts: { requestTimeoutMs?: number } = {}): TikkieTestEnv {
  const env = {} as TikkieTestEnv
  const set = useFileEnv()
  beforeAll(async () => {
    env.sandbox = await startSandbox({ port: 0, deliveryBackoffMs: 100, deliveryTimeoutMs: 10_000 })
    env.control = new SandboxControl(env.sandbox.url)
    const apiKey = "test-api-key-0001"
    const res = await request(`${env.sandbox.url}/v1/pay/fastcheckout/merchant`, {
      method: "POST",
      headers: { "API-Key": apiKey },
    })
    const { merchantToken } = (await res.body.json()) as { merchantToken: string }
    const port = await freePort()
    env.storeUrl = `http://localhost:${port}`
    env.storefrontUrl = "http://storefront.test"
    set("PORT", String(port))
    set("TIKKIE_BASE_URL", env.sandbox.url)
    set("TIKKIE_API_KEY", apiKey)
    set("TIKKIE_MERCHANT_TOKEN", merchantToken)
    set("TIKKIE_STORE_URL", env.storeUrl)
    set("TIKKIE_STOREFRONT_URL", env.storefrontUrl)
    set("TIKKIE_REQUEST_TIMEOUT_MS", String(opts.requestTimeoutMs ?? 2_000))
  })
  afterAll(async () => {
    await env.control?.close()
    await env.sandbox?.close()
  })
  return env
}

/**
 * Between the tests of one file: faults, deliveries and the request log cleared. Not a full reset: the
 * store's merchant token (made once for the file's app) must stay valid.
 */
export async function clearSandboxForNextTest(env: TikkieTestEnv): Promise<void> {
  await env.control.clearFaults()
  await env.control.clearDeliveries()
  await env.control.clearRequests()
}
