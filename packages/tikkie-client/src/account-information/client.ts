import type { z } from "zod"
import { TikkieError } from "../core/errors"
import { TikkieTransport, type TransportOptions } from "../core/http"
import { validateOutgoing } from "../core/validation"
import { amsterdamDate } from "./book-dates"
import { AIS_SERVICE_CODES } from "./codes"
import {
  accountDetailsSchema,
  accountNumberSchema,
  balanceSchema,
  consentInfoSchema,
  fundsCheckSchema,
  fundsQuerySchema,
  transactionListSchema,
  transactionsQuerySchema,
  type AccountDetails,
  type Balance,
  type ConsentInfo,
  type FundsCheck,
  type Transaction,
  type TransactionList,
} from "./schemas"

/** Operation names, shared with the sandbox's routes (request log, fault injection). */
export const AIS_OPERATIONS = {
  consentInfo: "accountInformation.getConsentInfo",
  details: "accountInformation.getDetails",
  balances: "accountInformation.getBalances",
  transactions: "accountInformation.getTransactions",
  funds: "accountInformation.checkFunds",
} as const

export interface AccountInformationClientOptions extends TransportOptions {
  apiKey: string
  /**
   * The bearer token, or a function that returns a live one (called before every request, so a
   * caller can refresh ahead of the 2-hour expiry without rebuilding the client).
   */
  accessToken: string | (() => Promise<string>)
  /**
   * Clock for the local date checks (future dates, the 18-month limit); default `Date.now`. The
   * service's clock decides in the end: near midnight the two may disagree by a day.
   */
  now?: () => number
}

export interface BookDateFilter {
  /** yyyy-mm-dd; inclusive (see the sandbox's transactions handler for this choice). */
  bookDateFrom?: string
  /** yyyy-mm-dd; inclusive. */
  bookDateTo?: string
}

/**
 * Account information service (account information specification): details, balance, transactions, funds check and consent
 * info of the one account the holder consented to.
 */
export class AccountInformationClient {
  private readonly transport: TikkieTransport
  private readonly apiKey: string
  private readonly accessToken: AccountInformationClientOptions["accessToken"]
  private readonly now: () => number

  constructor(options: AccountInformationClientOptions) {
    const { apiKey, accessToken, now, ...transport } = options
    this.transport = new TikkieTransport(transport)
    this.apiKey = apiKey
    this.accessToken = accessToken
    this.now = now ?? Date.now
  }

  /** Which account and scopes the access token carries, and how many seconds it stays valid. */
  async consentInfo(): Promise<ConsentInfo> {
    return this.get(AIS_OPERATIONS.consentInfo, "/v1/consentinfo", consentInfoSchema)
  }

  async details(accountNumber: string): Promise<AccountDetails> {
    const iban = this.account(AIS_OPERATIONS.details, accountNumber)
    return this.get(AIS_OPERATIONS.details, `/v1/accounts/${encodeURIComponent(iban)}/details`, accountDetailsSchema)
  }

  /** The book balance (`amount` as a euro number; `toCents(amount)` for exact comparison). */
  async balances(accountNumber: string): Promise<Balance> {
    const iban = this.account(AIS_OPERATIONS.balances, accountNumber)
    return this.get(AIS_OPERATIONS.balances, `/v1/accounts/${encodeURIComponent(iban)}/balances`, balanceSchema)
  }

  /**
   * Whether `amount` (positive, at most 3 decimals; a number or decimal text) is available, credit line
   * included. The currency defaults to EUR at the service.
   */
  async funds(accountNumber: string, input: { amount: number | string; currency?: string }): Promise<FundsCheck> {
    const op = AIS_OPERATIONS.funds
    const iban = this.account(op, accountNumber)
    const q = validateOutgoing(op, fundsQuerySchema, input, AIS_SERVICE_CODES)
    return this.get(op, `/v1/accounts/${encodeURIComponent(iban)}/funds`, fundsCheckSchema, {
      amount: q.amount,
      currency: q.currency,
    })
  }

  /**
   * One page (at most 50, newest first). Without bookDateFrom the service returns the last 50 and no
   * nextPageKey. Pass the page's nextPageKey with the SAME date filters for the next page.
   */
  async transactionsPage(
    accountNumber: string,
    query: BookDateFilter & { nextPageKey?: string } = {}
  ): Promise<TransactionList & { accountNumber: string }> {
    const op = AIS_OPERATIONS.transactions
    const iban = this.account(op, accountNumber)
    const q = validateOutgoing(op, transactionsQuerySchema(amsterdamDate(this.now())), query, AIS_SERVICE_CODES)
    const page = await this.get(op, `/v1/accounts/${encodeURIComponent(iban)}/transactions`, transactionListSchema, q)
    // A blank body ("no transactions") carries no accountNumber: it is the one we asked for.
    return { ...page, accountNumber: page.accountNumber ?? iban }
  }

  /**
   * Every transaction in the date range, newest first, one at a time, following nextPageKey and
   * sending the same date filters with every page (the service wants them again).
   */
  async *transactions(
    accountNumber: string,
    filter: BookDateFilter = {}
  ): AsyncGenerator<Transaction, void, undefined> {
    const seen = new Set<string>()
    let nextPageKey: string | undefined
    do {
      const page = await this.transactionsPage(accountNumber, { ...filter, nextPageKey })
      yield* page.transactions
      nextPageKey = page.nextPageKey
      if (nextPageKey !== undefined) {
        // A service that hands out the same key twice would keep us paging forever.
        if (seen.has(nextPageKey)) {
          throw new TikkieError({
            kind: "response",
            operation: AIS_OPERATIONS.transactions,
            code: "INVALID_RESPONSE",
            message: "the service returned a nextPageKey it had returned before",
          })
        }
        seen.add(nextPageKey)
      }
    } while (nextPageKey !== undefined)
  }

  async close(): Promise<void> {
    await this.transport.close()
  }

  private account(operation: string, accountNumber: string): string {
    return validateOutgoing(operation, accountNumberSchema, accountNumber, AIS_SERVICE_CODES)
  }

  private async get<T>(
    operation: string,
    path: string,
    response: z.ZodType<T>,
    query?: Record<string, string | undefined>
  ): Promise<T> {
    const token = typeof this.accessToken === "string" ? this.accessToken : await this.accessToken()
    const res = await this.transport.send({
      operation,
      method: "GET",
      path,
      query,
      headers: { "API-Key": this.apiKey, Authorization: `Bearer ${token}` },
      response,
      secrets: [this.apiKey, token],
    })
    return res.data
  }
}
