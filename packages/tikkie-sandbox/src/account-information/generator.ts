import { addDays, isBankDay, subtractMonths } from "tikkie-client/account-information/book-dates"
import { MAX_DESCRIPTION_LINE_LENGTH } from "tikkie-client/account-information/schemas"
import { makeIban, type SeededAccount } from "./accounts"
import { Ledger, type LedgerEntry } from "./ledger"
import { hash32, Random } from "./prng"

/**
 * Generated history: every bank day (Monday to Friday) from 24 months before `today` up to and
 * including the day before, 4 to 8 bookings a day, so more than the 18 months a caller may ask for is
 * there. Today's bookings come only from the control interface, so a fresh sandbox answers the same
 * for the same seed at any hour. The same seed, account and `today` give the same history.
 *
 * mutationCode values are not shown in the documents; the sandbox uses a few three-digit codes per
 * kind of booking (illustrative, not the bank's list).
 */
export const HISTORY_MONTHS = 24
export const BOOKINGS_PER_BANK_DAY = { min: 4, max: 8 } as const

const CREDIT_LINES_CENTS = [0, 100_000, 250_000, 500_000]

const SHOPS = [
  "Albert Heijn 1024",
  "Jumbo Utrecht",
  "HEMA Amsterdam",
  "Bol.com",
  "Coolblue",
  "NS Reizigers",
  "Shell Station A2",
  "Etos 5521",
  "IKEA Delft",
  "Gamma Zwolle",
]
const CITIES = ["AMSTERDAM", "UTRECHT", "ROTTERDAM", "DEN HAAG", "EINDHOVEN", "ZWOLLE", "DELFT"]
const PEOPLE = ["A. de Boer", "S. Visser", "L. Bakker", "M. Smit", "K. Mulder", "P. de Groot", "R. Bos", "E. Vos"]
const COMPANIES = [
  "Fietsenwinkel Jansen",
  "Groothandel Kaas BV",
  "Drukkerij Noord",
  "Koffiebranderij Bruin",
  "Webshop Lamp & Licht",
  "Schoonmaakbedrijf Ster",
]
const DEBTORS = ["Vattenfall", "Ziggo", "KPN", "Gemeente Utrecht", "Zilveren Kruis", "Belastingdienst"]
const BANKS = ["ABNA", "RABO", "INGB", "TRIO", "KNAB", "SNSB"]
const ATMS = ["Geldmaat Damrak 1", "Geldmaat Neude 12", "Geldmaat Coolsingel"]
const TIKKIE_TEXTS = ["Etentje vrijdag", "Bioscoop", "Boodschappen", "Cadeau Sanne", "Weekendje weg", "Pizza"]

type Booking = Omit<LedgerEntry, "seq" | "balanceAfterCents" | "transactionId" | "bookDate" | "timestampMs">

export function generateLedger(account: SeededAccount, seed: number, today: string): Ledger {
  const rnd = new Random(hash32(`${seed}:${account.accountNumber}`))
  const drawn = rnd.int(2_000, 12_000) * 100
  // An account without history has had no booking, so nothing on it either.
  const openingBalanceCents = account.history ? drawn : 0
  const creditLineCents = rnd.pick(CREDIT_LINES_CENTS)
  const entries: LedgerEntry[] = []
  if (account.history) {
    const counterIban = new Map<string, string>()
    const ibanOf = (name: string) => {
      let iban = counterIban.get(name)
      if (!iban) {
        iban = makeIban("NL", rnd.pick(BANKS) + rnd.digits(10))
        counterIban.set(name, iban)
      }
      return iban
    }
    let balance = openingBalanceCents
    let seq = 1
    for (let day = subtractMonths(today, HISTORY_MONTHS); day < today; day = addDays(day, 1)) {
      if (!isBankDay(day)) continue
      const count = rnd.int(BOOKINGS_PER_BANK_DAY.min, BOOKINGS_PER_BANK_DAY.max)
      // Between 07:00 and 19:00 UTC: the same calendar day in Amsterdam in winter and in summer.
      const dayStart = Date.parse(`${day}T07:00:00Z`)
      const times = Array.from({ length: count }, () => dayStart + rnd.int(0, 12 * 3_600 - 1) * 1000).sort(
        (a, b) => a - b
      )
      times.forEach((timestampMs, i) => {
        const b = booking(rnd, balance, ibanOf)
        balance += b.amountCents
        entries.push({
          ...b,
          descriptionLines: b.descriptionLines.map((l) => l.slice(0, MAX_DESCRIPTION_LINE_LENGTH)),
          seq: seq++,
          transactionId: `${day.replace(/-/g, "")}${String(i).padStart(2, "0")}${rnd.hex(8).toUpperCase()}`,
          bookDate: day,
          timestampMs,
          balanceAfterCents: balance,
        })
      })
    }
  }
  return new Ledger(account.accountNumber, account.currency, openingBalanceCents, creditLineCents, entries)
}

function booking(rnd: Random, balanceCents: number, ibanOf: (name: string) => string): Booking {
  // Keeps the generated balance in a plausible range: a low balance draws a salary or invoice payment.
  if (balanceCents < 50_000) {
    const name = rnd.pick(COMPANIES)
    return {
      amountCents: rnd.int(50_000, 300_000),
      mutationCode: "658",
      descriptionLines: [
        "SEPA Overboeking",
        `IBAN: ${ibanOf(name)}`,
        `Naam: ${name}`,
        `Omschrijving: factuur ${rnd.digits(5)}`,
      ],
      counterPartyName: name,
      counterPartyAccountNumber: ibanOf(name),
    }
  }
  // ... and a high one a transfer to savings, so the history stays a plausible current account.
  if (balanceCents > 2_500_000) {
    return {
      amountCents: -rnd.int(500_000, 1_500_000),
      mutationCode: "658",
      descriptionLines: ["SEPA Overboeking", "Naar spaarrekening", `Kenmerk: ${rnd.digits(10)}`],
      counterPartyName: "Spaarrekening",
      counterPartyAccountNumber: ibanOf("Spaarrekening"),
    }
  }
  const kind = rnd.float()
  if (kind < 0.35) {
    const shop = rnd.pick(SHOPS)
    return {
      amountCents: -rnd.int(150, 12_000),
      mutationCode: "426",
      descriptionLines: ["BEA, Betaalpas", `${shop},PAS${rnd.digits(3)}`, rnd.pick(CITIES)],
      counterPartyName: shop,
      counterPartyAccountNumber: "",
    }
  }
  if (kind < 0.6) {
    const person = rnd.pick(PEOPLE)
    return {
      amountCents: rnd.int(500, 15_000),
      mutationCode: "944",
      descriptionLines: [`Tikkie ID ${rnd.digits(12)}`, rnd.pick(TIKKIE_TEXTS), `Van ${person}`],
      counterPartyName: person,
      counterPartyAccountNumber: ibanOf(person),
    }
  }
  if (kind < 0.75) {
    const name = rnd.pick(COMPANIES)
    return {
      amountCents: rnd.int(5_000, 80_000),
      mutationCode: "658",
      descriptionLines: [
        "SEPA Overboeking",
        `IBAN: ${ibanOf(name)}`,
        `Naam: ${name}`,
        `Omschrijving: factuur ${rnd.digits(5)}`,
      ],
      counterPartyName: name,
      counterPartyAccountNumber: ibanOf(name),
    }
  }
  if (kind < 0.85) {
    const name = rnd.pick(COMPANIES)
    return {
      amountCents: -rnd.int(2_000, 150_000),
      mutationCode: "658",
      descriptionLines: ["SEPA Overboeking", `IBAN: ${ibanOf(name)}`, `Naam: ${name}`, `Kenmerk: ${rnd.digits(10)}`],
      counterPartyName: name,
      counterPartyAccountNumber: ibanOf(name),
    }
  }
  if (kind < 0.95) {
    const name = rnd.pick(DEBTORS)
    return {
      amountCents: -rnd.int(1_000, 30_000),
      mutationCode: "247",
      descriptionLines: [
        "SEPA Incasso algemeen doorlopend",
        `Incassant: NL${rnd.digits(2)}ZZZ${rnd.digits(12)}`,
        `Naam: ${name}`,
        `Machtiging: ${rnd.hex(10).toUpperCase()}`,
      ],
      counterPartyName: name,
      counterPartyAccountNumber: ibanOf(name),
    }
  }
  // A cash machine has no counter account: both counterparty fields stay empty (account information specification).
  return {
    amountCents: -rnd.int(2, 20) * 1_000,
    mutationCode: "093",
    descriptionLines: ["GEA, Betaalpas", rnd.pick(ATMS), rnd.pick(CITIES)],
    counterPartyName: "",
    counterPartyAccountNumber: "",
  }
}
