import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { Agent } from "undici"
import { TIKKIE_BANK_MODULE } from "."
import type { ResolvedTikkieBankOptions } from "./options"
import type TikkieBankModuleService from "./service"
import { TokenCipher, type TokenBinding } from "./token-cipher"
import { AccountInformationClient, AIS_CODES } from "tikkie-client/account-information"
import { TikkieError } from "tikkie-client/core/errors"
import { bankError } from "./bank-errors"
import { oauthClient, openToken, rotateTokens, type TokenGrantStore } from "./rotate-tokens"
import { tikkieCallSpans } from "../../utils/tracing"
import { composeObservers, type TikkieCallObserver } from "tikkie-client/core/observer"
import { TIKKIE_MODULE } from "../tikkie"
import type TikkieModuleService from "../tikkie/service"

export { oauthClient }

export type BankConnectionRecord = Awaited<ReturnType<TikkieBankModuleService["listBankConnections"]>>[number]

/** Refresh this long before the access token's end, so a call never starts with a token about to die. */
export const REFRESH_AHEAD_MS = 5 * 60_000
const REFRESH_LOCK = "tikkie:bank:refresh"
/** Store-wide: one change of which account is connected (connect, disconnect) at a time. */
export const BANK_CONNECTION_LOCK = "tikkie:bank:connection"

export function bankModule(container: MedusaContainer): TikkieBankModuleService {
  return container.resolve<TikkieBankModuleService>(TIKKIE_BANK_MODULE)
}

export function requireBankOptions(bank: TikkieBankModuleService): ResolvedTikkieBankOptions {
  if (!bank.bankOptions) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The Tikkie bank account feature is not configured: give the tikkie-bank module its options (clientId, apiKey, authUrl, baseUrl, storeUrl, client certificate and key, tokenEncryptionKey)."
    )
  }
  return bank.bankOptions
}

/** Without a key no token is stored: the plugin never keeps bank tokens unencrypted. */
export function requireTokenCipher(options: ResolvedTikkieBankOptions): TokenCipher {
  if (!options.tokenEncryptionKey) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Cannot connect a bank account: tokenEncryptionKey is not set, and the plugin does not store bank tokens unencrypted. Set it to 32 random bytes in base64 or hex (for example `openssl rand -base64 32`)."
    )
  }
  return new TokenCipher(options.tokenEncryptionKey, options.previousTokenEncryptionKeys)
}

/** A sealed token of the bank connection opens only in its own row and column (token-cipher.ts). */
export const tokenBinding = (connectionId: string, purpose: TokenBinding["purpose"]): TokenBinding => ({
  table: "tikkie_bank_connection",
  row: connectionId,
  purpose,
})
/** What values sealed before key ids were bound to: the column only. */
const legacyTokenAad = (purpose: TokenBinding["purpose"]) => `tikkie-bank:connection:${purpose}`

/** A resource client; the caller closes it. The configured CA (if any) is trusted for the resource calls too. */
export function resourceClient(
  options: ResolvedTikkieBankOptions,
  accessToken: () => Promise<string>,
  observer?: TikkieCallObserver
) {
  const agent = options.tls?.ca
    ? new Agent({ connect: { ca: options.tls.ca, timeout: options.connectTimeoutMs } })
    : undefined
  const client = new AccountInformationClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    accessToken,
    dispatcher: agent,
    connectTimeoutMs: options.connectTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs,
    observer: composeObservers(tikkieCallSpans(), observer),
  })
  return { client, close: async () => Promise.all([client.close(), agent?.close()]).then(() => undefined) }
}

export async function currentConnection(bank: TikkieBankModuleService): Promise<BankConnectionRecord | undefined> {
  const [conn] = await bank.listBankConnections({}, { take: 1 })
  return conn
}

async function markNeedsConsent(bank: TikkieBankModuleService, id: string, problem: string) {
  await bank.updateBankConnections({ id, status: "needs_consent", problem })
}

/** A new token pair for the bank connection, once for all instances (rotate-tokens.ts). */
export async function refreshAccessToken(container: MedusaContainer, seenVersion: number): Promise<string> {
  const bank = bankModule(container)
  const options = requireBankOptions(bank)
  return rotateTokens(
    container.resolve(Modules.LOCKING),
    options,
    requireTokenCipher(options),
    bankConnectionTokens(bank, bankHealthObserver(container)),
    seenVersion
  )
}

/** The health card's observer of the bank's calls, kept by the tikkie module (call-health.ts). */
export function bankHealthObserver(container: MedusaContainer): TikkieCallObserver | undefined {
  return container
    .resolve<TikkieModuleService | undefined>(TIKKIE_MODULE, { allowUnregistered: true })
    ?.callHealth.observer("bank")
}

function bankConnectionTokens(
  bank: TikkieBankModuleService,
  observer?: TikkieCallObserver
): TokenGrantStore<BankConnectionRecord> {
  return {
    observer,
    lock: REFRESH_LOCK,
    load: () => currentConnection(bank),
    save: (fields) => bank.updateBankConnections(fields),
    binding: (conn, purpose) => tokenBinding(conn.id, purpose),
    legacyAad: legacyTokenAad,
    notConnected: () => new MedusaError(MedusaError.Types.NOT_ALLOWED, "No bank account is connected."),
    needsConsent,
    failed: (e) => bankError(e, "Refreshing the bank access token failed; try again later"),
  }
}

function needsConsent(conn: BankConnectionRecord): MedusaError {
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `The bank connection needs consent again${conn.problem ? `: ${conn.problem}` : ""}. Connect the account again (POST /admin/tikkie/bank/connect).`
  )
}

export interface BankAccountContext {
  client: AccountInformationClient
  connection: BankConnectionRecord
  accountNumber: string
  scopes: string[]
}

/**
 * Runs `fn` with a live token, refreshed ahead of its end and once more when the service refuses it (its
 * clock decides). The bank's "no access to account" marks the connection as needing consent.
 */
export async function withBankAccount<T>(
  container: MedusaContainer,
  what: string,
  fn: (ctx: BankAccountContext) => Promise<T>
): Promise<T> {
  const bank = bankModule(container)
  const options = requireBankOptions(bank)
  const cipher = requireTokenCipher(options)
  const conn = await currentConnection(bank)
  if (!conn)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "No bank account is connected. Connect one first (POST /admin/tikkie/bank/connect)."
    )
  if (conn.status !== "connected") throw needsConsent(conn)

  let version = conn.token_version
  let token: string
  if (new Date(conn.access_expires_at).getTime() - Date.now() < REFRESH_AHEAD_MS) {
    token = await refreshAccessToken(container, version)
    version = -1 // whatever the row says now is newer than what we read
  } else {
    token = await openToken(cipher, bankConnectionTokens(bank), conn, "access_token")
  }
  const { client, close } = resourceClient(options, async () => token, bankHealthObserver(container))
  const ctx: BankAccountContext = {
    client,
    connection: conn,
    accountNumber: conn.account_number,
    scopes: conn.scopes.split(" ").filter(Boolean),
  }
  try {
    try {
      return await fn(ctx)
    } catch (e) {
      if (e instanceof TikkieError && e.status === 401 && e.code === AIS_CODES.ACCESS_TOKEN_INVALID) {
        const fresh = await currentConnection(bank)
        token = await refreshAccessToken(container, version === -1 ? (fresh?.token_version ?? 0) : version)
        return await fn(ctx)
      }
      throw e
    }
  } catch (e) {
    if (e instanceof TikkieError && e.code === AIS_CODES.NO_ACCESS_TO_ACCOUNT) {
      await markNeedsConsent(bank, conn.id, `the bank gives no access to ${conn.account_number} (${e.code})`)
    }
    throw bankError(e, what)
  } finally {
    await close()
  }
}
