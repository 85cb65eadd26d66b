import { moneyText } from "../../../utils/money-text"
import type { RefundOwedSource } from "./record-refund-owed"

export type IbanRequestLanguage = "nl" | "en"

export interface IbanRequestFacts {
  language: IbanRequestLanguage
  payerName: string | null
  orderDisplayId: number | null
  amountInCents: number
  currencyCode: string
  source: RefundOwedSource
  storeName: string
}

const WHY: Record<IbanRequestLanguage, Record<RefundOwedSource, string>> = {
  nl: {
    cancel: "is geannuleerd",
    return: "is (deels) retour ontvangen",
    claim: "is (deels) vergoed na je melding",
    exchange: "is omgeruild voor iets goedkopers",
    second_payment: "is twee keer betaald",
    refund: "krijgt (deels) geld terug",
  },
  en: {
    cancel: "was cancelled",
    return: "was (partly) returned to us",
    claim: "was (partly) refunded after your claim",
    exchange: "was exchanged for something cheaper",
    second_payment: "was paid twice",
    refund: "gets (part of) its price back",
  },
}

/** Fast Checkout gives no IBAN and Tikkie cannot refund it: the shop transfers, so it asks for IBAN and holder. */
export function ibanRequestMessage(f: IbanRequestFacts): { subject: string; text: string } {
  const amount = moneyText(f.amountInCents, f.currencyCode, f.language)
  const order = f.orderDisplayId != null ? `#${f.orderDisplayId}` : ""
  const why = WHY[f.language][f.source]
  if (f.language === "nl") {
    return {
      subject: `Terugbetaling ${amount}${order ? ` voor bestelling ${order}` : ""}: je IBAN graag`,
      text: [
        `Beste ${f.payerName ?? "klant"},`,
        "",
        `Je bestelling${order ? ` ${order}` : ""} ${why}. We betalen je ${amount} terug.`,
        "Je betaalde met Tikkie, en via Tikkie kunnen we dit niet terugbetalen. Daarom maken we het bedrag zelf over naar je bankrekening.",
        "",
        "Wil je op deze e-mail antwoorden met je IBAN en de naam van de rekeninghouder? Dan maken we het geld zo snel mogelijk over.",
        "",
        "Met vriendelijke groet,",
        f.storeName,
      ].join("\n"),
    }
  }
  return {
    subject: `Refund of ${amount}${order ? ` for order ${order}` : ""}: your IBAN, please`,
    text: [
      `Dear ${f.payerName ?? "customer"},`,
      "",
      `Your order${order ? ` ${order}` : ""} ${why}. We are paying you back ${amount}.`,
      "You paid with Tikkie, and Tikkie cannot refund this payment, so we will transfer the amount to your bank account ourselves.",
      "",
      "Please reply to this e-mail with your IBAN and the name of the account holder, and we will transfer the money as soon as we can.",
      "",
      "Kind regards,",
      f.storeName,
    ].join("\n"),
  }
}

/** The order's locale, else Dutch for a Dutch address; the admin can choose the other. */
export function ibanRequestLanguage(
  order: { locale?: string | null; shipping_address?: { country_code?: string | null } | null } | null
): IbanRequestLanguage {
  const locale = order?.locale?.trim().toLowerCase()
  if (locale) return locale.startsWith("nl") ? "nl" : "en"
  return order?.shipping_address?.country_code?.toLowerCase() === "nl" ? "nl" : "en"
}
