import crypto from "node:crypto"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import type { ResolvedPaymentRequestProviderOptions } from "../../../providers/payment-request/options"
import type { V1Tokens } from "../../../providers/payment-request/session-data"
import { V1ConnectionError, v1MedusaError } from "../../../providers/payment-request/v1-errors"
import { shopperSafeConnectionError } from "../../../providers/shared/tikkie-medusa-error"
import { normalizeIban } from "tikkie-client/core/dutch-iban"
import { PLATFORM_USAGE } from "tikkie-client/payment-requests/v1/schemas"
import {
  paymentRequestConnection,
  paymentRequestProvider,
  paymentRequestProviders,
  type PaymentRequestProviderEntry,
} from "./payment-request-providers"

export interface V1SetupView {
  provider_id: string
  ready: boolean
  platform_token: string | null
  user_token: string | null
  bank_account_token: string | null
  problem: string | null
  updated_at: Date | null
}

/** No credential is hashed in. */
function fingerprint(options: ResolvedPaymentRequestProviderOptions): string {
  const { platform, user } = options
  return crypto
    .createHash("sha256")
    .update(
      JSON.stringify({
        baseUrl: options.baseUrl,
        product: options.product,
        platform,
        user: { ...user, iban: user ? normalizeIban(user.iban) : undefined },
      })
    )
    .digest("hex")
}

/** Unnamed, the one v1 provider is meant even beside a v2 one (a merchant moving to v2 has both). */
export async function v1Provider(
  container: MedusaContainer,
  providerId?: string
): Promise<PaymentRequestProviderEntry> {
  if (providerId === undefined) {
    const v1 = (await paymentRequestProviders(container)).filter((p) => p.options.apiVersion === "v1")
    if (v1.length === 1) return v1[0]
  }
  const provider = await paymentRequestProvider(container, providerId)
  if (provider.options.apiVersion !== "v1") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `${provider.providerId} uses payment requests v2: there is no v1 setup.`
    )
  }
  return provider
}

/**
 * Set up once per provider and stored; finds an existing platform and user first, so a lost row never
 * makes duplicates (Tikkie limits them). One setup at a time; a failure is stored as `problem`.
 */
export async function ensureV1Setup(
  container: MedusaContainer,
  providerId?: string,
  opts: { force?: boolean } = {}
): Promise<V1Tokens> {
  const provider = await v1Provider(container, providerId)
  return container
    .resolve(Modules.LOCKING)
    .execute(
      `tikkie:payment-request:v1-setup:${provider.providerId}`,
      () => setupLocked(container, provider, opts.force === true),
      {
        timeout: 60,
      }
    )
}

/** A connection without a token is the shop's to fix: the detail goes to the log, the shopper reads less. */
export async function ensureV1SetupForShopper(
  container: MedusaContainer,
  providerId: string,
  what: string
): Promise<V1Tokens> {
  try {
    return await ensureV1Setup(container, providerId)
  } catch (e) {
    if (!(e instanceof V1ConnectionError)) throw e
    container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).error(`${what}: ${e.message}`)
    throw shopperSafeConnectionError(e.type, what, "start")
  }
}

async function setupLocked(
  container: MedusaContainer,
  provider: PaymentRequestProviderEntry,
  force: boolean
): Promise<V1Tokens> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const { options, providerId } = provider
  const print = fingerprint(options)
  const [row] = await tikkie.listPaymentRequestV1Setups({ provider_id: providerId })
  if (!force && row && row.fingerprint === print && row.platform_token && row.user_token && row.bank_account_token) {
    return { platformToken: row.platform_token, userToken: row.user_token, bankAccountToken: row.bank_account_token }
  }
  const save = async (fields: Record<string, string | null>) =>
    row
      ? tikkie.updatePaymentRequestV1Setups({ id: row.id, fingerprint: print, ...fields })
      : tikkie.createPaymentRequestV1Setups({ provider_id: providerId, fingerprint: print, ...fields })

  const client = (await paymentRequestConnection(container, providerId)).v1Client()
  let step = "platform"
  try {
    const platformOptions = options.platform!
    const userOptions = options.user!
    const platforms = await client.listPlatforms()
    let platform = platforms.find(
      (p) => p.name === platformOptions.name && samePhone(p.phoneNumber, platformOptions.phoneNumber)
    )
    if (!platform) {
      platform = await client.createPlatform({
        name: platformOptions.name,
        phoneNumber: platformOptions.phoneNumber,
        ...(platformOptions.email ? { email: platformOptions.email } : {}),
        platformUsage: PLATFORM_USAGE,
      })
      logger.info(`Tikkie v1 (${providerId}): platform "${platform.name}" created`)
    }
    step = "user"
    const iban = normalizeIban(userOptions.iban)
    const users = await client.listUsers(platform.platformToken)
    let user = users.find((u) => u.bankAccounts.some((b) => normalizeIban(b.iban) === iban))
    if (!user) {
      user = await client.createUser(platform.platformToken, {
        name: userOptions.name,
        phoneNumber: userOptions.phoneNumber,
        iban: userOptions.iban,
        bankAccountLabel: userOptions.bankAccountLabel,
      })
      logger.info(`Tikkie v1 (${providerId}): user "${user.name}" created`)
    }
    const account = user.bankAccounts.find((b) => normalizeIban(b.iban) === iban) ?? user.bankAccounts[0]
    if (!account)
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "Tikkie answered a user without a bank account")
    const tokens = {
      platformToken: platform.platformToken,
      userToken: user.userToken,
      bankAccountToken: account.bankAccountToken,
    }
    await save({
      platform_token: tokens.platformToken,
      user_token: tokens.userToken,
      bank_account_token: tokens.bankAccountToken,
      problem: null,
    })
    return tokens
  } catch (e) {
    const error = v1MedusaError(e, `Setting up Tikkie payment requests v1 (${providerId}) failed at the ${step}`)
    await save({ platform_token: null, user_token: null, bank_account_token: null, problem: error.message })
    logger.error(error.message)
    throw error
  }
}

function samePhone(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .replace(/\D/g, "")
      .replace(/^31/, "0")
      .replace(/^00310?/, "0")
  return norm(a) === norm(b)
}

export async function v1SetupView(container: MedusaContainer, providerId: string): Promise<V1SetupView> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [row] = await tikkie.listPaymentRequestV1Setups({ provider_id: providerId })
  return {
    provider_id: providerId,
    ready: !!row?.platform_token && !row.problem,
    platform_token: row?.platform_token ?? null,
    user_token: row?.user_token ?? null,
    bank_account_token: row?.bank_account_token ?? null,
    problem: row?.problem ?? null,
    updated_at: row ? new Date(row.updated_at) : null,
  }
}
