import type { Bank } from "tikkie-client/account-information/schemas"

/**
 * The holder's accounts the sandbox offers on its consent page. `bank` is the consent request's
 * `bank` parameter that shows the account: NLAA01 serves NL service accounts and commercial accounts in
 * BE, GB and DE; BEPB01 Belgian private banking; BEPB02 Belgian independent asset managers.
 */
export interface SeededAccount {
  accountNumber: string
  accountHolderName: string
  currency: string
  bank: Bank
  /** False for an account opened today: no bookings yet (its transaction list is blank). */
  history: boolean
}

export const SEEDED_ACCOUNTS: ReadonlyArray<SeededAccount> = [
  {
    accountNumber: "NL91ABNA0417164300",
    accountHolderName: "J. Jansen",
    currency: "EUR",
    bank: "NLAA01",
    history: true,
  },
  {
    accountNumber: "NL02ABNA0123456789",
    accountHolderName: "Bakkerij De Vries B.V.",
    currency: "EUR",
    bank: "NLAA01",
    history: false,
  },
  {
    accountNumber: "BE68539007547034",
    accountHolderName: "Dupont Consulting BV",
    currency: "EUR",
    bank: "NLAA01",
    history: true,
  },
  {
    accountNumber: "GB29NWBK60161331926819",
    accountHolderName: "Smith Trading Ltd",
    currency: "GBP",
    bank: "NLAA01",
    history: true,
  },
  {
    accountNumber: "DE89370400440532013000",
    accountHolderName: "Müller Handel GmbH",
    currency: "EUR",
    bank: "NLAA01",
    history: true,
  },
  {
    accountNumber: "BE71096123456769",
    accountHolderName: "M. Peeters",
    currency: "EUR",
    bank: "BEPB01",
    history: true,
  },
  {
    accountNumber: "BE14063123456783",
    accountHolderName: "Vermogensbeheer Claes NV",
    currency: "EUR",
    bank: "BEPB02",
    history: true,
  },
]

export function accountsForBank(bank: Bank): SeededAccount[] {
  return SEEDED_ACCOUNTS.filter((a) => a.bank === bank)
}

/** ISO 13616 check digits: counterparties get IBANs that pass the same check the service makes. */
export function makeIban(country: string, bban: string): string {
  const digits = (bban + country + "00").toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
  let mod = 0
  for (const d of digits) mod = (mod * 10 + Number(d)) % 97
  return `${country}${String(98 - mod).padStart(2, "0")}${bban}`
}
