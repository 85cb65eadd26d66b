import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { toCents } from "tikkie-client/account-information"
import {
  BANK_CONNECTION_LOCK,
  bankModule,
  currentConnection,
  requireBankOptions,
  withBankAccount,
} from "../../../../modules/tikkie-bank/bank-session"
import { missingScopeError } from "../../../../modules/tikkie-bank/bank-errors"
import { BANK_SCOPES } from "../../../../modules/tikkie-bank/scopes"
import type { AdminTikkieBankDisconnectResponse, AdminTikkieBankNotice, AdminTikkieBankResponse } from "../../../types"
import { bankConnectionView } from "./connection-view"

/**
 * GET /admin/tikkie/bank: always 200 when configured; what could not be read is null, `messages` says why
 * in English and `notices` as codes and values, which the admin words in its own language.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminTikkieBankResponse>) => {
  const bank = bankModule(req.scope)
  requireBankOptions(bank)
  const before = await currentConnection(bank)
  if (!before) {
    const message = "No bank account is connected."
    return res.json({
      connection: null,
      details: null,
      balance: null,
      messages: [message],
      notices: [{ code: "not_connected", message }],
    })
  }

  const notices: AdminTikkieBankNotice[] = []
  let details: AdminTikkieBankResponse["details"] = null
  let balance: AdminTikkieBankResponse["balance"] = null
  if (before.status === "connected") {
    try {
      const read = await withBankAccount(
        req.scope,
        "Reading the bank account",
        async ({ client, accountNumber, scopes }) => {
          const has = (s: string) => scopes.includes(s)
          const [d, b] = await Promise.all([
            has(BANK_SCOPES.details) ? client.details(accountNumber) : undefined,
            has(BANK_SCOPES.balance) ? client.balances(accountNumber) : undefined,
          ])
          return { d, b }
        }
      )
      if (read.d)
        details = {
          account_number: read.d.accountNumber,
          currency: read.d.currency,
          account_holder_name: read.d.accountHolderName,
        }
      else
        notices.push({
          code: "scope_missing",
          scope: "details",
          message: missingScopeError("details", "Account details").message,
        })
      if (read.b)
        balance = {
          amount_in_cents: toCents(read.b.amount),
          currency: read.b.currency,
          balance_type: read.b.balanceType,
        }
      else
        notices.push({
          code: "scope_missing",
          scope: "balance",
          message: missingScopeError("balance", "Balance").message,
        })
    } catch (e) {
      if (!(e instanceof MedusaError)) throw e
      notices.push({ code: "bank_refused", message: e.message })
    }
  }
  const after = (await currentConnection(bank)) ?? before
  if (after.status === "needs_consent" && !notices.length) {
    notices.push({
      code: "needs_consent",
      message: `The bank connection needs consent again${after.problem ? `: ${after.problem}` : ""}.`,
    })
  }
  res.json({
    connection: bankConnectionView(after),
    details,
    balance,
    messages: notices.map((n) => n.message),
    notices,
  })
}

/**
 * DELETE /admin/tikkie/bank: deletes the tokens' row; transactions and reconciliation stay. The specification
 * has no revocation endpoint: the consent ends when its tokens are no longer used.
 */
export const DELETE = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminTikkieBankDisconnectResponse>
) => {
  const bank = bankModule(req.scope)
  requireBankOptions(bank)
  const removed = await req.scope.resolve(Modules.LOCKING).execute(
    BANK_CONNECTION_LOCK,
    async () => {
      const conn = await currentConnection(bank)
      if (conn) await bank.deleteBankConnections(conn.id)
      return conn
    },
    { timeout: 30 }
  )
  res.json({ disconnected: !!removed, account_number: removed?.account_number ?? null })
}
