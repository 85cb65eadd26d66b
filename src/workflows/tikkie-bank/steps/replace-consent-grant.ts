import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  BANK_CONNECTION_LOCK,
  bankModule,
  currentConnection,
  type BankConnectionRecord,
} from "../../../modules/tikkie-bank/bank-session"
import type { SealedConsentGrant } from "../utils/consent-answer"
import { scopeNames } from "../../../modules/tikkie-bank/scopes"
import { currentPayGrant, PAY_GRANT_LOCK, type PayGrantRecord } from "../../../modules/tikkie-bank/v1-pay-grant"

export const replaceConsentGrantStepId = "tikkie-replace-consent-grant"

/** A replaced row as the compensation keeps it: tokens still sealed, dates as ISO strings (the state is JSON). */
interface ReplacedGrant {
  id: string
  status: "connected" | "needs_consent"
  problem: string | null
  access_token: string
  refresh_token: string
  access_expires_at: string
  token_version: number
  connected_by: string
  created_at: string
  /** Absent for the pay grant. */
  account?: {
    account_number: string
    bank: string
    scopes: string
    synced_through: string | null
    last_synced_at: string | null
  }
}

type Replaced = { purpose: SealedConsentGrant["purpose"]; created: string; previous: ReplacedGrant | null }

/**
 * Puts the new grant in the store's one slot under its lock; the same account keeps how far it was read.
 * Undone: the new row goes and the replaced one comes back as it was, its tokens still sealed to it.
 */
export const replaceConsentGrantStep = createStep(
  replaceConsentGrantStepId,
  async (grant: SealedConsentGrant, { container }) => {
    const bank = bankModule(container)
    const previous = await withGrantLock(container, grant.purpose, async () => {
      if (grant.purpose === "pay") {
        const before = await currentPayGrant(bank)
        if (before) await bank.deletePayGrants(before.id)
        await bank.createPayGrants({
          id: grant.id,
          status: "connected",
          access_token: grant.access_token,
          refresh_token: grant.refresh_token,
          access_expires_at: new Date(grant.access_expires_at),
          token_version: (before?.token_version ?? 0) + 1,
          connected_by: grant.connected_by,
        })
        return before
      }
      const before = await currentConnection(bank)
      if (before) await bank.deleteBankConnections(before.id)
      const sameAccount = before?.account_number === grant.account_number
      await bank.createBankConnections({
        id: grant.id,
        account_number: grant.account_number,
        bank: grant.bank,
        scopes: grant.scopes.join(" "),
        status: "connected",
        access_token: grant.access_token,
        refresh_token: grant.refresh_token,
        access_expires_at: new Date(grant.access_expires_at),
        connected_by: grant.connected_by,
        synced_through: sameAccount ? before!.synced_through : null,
        last_synced_at: sameAccount ? before!.last_synced_at : null,
      })
      return before
    })
    const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    if (grant.purpose === "pay") logger.info("Tikkie payment requests v1 connected (scope pay)")
    else logger.info(`Tikkie bank account ${grant.account_number} connected (${scopeNames(grant.scopes).join(", ")})`)
    const replaced: Replaced = {
      purpose: grant.purpose,
      created: grant.id,
      previous: previous ? replacedGrant(previous) : null,
    }
    return new StepResponse({ purpose: grant.purpose, id: grant.id }, replaced)
  },
  async (replaced, { container }) => {
    if (!replaced) return
    const bank = bankModule(container)
    await withGrantLock(container, replaced.purpose, async () => {
      const previous = replaced.previous
      const common = previous && {
        id: previous.id,
        status: previous.status,
        problem: previous.problem,
        access_token: previous.access_token,
        refresh_token: previous.refresh_token,
        access_expires_at: new Date(previous.access_expires_at),
        token_version: previous.token_version,
        connected_by: previous.connected_by,
        created_at: new Date(previous.created_at),
      }
      if (replaced.purpose === "pay") {
        await bank.deletePayGrants(replaced.created)
        if (common) await bank.createPayGrants(common)
      } else {
        await bank.deleteBankConnections(replaced.created)
        const account = previous?.account
        if (common && account) {
          await bank.createBankConnections({
            ...common,
            ...account,
            last_synced_at: account.last_synced_at ? new Date(account.last_synced_at) : null,
          })
        }
      }
    })
  }
)

function withGrantLock<T>(
  container: MedusaContainer,
  purpose: SealedConsentGrant["purpose"],
  work: () => Promise<T>
): Promise<T> {
  return container
    .resolve(Modules.LOCKING)
    .execute(purpose === "pay" ? PAY_GRANT_LOCK : BANK_CONNECTION_LOCK, work, { timeout: 30 })
}

function replacedGrant(row: PayGrantRecord | BankConnectionRecord): ReplacedGrant {
  const kept: ReplacedGrant = {
    id: row.id,
    status: row.status,
    problem: row.problem ?? null,
    access_token: row.access_token,
    refresh_token: row.refresh_token,
    access_expires_at: new Date(row.access_expires_at).toISOString(),
    token_version: row.token_version,
    connected_by: row.connected_by,
    created_at: new Date(row.created_at).toISOString(),
  }
  if ("account_number" in row) {
    kept.account = {
      account_number: row.account_number,
      bank: row.bank,
      scopes: row.scopes,
      synced_through: row.synced_through ?? null,
      last_synced_at: row.last_synced_at ? new Date(row.last_synced_at).toISOString() : null,
    }
  }
  return kept
}
