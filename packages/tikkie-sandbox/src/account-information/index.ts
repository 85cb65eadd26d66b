import type { SandboxContext } from "../context"
import { AIS_OPERATIONS } from "tikkie-client/account-information/client"
import { showConsentPage, submitConsent } from "./authorize"
import { checkFunds } from "./check-funds"
import { bookPayouts, bookTransaction, listAccounts } from "./controls"
import { getBalances } from "./get-balances"
import { getConsentInfo } from "./get-consent-info"
import { getDetails } from "./get-details"
import { getTransactions } from "./get-transactions"
import { AccountInformationState } from "./state"
import { token } from "./token"

/**
 * Account information service (account information specification) and the authorization service (`/as/`) in the sandbox.
 *
 * Authorization service:
 *   GET  /as/authorization.oauth2   consent page (oauth.authorize); client_id TPP_test
 *   POST /as/authorization.oauth2   the page's Approve/Deny form (oauth.consentSubmit), 303 to redirect_uri
 *   POST /as/token.oauth2           code exchange and refresh (oauth.token); mutual TLS when started with `tls`
 *
 * Resources (API-Key and Authorization: Bearer):
 *   GET /v1/consentinfo                                  any valid token
 *   GET /v1/accounts/{accountNumber}/details             psd2:account:details:read
 *   GET /v1/accounts/{accountNumber}/balances            psd2:account:balance:read
 *   GET /v1/accounts/{accountNumber}/transactions        psd2:account:transaction:read
 *   GET /v1/accounts/{accountNumber}/funds               psd2:account:funds:read
 *
 * Controls:
 *   GET  /_sandbox/accounts
 *     The seeded accounts: accountNumber, accountHolderName, currency, bank (the consent `bank` that
 *     shows it), balance, balanceInCents, creditLineInCents, transactionCount.
 *   POST /_sandbox/accounts/:accountNumber/transactions
 *     Books a transaction now: {amount (euro, <= 2 decimals) | amountInCents, descriptionLines?,
 *     counterPartyName?, counterPartyAccountNumber?, mutationCode?, bookDate? (yyyy-mm-dd, default
 *     today; invalid MESSAGE_RST560_0022, future MESSAGE_RST560_0023)}. 201 with the transaction.
 *   POST /_sandbox/accounts/:accountNumber/payouts
 *     Tikkie pays out every payment the sandbox took and this account does not hold yet (controls.ts,
 *     bookPayouts): {bookDate?, references?}. 201 {payouts}.
 *   Tokens without the consent page: POST /_sandbox/oauth/tokens {scope, accountNumber} (shared control).
 *
 * Generated history: every seeded account but NL02ABNA0123456789 (opened today, no bookings) has 24
 * months of bookings on bank days up to yesterday, the same for the same `seed`. `POST /_sandbox/reset`
 * regenerates it and forgets consents, codes and bookings made through the control.
 */
export function registerAccountInformation(ctx: SandboxContext): void {
  const state = new AccountInformationState(ctx)
  ctx.onReset(() => state.reset())
  const r = ctx.router

  r.add("GET", "/as/authorization.oauth2", "oauth.authorize", (req) => showConsentPage(state, req))
  r.add("POST", "/as/authorization.oauth2", "oauth.consentSubmit", (req) => submitConsent(ctx, state, req))
  r.add("POST", "/as/token.oauth2", "oauth.token", (req) => token(ctx, state, req))

  r.add("GET", "/v1/consentinfo", AIS_OPERATIONS.consentInfo, (req) => getConsentInfo(ctx, req))
  const accountRoutes = [
    ["details", AIS_OPERATIONS.details, getDetails],
    ["balances", AIS_OPERATIONS.balances, getBalances],
    ["transactions", AIS_OPERATIONS.transactions, getTransactions],
    ["funds", AIS_OPERATIONS.funds, checkFunds],
  ] as const
  for (const [resource, operation, handler] of accountRoutes) {
    r.add("GET", `/v1/accounts/:accountNumber/${resource}`, operation, (req) => handler(ctx, state, req))
    // `/v1/accounts//details`: the empty segment vanishes from the path, so this is the empty
    // accountNumber (MESSAGE_RST560_0001), not an unknown operation.
    r.add("GET", `/v1/accounts/${resource}`, operation, (req) =>
      handler(ctx, state, { ...req, params: { accountNumber: "" } })
    )
  }

  r.add("GET", "/_sandbox/accounts", "control.accountInformation.listAccounts", () => listAccounts(state))
  r.add("POST", "/_sandbox/accounts/:accountNumber/transactions", "control.accountInformation.bookTransaction", (req) =>
    bookTransaction(ctx, state, req)
  )
  r.add("POST", "/_sandbox/accounts/:accountNumber/payouts", "control.accountInformation.bookPayouts", (req) =>
    bookPayouts(ctx, state, req)
  )
}
