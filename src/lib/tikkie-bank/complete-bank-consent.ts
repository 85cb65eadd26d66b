import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, generateEntityId } from "@medusajs/framework/utils"
import { TikkieError } from "tikkie-client/core/errors"
import type { TokenCipher } from "../../modules/tikkie-bank/token-cipher"
import {
  bankModule,
  oauthClient,
  requireBankOptions,
  requireTokenCipher,
  resourceClient,
  tokenBinding,
} from "../../modules/tikkie-bank/bank-session"
import { hashConsentState } from "../../modules/tikkie-bank/consent-state"
import { PAY_SCOPE, payGrantBinding } from "../../modules/tikkie-bank/v1-pay-grant"

/**
 * The parts of the bank's redirect back after the consent page (completeBankConsentWorkflow runs them as
 * steps). Choices: the state is used up by its first arrival, whatever follows (a replay of the same
 * redirect is refused even when the first attempt failed at the bank); a denied consent answers 200 (the
 * holder's choice, not a fault); reconnecting the same account keeps how far transactions were read.
 * Any refusal stores nothing.
 */
export interface ConsentCallbackInput {
  state?: string
  code?: string
  error?: string
}

export interface ConsentRefusal {
  status: number
  title: string
  message: string
}

/** What the callback page shows. `ok: false` means nothing was stored. */
export type ConsentOutcome =
  | { ok: true; purpose: "bank"; accountNumber: string; scopes: string[] }
  | { ok: true; purpose: "pay" }
  | ({ ok: false } & ConsentRefusal)

/** The checked answer: whose consent it is, and the code to exchange. */
export type CheckedConsentAnswer =
  | { ok: false; refusal: ConsentRefusal }
  | { ok: true; purpose: "bank" | "pay"; userId: string; bank: string; scopes: string[]; code: string }

/**
 * A grant ready to store: its row id chosen and its tokens sealed to that row (token-cipher.ts), so what
 * passes between the workflow's steps (and through the workflow engine's stored state) is never a token
 * in the clear. Dates as ISO strings: the engine's state is JSON in a production store.
 */
export type SealedConsentGrant =
  | {
      purpose: "bank"
      id: string
      account_number: string
      bank: string
      scopes: string[]
      access_token: string
      refresh_token: string
      access_expires_at: string
      connected_by: string
    }
  | {
      purpose: "pay"
      id: string
      access_token: string
      refresh_token: string
      access_expires_at: string
      connected_by: string
    }

export type ExchangedConsentCode = { ok: false; refusal: ConsentRefusal } | { ok: true; grant: SealedConsentGrant }

const refuse = (status: number, title: string, message: string) => ({
  ok: false as const,
  refusal: { status, title, message },
})
const START_AGAIN = "Start again from the store admin (connect the bank account)."

/** Uses up the `state` (single use, 15 minutes) and checks what the bank sent with it. */
export async function checkConsentAnswer(
  container: MedusaContainer,
  input: ConsentCallbackInput
): Promise<CheckedConsentAnswer> {
  const bank = bankModule(container)
  requireBankOptions(bank)
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
  if (!input.code)
    return refuse(400, "Not connected", `The bank's answer carries no authorization code. ${START_AGAIN}`)
  return {
    ok: true,
    purpose: state.purpose,
    userId: state.userId,
    bank: state.bank,
    scopes: state.scopes,
    code: input.code,
  }
}

/**
 * Exchanges the code at once (it lives 10 seconds) over mutual TLS and, for the bank account, reads
 * consentinfo for the account and scopes granted; answers the grant sealed for its new row.
 */
export async function exchangeConsentCode(
  container: MedusaContainer,
  answer: Extract<CheckedConsentAnswer, { ok: true }>
): Promise<ExchangedConsentCode> {
  const options = requireBankOptions(bankModule(container))
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  let cipher: TokenCipher
  try {
    cipher = requireTokenCipher(options)
  } catch (e) {
    return refuse(500, "Not connected", (e as Error).message)
  }

  const oauth = oauthClient(options)
  let tokens
  try {
    tokens = await oauth.exchangeCode({ code: answer.code, redirectUri: options.callbackUrl })
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
  const access_expires_at = new Date(Date.now() + tokens.expires_in * 1000).toISOString()

  if (answer.purpose === "pay") {
    // Legacy payment requests v1: no account to read, the grant is all there is to keep.
    if (tokens.scopes && !tokens.scopes.includes(PAY_SCOPE)) {
      return refuse(
        400,
        "Not connected",
        `The consent does not include scope pay. Start again from the store admin (connect payment requests v1).`
      )
    }
    const id = generateEntityId(undefined, "tkpg")
    return {
      ok: true,
      grant: {
        purpose: "pay",
        id,
        access_token: cipher.seal(tokens.access_token, payGrantBinding(id, "access_token")),
        refresh_token: cipher.seal(tokens.refresh_token, payGrantBinding(id, "refresh_token")),
        access_expires_at,
        connected_by: answer.userId,
      },
    }
  }

  const { client, close } = resourceClient(options, async () => tokens.access_token)
  let info
  try {
    info = await client.consentInfo()
  } catch (e) {
    return refuse(
      502,
      "Not connected",
      `The bank did not tell which account was consented to (${e instanceof TikkieError ? e.code : "error"}). ${START_AGAIN}`
    )
  } finally {
    await close()
  }
  if (!info.iban) return refuse(502, "Not connected", `The bank's consent carries no account number. ${START_AGAIN}`)
  const id = generateEntityId(undefined, "tkbcn")
  return {
    ok: true,
    grant: {
      purpose: "bank",
      id,
      account_number: info.iban,
      bank: answer.bank,
      scopes: info.scopes.length ? info.scopes : (tokens.scopes ?? answer.scopes),
      access_token: cipher.seal(tokens.access_token, tokenBinding(id, "access_token")),
      refresh_token: cipher.seal(tokens.refresh_token, tokenBinding(id, "refresh_token")),
      access_expires_at,
      connected_by: answer.userId,
    },
  }
}
