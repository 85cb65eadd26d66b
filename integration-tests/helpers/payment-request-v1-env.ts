import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { updateRegionsWorkflow } from "@medusajs/medusa/core-flows"
import { request } from "undici"
import type { TikkieTestEnv } from "./tikkie-sandbox-env"
import { useFileEnv } from "./file-env"

/** medusa-config.ts registers the v1 provider with id "tikkie-v1" when TIKKIE_V1_ACCESS_TOKEN is set. */
export const V1_PROVIDER = "pp_tikkie-payment-request_tikkie-v1"

export const V1_OPTIONS = {
  platformName: "Tikkie Demo Winkel",
  platformPhone: "020 123 4567",
  userName: "Tikkie Demo Winkel BV",
  userPhone: "0612345678",
  iban: "NL91ABNA0417164300",
  bankAccountLabel: "Webshop",
}

/**
 * Registers the v1 provider before the app boots: an access token with scope pay minted by the sandbox
 * (as if the merchant had consented) and the platform and user options, overridable per test file.
 * Call right after useTikkieSandbox() and before medusaIntegrationTestRunner.
 */
export function usePaymentRequestV1(
  env: TikkieTestEnv,
  overrides: Partial<typeof V1_OPTIONS> = {}
): { accessToken: string } {
  const out = { accessToken: "" }
  const set = useFileEnv()
  beforeAll(async () => {
    const res = await request(`${env.sandbox.url}/_sandbox/oauth/tokens`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scope: "pay" }),
    })
    out.accessToken = ((await res.body.json()) as { access_token: string }).access_token
    set("TIKKIE_V1_ACCESS_TOKEN", out.accessToken)
    setV1PlatformEnv(set, { ...V1_OPTIONS, ...overrides })
  })
  return out
}

/** The v1 platform and user options, as medusa-config.ts reads them. */
export function setV1PlatformEnv(set: (name: string, value: string) => void, o: typeof V1_OPTIONS = V1_OPTIONS) {
  set("TIKKIE_V1_PLATFORM_NAME", o.platformName)
  set("TIKKIE_V1_PLATFORM_PHONE", o.platformPhone)
  set("TIKKIE_V1_USER_NAME", o.userName)
  set("TIKKIE_V1_USER_PHONE", o.userPhone)
  set("TIKKIE_V1_IBAN", o.iban)
  set("TIKKIE_V1_BANK_ACCOUNT_LABEL", o.bankAccountLabel)
}

export async function enableV1PaymentLinks(container: MedusaContainer, regionId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "region", fields: ["payment_providers.id"], filters: { id: regionId } })
  const current = ((data[0] as { payment_providers?: Array<{ id: string }> }).payment_providers ?? []).map((p) => p.id)
  await updateRegionsWorkflow(container).run({
    input: { selector: { id: regionId }, update: { payment_providers: [...new Set([...current, V1_PROVIDER])] } },
  })
}
