/** The bank's redirect back, as completeBankConsentWorkflow checks it; a refusal stores nothing. */
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

export const refuse = (status: number, title: string, message: string) => ({
  ok: false as const,
  refusal: { status, title, message },
})
export const START_AGAIN = "Start again from the store admin (connect the bank account)."
