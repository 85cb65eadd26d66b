import { moneyText } from "../../../utils/money-text"

export type ReminderLanguage = "nl" | "en"

export interface ReminderFacts {
  language: ReminderLanguage
  orderDisplayId: number | null
  /** Null: an open amount. */
  amountInCents: number | null
  currencyCode: string
  url: string
  /** yyyy-mm-dd: payable until the end of that day (Amsterdam). */
  expiryDate: string
  storeName: string
  /** An invoice link's description (no order): named in the reminder instead of an order number. */
  invoice?: string | null
}

function dateText(isoDate: string, language: ReminderLanguage): string {
  const [y, m, d] = isoDate.split("-").map(Number)
  // Noon UTC: the same calendar day in every time zone the formatter might use.
  return new Intl.DateTimeFormat(language === "nl" ? "nl-NL" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d, 12)))
}

/** An unpaid link's reminder in the payer's language: the notification's `subject` and `text`. */
export function reminderMessage(f: ReminderFacts): { subject: string; text: string } {
  const amount = f.amountInCents === null ? null : moneyText(f.amountInCents, f.currencyCode, f.language)
  const order = f.orderDisplayId != null ? `#${f.orderDisplayId}` : ""
  const invoice = !order && f.invoice ? ` (${f.invoice})` : ""
  const until = dateText(f.expiryDate, f.language)
  if (f.language === "nl") {
    return {
      subject: `Herinnering: betaling${order ? ` voor bestelling ${order}` : invoice} staat nog open`,
      text: [
        "Beste klant,",
        "",
        `We hebben je betaling${amount ? ` van ${amount}` : ""}${order ? ` voor bestelling ${order}` : invoice} nog niet ontvangen.`,
        `Je kunt tot en met ${until} betalen met Tikkie via deze link:`,
        f.url,
        "",
        "Heb je net betaald? Dan kun je deze e-mail negeren.",
        "",
        "Met vriendelijke groet,",
        f.storeName,
      ].join("\n"),
    }
  }
  return {
    subject: `Reminder: payment${order ? ` for order ${order}` : invoice} still open`,
    text: [
      "Dear customer,",
      "",
      `We have not received your payment${amount ? ` of ${amount}` : ""}${order ? ` for order ${order}` : invoice} yet.`,
      `You can pay with Tikkie until the end of ${until} through this link:`,
      f.url,
      "",
      "If you have just paid, please ignore this e-mail.",
      "",
      "Kind regards,",
      f.storeName,
    ].join("\n"),
  }
}
