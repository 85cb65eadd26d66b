/** The bank's redirect back, as completeBankConsentWorkflow checks it; a refusal stores nothing. */
export interface ConsentCallbackInput {
  state?: string
  code?: string
  error?: string
}

/** Why a consent answer was refused: the callback page words each in the admin's language (page.ts). */
export type ConsentRefusalCode =
  | "no_state"
  | "state_unknown"
  | "state_used"
  | "state_expired"
  | "denied"
  | "bank_error"
  | "no_code"
  | "not_configured"
  | "code_refused"
  | "exchange_refused"
  | "no_pay_scope"
  | "no_account_info"
  | "no_iban"

export interface ConsentRefusal {
  status: number
  code: ConsentRefusalCode
  /** The bank's or the service's own code, when the refusal names one. */
  detail?: string
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

/** A grant ready to store: its row id chosen, its tokens sealed to that row, dates as ISO strings (JSON state). */
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

export const refuse = (status: number, code: ConsentRefusalCode, title: string, message: string, detail?: string) => ({
  ok: false as const,
  refusal: { status, code, title, message, ...(detail !== undefined ? { detail } : {}) },
})
export const START_AGAIN = "Start again from the store admin (connect the bank account)."
