import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, generateEntityId, Modules } from "@medusajs/framework/utils"
import { TikkieError } from "../../tikkie/core/errors"
import { bankModule, currentConnection, oauthClient, requireBankOptions, requireTokenCipher, resourceClient, tokenBinding } from "./bank-session"
import { hashConsentState } from "./consent-state"
import { scopeNames } from "./scopes"
import { PAY_SCOPE, storePayGrant } from "../payment-request/v1-pay-grant"

export interface ConsentCallbackInput {
  state?: string
  code?: string
  error?: string
}

/** What the callback page shows. `ok: false` means nothing was stored. */
export type ConsentOutcome =
  | { ok: true; purpose: "bank"; accountNumber: string; scopes: string[] }
  | { ok: true; purpose: "pay" }
  | { ok: false; status: number; title: string; message: string }

const refuse = (status: number, title: string, message: string): ConsentOutcome => ({ ok: false, status, title, message })
const START_AGAIN = "Start again from the store admin (connect the bank account)."

/**
 * The bank's redirect back after the consent page: checks and uses up the `state`, exchanges the code
 * at once (it lives 10 seconds) over mutual TLS, reads consentinfo for the account and scopes granted,
 * and stores the connection with its tokens sealed (AES-256-GCM). Any refusal stores nothing.
 *
 * Choices: the state is used up by its first arrival, whatever follows (a replay of the same redirect
 * is refused even when the first attempt failed at the bank); a denied consent answers 200 (the holder's
 * choice, not a fault); reconnecting the same account keeps how far transactions were read.
 *
 * Not a Medusa workflow, by choice: split into steps, the bank's access and refresh tokens would travel
 * as step results through the workflow engine's stored state (Redis in a production store) unsealed; and
 * nothing in it can be undone at the bank (the state is used up, the code spent). Its one write, the
 * connection, happens last, under the connection's lock.
 */
export async function completeBankConsent(container: MedusaContainer, input: ConsentCallbackInput): Promise<ConsentOutcome> {
  const bank = bankModule(container)
  const options = requireBankOptions(bank)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  if (!input.state) return refuse(400, "Not connected", `The bank's answer carries no state. ${START_AGAIN}`)

  const state = await bank.consumeConsentState(hashConsentState(input.state))
  if (!state.ok) {
    const why = {
      unknown: "This consent answer does not belong to a connection this store started.",
      used: "This consent answer was already used; a consent link works once.",
      expired: "This consent request has expired (it lasts 15 minutes).",
    }[state.reason]
    return refuse(400, "Not connected", `${why} ${START_AGAIN}`)
  }
  if (input.error) {
    const denied = input.error === "access_denied"
    return refuse(
      denied ? 200 : 400,
      denied ? "Consent denied" : "Not connected",
      denied
        ? "The account holder denied consent; no bank account was connected."
        : `The bank answered ${input.error}; no bank account was connected. ${START_AGAIN}`
    )
  }
  if (!input.code) return refuse(400, "Not connected", `The bank's answer carries no authorization code. ${START_AGAIN}`)

  let cipher
  try {
    cipher = requireTokenCipher(options)
  } catch (e) {
    return refuse(500, "Not connected", (e as Error).message)
  }

  const oauth = oauthClient(options)
  let tokens
  try {
    tokens = await oauth.exchangeCode({ code: input.code, redirectUri: options.callbackUrl })
  } catch (e) {
    const code = e instanceof TikkieError ? e.code : "error"
    logger.warn(`Tikkie bank consent: the code exchange failed (${code})`)
    return refuse(
      400,
      "Not connected",
      code === "invalid_grant"
        ? `The bank refused the authorization code (${code}): it expired (codes live 10 seconds) or was already used. ${START_AGAIN}`
        : `The bank's token endpoint refused the exchange (${code}). ${START_AGAIN}`
    )
  } finally {
    await oauth.close()
  }

  if (state.purpose === "pay") {
    // Legacy payment requests v1: no account to read, the grant is all there is to keep.
    if (tokens.scopes && !tokens.scopes.includes(PAY_SCOPE)) {
      return refuse(400, "Not connected", `The consent does not include scope pay. Start again from the store admin (connect payment requests v1).`)
    }
    await storePayGrant(container, cipher, { userId: state.userId, tokens })
    return { ok: true, purpose: "pay" }
  }

  const { client, close } = resourceClient(options, async () => tokens.access_token)
  let info
  try {
    info = await client.consentInfo()
  } catch (e) {
    return refuse(502, "Not connected", `The bank did not tell which account was consented to (${e instanceof TikkieError ? e.code : "error"}). ${START_AGAIN}`)
  } finally {
    await close()
  }
  if (!info.iban) return refuse(502, "Not connected", `The bank's consent carries no account number. ${START_AGAIN}`)
  const accountNumber = info.iban
  const scopes = info.scopes.length ? info.scopes : (tokens.scopes ?? state.scopes)

  await container.resolve(Modules.LOCKING).execute(
    "tikkie:bank:connection",
    async () => {
      const previous = await currentConnection(bank)
      if (previous) await bank.deleteBankConnections(previous.id)
      const sameAccount = previous?.account_number === accountNumber
      // The id is chosen here: the sealed tokens are bound to their row.
      const id = generateEntityId(undefined, "tkbcn")
      await bank.createBankConnections({
        id,
        account_number: accountNumber,
        bank: state.bank,
        scopes: scopes.join(" "),
        status: "connected",
        access_token: cipher.seal(tokens.access_token, tokenBinding(id, "access_token")),
        refresh_token: cipher.seal(tokens.refresh_token, tokenBinding(id, "refresh_token")),
        access_expires_at: new Date(Date.now() + tokens.expires_in * 1000),
        connected_by: state.userId,
        synced_through: sameAccount ? previous!.synced_through : null,
        last_synced_at: sameAccount ? previous!.last_synced_at : null,
      })
    },
    { timeout: 30 }
  )
  logger.info(`Tikkie bank account ${accountNumber} connected (${scopeNames(scopes).join(", ")})`)
  return { ok: true, purpose: "bank", accountNumber, scopes: scopeNames(scopes) }
}
