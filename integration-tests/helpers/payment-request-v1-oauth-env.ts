import { request } from "undici"
import { useTikkieBankSandbox, type TikkieBankTestEnv } from "./tikkie-bank-env"
import { setV1PlatformEnv } from "./payment-request-v1-env"
import { useFileEnv } from "./file-env"

/**
 * A store with the v1 provider in OAuth mode (TIKKIE_V1=oauth, no fixed access token) and the
 * tikkie-bank module's OAuth options, all against one sandbox: the tokens the store gets from the
 * authorization service are the ones the v1 API checks. Plain HTTP (the demo's set-up): mutual TLS on
 * the token endpoint is covered by the bank tests; here the v1 client must reach the same server.
 */
export function usePaymentRequestV1OAuth(): TikkieBankTestEnv {
  const env = useTikkieBankSandbox({ plainHttp: true })
  const set = useFileEnv()
  beforeAll(async () => {
    const apiKey = "test-api-key-v1-oauth"
    const res = await request(`${env.sandbox.url}/v1/pay/fastcheckout/merchant`, {
      method: "POST",
      headers: { "API-Key": apiKey },
    })
    const { merchantToken } = (await res.body.json()) as { merchantToken: string }
    set("TIKKIE_BASE_URL", env.sandbox.url)
    set("TIKKIE_API_KEY", apiKey)
    set("TIKKIE_MERCHANT_TOKEN", merchantToken)
    set("TIKKIE_STORE_URL", env.storeUrl)
    set("TIKKIE_STOREFRONT_URL", "http://storefront.test")
    set("TIKKIE_REQUEST_TIMEOUT_MS", "2000")
    set("TIKKIE_V1", "oauth")
    setV1PlatformEnv(set)
  })
  return env
}
