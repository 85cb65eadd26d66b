import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, generateEntityId } from "@medusajs/framework/utils"
import { TikkieError } from "tikkie-client/core/errors"
import type { TokenCipher } from "../../../modules/tikkie-bank/token-cipher"
import {
  bankHealthObserver,
  bankModule,
  oauthClient,
  requireBankOptions,
  requireTokenCipher,
  resourceClient,
  tokenBinding,
} from "../../../modules/tikkie-bank/bank-session"
import { PAY_SCOPE, payGrantBinding } from "../../../modules/tikkie-bank/v1-pay-grant"
import { refuse, START_AGAIN, type CheckedConsentAnswer, type ExchangedConsentCode } from "../utils/consent-answer"

export const exchangeConsentCodeStepId = "tikkie-exchange-consent-code"

/**
 * Exchanges the code at once (it lives 10 seconds) and reads which account was consented to; answers the
 * tokens sealed to their future row. Not undone: the code is spent at the bank and nothing is stored yet.
 */
export const exchangeConsentCodeStep = createStep(
  exchangeConsentCodeStepId,
  async (answer: Extract<CheckedConsentAnswer, { ok: true }>, { container }) => {
    return new StepResponse(await exchangeConsentCode(container, answer))
  }
)

async function exchangeConsentCode(
  container: MedusaContainer,
  answer: Extract<CheckedConsentAnswer, { ok: true }>
): Promise<ExchangedConsentCode> {
  const options = requireBankOptions(bankModule(container))
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  let cipher: TokenCipher
  try {
    cipher = requireTokenCipher(options)
  } catch (e) {
    return refuse(500, "not_configured", "Not connected", (e as Error).message)
  }

  const oauth = oauthClient(options, bankHealthObserver(container))
  let tokens
  try {
    tokens = await oauth.exchangeCode({ code: answer.code, redirectUri: options.callbackUrl })
  } catch (e) {
    const code = e instanceof TikkieError ? e.code : "error"
    logger.warn(`Tikkie bank consent: the code exchange failed (${code})`)
    return refuse(
      400,
      code === "invalid_grant" ? "code_refused" : "exchange_refused",
      "Not connected",
      code === "invalid_grant"
        ? `The bank refused the authorization code (${code}): it expired (codes live 10 seconds) or was already used. ${START_AGAIN}`
        : `The bank's token endpoint refused the exchange (${code}). ${START_AGAIN}`,
      code
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
        "no_pay_scope",
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

  const { client, close } = resourceClient(options, async () => tokens.access_token, bankHealthObserver(container))
  let info
  try {
    info = await client.consentInfo()
  } catch (e) {
    const code = e instanceof TikkieError ? e.code : "error"
    return refuse(
      502,
      "no_account_info",
      "Not connected",
      `The bank did not tell which account was consented to (${code}). ${START_AGAIN}`,
      code
    )
  } finally {
    await close()
  }
  if (!info.iban)
    return refuse(502, "no_iban", "Not connected", `The bank's consent carries no account number. ${START_AGAIN}`)
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
