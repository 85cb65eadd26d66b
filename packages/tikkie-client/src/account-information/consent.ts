import { z } from "zod"
import { validateOutgoing } from "../core/validation"
import { OAUTH_SERVICE_CODES } from "./codes"
import { bankSchema, redirectUriSchema, scopeSchema, type Bank, type Scope } from "./schemas"

export interface ConsentUrlOptions {
  /** Authorization service address, e.g. https://auth-sandbox.abnamro.com or the local sandbox. */
  authUrl: string
  clientId: string
  scopes: ReadonlyArray<Scope>
  /** Must equal the registered URL in production; any http(s) URL in the sandbox. */
  redirectUri?: string
  /** Returned unchanged on the redirect: tie it to the holder's session and check it there. */
  state?: string
  /** NLAA01 when omitted. */
  bank?: Bank
}

const consentUrlOptionsSchema = z.strictObject({
  authUrl: z.url({ protocol: /^https?$/, error: "authUrl must be an http(s) URL" }),
  clientId: z.string().min(1, "clientId is required"),
  scopes: z.array(scopeSchema, { error: "unknown scope" }).min(1, "at least one scope is required"),
  redirectUri: redirectUriSchema.optional(),
  state: z.string().optional(),
  bank: bankSchema.optional(),
})

/**
 * Where to send the account holder for consent:
 * `{authUrl}/as/authorization.oauth2?scope=a+b&client_id=..&response_type=code&flow=code&redirect_uri=..&bank=..&state=..`
 *
 * The document joins scopes with `+`. In a query string a literal `+` means a space, which is what
 * the service splits on, so the `+` is written as is; the scopes themselves are percent-encoded
 * (leaving `:` readable, as the document writes them) so nothing inside a scope can be taken for a
 * separator. The other parameters are percent-encoded in full.
 */
export function buildConsentUrl(options: ConsentUrlOptions): string {
  const o = validateOutgoing("oauth.authorize", consentUrlOptionsSchema, options, OAUTH_SERVICE_CODES)
  const scope = (v: string) => encodeURIComponent(v).replace(/%3A/gi, ":")
  const params: Array<[string, string | undefined]> = [
    ["client_id", o.clientId],
    ["response_type", "code"],
    ["flow", "code"],
    ["redirect_uri", o.redirectUri],
    ["bank", o.bank],
    ["state", o.state],
  ]
  const query = [`scope=${o.scopes.map(scope).join("+")}`]
  for (const [k, v] of params) if (v !== undefined) query.push(`${k}=${encodeURIComponent(v)}`)
  return `${o.authUrl.replace(/\/+$/, "")}/as/authorization.oauth2?${query.join("&")}`
}
