import type { MedusaRequest } from "@medusajs/framework/http"
import type { ConsentOutcome, ConsentRefusalCode } from "../../../../../workflows/tikkie-bank/utils/consent-answer"
import { consentStateLanguage } from "../../../../../modules/tikkie-bank/consent-state"

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

export type CallbackPageLanguage = "nl" | "en"

/**
 * The callback page's language: the one the admin started the consent in (carried by the state: the
 * bank's cross-site redirect back brings none of the admin's cookies), else Medusa admin's `lng` cookie
 * (when the page is opened from the store's own host), else the browser's first Accept-Language.
 */
export function callbackPageLanguage(req: MedusaRequest): CallbackPageLanguage {
  const state = (req.query as { state?: unknown } | undefined)?.state
  const started = consentStateLanguage(typeof state === "string" ? state : undefined)
  if (started) return started
  const cookie = /(?:^|;\s*)lng=([^;]*)/.exec(req.get("cookie") ?? "")?.[1]
  const first = cookie || (req.get("accept-language") ?? "").split(",")[0]?.split(";")[0] || ""
  return /^nl(?:$|[-_])/i.test(first.trim()) ? "nl" : "en"
}

const START_AGAIN_NL = "Begin opnieuw vanuit de winkeladmin (bankrekening koppelen)."

/** The refusals in Dutch (their English is the workflow's own message). */
const REFUSALS_NL: Record<ConsentRefusalCode, (detail?: string) => string> = {
  no_state: () => `Het antwoord van de bank bevat geen state. ${START_AGAIN_NL}`,
  state_unknown: () => `Dit toestemmingsantwoord hoort niet bij een koppeling die deze winkel begon. ${START_AGAIN_NL}`,
  state_used: () => `Dit toestemmingsantwoord is al gebruikt; een toestemmingslink werkt één keer. ${START_AGAIN_NL}`,
  state_expired: () => `Dit toestemmingsverzoek is verlopen (het geldt 15 minuten). ${START_AGAIN_NL}`,
  denied: () => "De rekeninghouder gaf geen toestemming; er is geen bankrekening gekoppeld.",
  bank_error: (d) => `De bank antwoordde ${d ?? "met een fout"}; er is geen bankrekening gekoppeld. ${START_AGAIN_NL}`,
  no_code: () => `Het antwoord van de bank bevat geen autorisatiecode. ${START_AGAIN_NL}`,
  not_configured: () =>
    "De winkel kan de tokens van de bank niet veilig bewaren (de optie tokenEncryptionKey van de module tikkie-bank ontbreekt of klopt niet): zie docs/bank-account.md van de plugin.",
  code_refused: (d) =>
    `De bank weigerde de autorisatiecode (${d}): hij is verlopen (codes gelden 10 seconden) of al gebruikt. ${START_AGAIN_NL}`,
  exchange_refused: (d) => `De tokenservice van de bank weigerde de uitwisseling (${d}). ${START_AGAIN_NL}`,
  no_pay_scope: () =>
    "De toestemming geldt niet voor de bevoegdheid pay. Begin opnieuw vanuit de winkeladmin (betaalverzoeken v1 koppelen).",
  no_account_info: (d) => `De bank zei niet voor welke rekening de toestemming is (${d}). ${START_AGAIN_NL}`,
  no_iban: () => `De toestemming van de bank bevat geen rekeningnummer. ${START_AGAIN_NL}`,
}

const WORDS = {
  en: {
    close: "You can close this page and go back to the store admin.",
    notConnected: "Not connected",
    denied: "Consent denied",
    payTitle: "Tikkie payment requests v1 connected",
    payMessage: "The store can now make payment requests with Tikkie v1. You can close this page.",
    bankTitle: "Bank account connected",
    bankMessage: (iban: string, scopes: string) => `Connected ${iban} with: ${scopes}.`,
    scopes: { details: "account details", balance: "balance", transactions: "transactions", funds: "funds check" },
    malformed: "The bank's answer is malformed. Start again from the store admin.",
  },
  nl: {
    close: "Je kunt deze pagina sluiten en teruggaan naar de winkeladmin.",
    notConnected: "Niet gekoppeld",
    denied: "Geen toestemming",
    payTitle: "Tikkie-betaalverzoeken v1 gekoppeld",
    payMessage: "De winkel kan nu betaalverzoeken maken met Tikkie v1. Je kunt deze pagina sluiten.",
    bankTitle: "Bankrekening gekoppeld",
    bankMessage: (iban: string, scopes: string) => `${iban} gekoppeld met: ${scopes}.`,
    scopes: { details: "rekeninggegevens", balance: "saldo", transactions: "transacties", funds: "saldocontrole" },
    malformed: "Het antwoord van de bank klopt niet. Begin opnieuw vanuit de winkeladmin.",
  },
} as const

/** An IBAN in groups of four, as banks print it ("NL91 ABNA 0417 1643 00"). */
const grouped = (iban: string) => iban.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ")

/** The small page a browser lands on after the bank's consent page. No script, nothing from the query echoed. */
export function callbackPage(title: string, message: string, language: CallbackPageLanguage = "en"): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escape(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1 id="title">${escape(title)}</h1>
<p id="message">${escape(message)}</p>
<p>${escape(WORDS[language].close)}</p>
</body></html>`
}

/** What the consent came to, as the page in `language`. */
export function outcomePage(outcome: ConsentOutcome, language: CallbackPageLanguage): string {
  const w = WORDS[language]
  if (outcome.ok && outcome.purpose === "pay") return callbackPage(w.payTitle, w.payMessage, language)
  if (outcome.ok) {
    const scopes = outcome.scopes.map((s) => (w.scopes as Record<string, string>)[s] ?? s).join(", ")
    return callbackPage(w.bankTitle, w.bankMessage(grouped(outcome.accountNumber), scopes), language)
  }
  const title = outcome.code === "denied" ? w.denied : w.notConnected
  const message = language === "nl" ? REFUSALS_NL[outcome.code](outcome.detail) : outcome.message
  return callbackPage(title, message, language)
}

/** The page for a malformed answer (the query's validation, before the route). */
export function malformedPage(language: CallbackPageLanguage): string {
  const w = WORDS[language]
  return callbackPage(w.notConnected, w.malformed, language)
}
