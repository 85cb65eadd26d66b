import type { BankConnectionRecord } from "../../../../modules/tikkie-bank/bank-session"
import { scopeNames } from "../../../../modules/tikkie-bank/scopes"

/** The connection as the admin sees it: never a token. */
export function bankConnectionView(c: BankConnectionRecord) {
  return {
    account_number: c.account_number,
    bank: c.bank,
    scopes: scopeNames(c.scopes.split(" ")),
    status: c.status,
    problem: c.problem,
    connected_by: c.connected_by,
    connected_at: c.created_at,
    access_expires_at: c.access_expires_at,
    synced_through: c.synced_through,
    last_synced_at: c.last_synced_at,
  }
}
