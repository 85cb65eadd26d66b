import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createUserAccountWorkflow, updateRegionsWorkflow } from "@medusajs/medusa/core-flows"
import { request } from "undici"
import type { TikkieTestEnv } from "./tikkie-sandbox-env"

export const PAYMENT_REQUEST_PROVIDER = "pp_tikkie-payment-request_tikkie"

/**
 * Gives the store a payment requests v2 app token from the sandbox (`TIKKIE_APP_TOKEN`, which
 * registers the payment request provider in medusa-config). Call right after useTikkieSandbox() and
 * before medusaIntegrationTestRunner, so the app boots with the provider.
 */
export function usePaymentRequestApp(env: TikkieTestEnv): { appToken: string } {
  const app = { appToken: "" }
  let saved: string | undefined
  beforeAll(async () => {
    const res = await request(`${env.sandbox.url}/v2/pay/sandboxapps`, {
      method: "POST",
      headers: { "API-Key": process.env.TIKKIE_API_KEY! },
    })
    app.appToken = ((await res.body.json()) as { appToken: string }).appToken
    saved = process.env.TIKKIE_APP_TOKEN
    process.env.TIKKIE_APP_TOKEN = app.appToken
  })
  afterAll(() => {
    if (saved === undefined) delete process.env.TIKKIE_APP_TOKEN
    else process.env.TIKKIE_APP_TOKEN = saved
  })
  return app
}

/** The demo seed enables the system provider and Fast Checkout; shops enable payment links per region too. */
export async function enablePaymentLinks(container: MedusaContainer, regionId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "region", fields: ["payment_providers.id"], filters: { id: regionId } })
  const current = ((data[0] as { payment_providers?: Array<{ id: string }> }).payment_providers ?? []).map((p) => p.id)
  await updateRegionsWorkflow(container).run({
    input: {
      selector: { id: regionId },
      update: { payment_providers: [...new Set([...current, PAYMENT_REQUEST_PROVIDER])] },
    },
  })
}

/** An admin user logged in through Medusa's own auth routes; answers the headers of an admin request. */
export async function adminHeaders(api: { post: Function }, container: MedusaContainer) {
  const email = `admin-${Date.now()}@tikkie.test`
  const password = "tikkie-admin-pass"
  const { data: registered } = await api.post("/auth/user/emailpass/register", { email, password })
  const { jwtDecode } = { jwtDecode: (t: string) => JSON.parse(Buffer.from(t.split(".")[1], "base64url").toString()) }
  const authIdentityId = jwtDecode(registered.token).auth_identity_id as string
  await createUserAccountWorkflow(container).run({ input: { authIdentityId, userData: { email } } })
  const { data } = await api.post("/auth/user/emailpass", { email, password })
  return { authorization: `Bearer ${data.token}` }
}
