import { readFileSync } from "node:fs"
import { Agent } from "undici"
import { AccountInformationClient, addDays, amsterdamDate, buildConsentUrl, OAuthClient, toCents } from "../../src"

const authUrl = process.env.TIKKIE_AUTH_URL! // the authorization service, or the local sandbox
const apiUrl = process.env.TIKKIE_API_URL! // the account information service, or the local sandbox
const clientId = process.env.TIKKIE_CLIENT_ID! // TPP_test in the local sandbox
const redirectUri = "https://shop.example/tikkie/consent"

/** Step 1: send the account holder here. The redirect comes back with ?code=...&state=... */
export function consentUrl(state: string): string {
  return buildConsentUrl({
    authUrl,
    clientId,
    redirectUri,
    state, // check it on the redirect
    scopes: ["psd2:account:balance:read", "psd2:account:transaction:read"],
  })
}

/** Step 2, on the redirect: the code for tokens over mutual TLS, then balance and last week's bookings. */
export async function onConsent(code: string) {
  // Only for a server certificate of your own CA (the local sandbox started with --tls-cert).
  const ca = process.env.TIKKIE_CA_FILE ? readFileSync(process.env.TIKKIE_CA_FILE) : undefined
  const oauth = new OAuthClient({
    authUrl,
    clientId,
    tls: {
      cert: readFileSync(process.env.TIKKIE_CLIENT_CERT_FILE!),
      key: readFileSync(process.env.TIKKIE_CLIENT_KEY_FILE!),
      ca,
    },
  })
  const trust = ca ? new Agent({ connect: { ca } }) : undefined
  let tokens = await oauth.exchangeCode({ code, redirectUri }) // a code works once, for 10 seconds
  let expiresAt = Date.now() + tokens.expires_in * 1000
  const ais = new AccountInformationClient({
    apiKey: process.env.TIKKIE_API_KEY!,
    baseUrl: apiUrl,
    dispatcher: trust,
    // Called before every request: refresh five minutes before the 2-hour access token runs out.
    accessToken: async () => {
      if (Date.now() > expiresAt - 5 * 60_000) {
        tokens = await oauth.refresh({ refreshToken: tokens.refresh_token })
        expiresAt = Date.now() + tokens.expires_in * 1000
      }
      return tokens.access_token
    },
  })
  try {
    const { iban } = await ais.consentInfo() // the account the holder picked
    const balance = await ais.balances(iban!)
    const bookings: Array<{ bookDate?: string; cents: number; description: string }> = []
    // Follows nextPageKey and sends the same date filters with every page.
    for await (const t of ais.transactions(iban!, { bookDateFrom: addDays(amsterdamDate(Date.now()), -7) })) {
      bookings.push({
        bookDate: t.bookDate,
        cents: toCents(t.amount),
        description: (t.descriptionLines ?? []).join(" "),
      })
    }
    return { iban, balanceInCents: toCents(balance.amount), bookings, refreshToken: tokens.refresh_token }
  } finally {
    await Promise.all([ais.close(), oauth.close(), trust?.close()])
  }
}
