import { ibanRequestLanguage, ibanRequestMessage } from "../../../src/workflows/refunds-owed/utils/iban-request-message"
import { moneyText } from "../../../src/utils/money-text"

/** Intl writes a no-break space in "€ 35,45"; a reader sees a space. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ")

describe("the e-mail asking a payer for their IBAN", () => {
  const facts = {
    payerName: "Lotte Peeters",
    orderDisplayId: 12,
    amountInCents: 123_456,
    currencyCode: "eur",
    source: "cancel" as const,
    storeName: "Tikkie Demo Winkel",
  }

  it("writes the amount as its reader does, from the cents, to the cent", () => {
    expect(plain(moneyText(123_456, "eur", "nl"))).toBe("€ 1.234,56")
    expect(moneyText(123_456, "eur", "en")).toBe("€1,234.56")
    expect(plain(moneyText(5, "eur", "nl"))).toBe("€ 0,05")
    // A large amount, written from the decimal string: still to the cent.
    expect(moneyText(900_719_925_474_099, "eur", "en")).toBe("€9,007,199,254,740.99")
  })

  it("in Dutch: subject with amount and order, the reason, what to send back, the shop's name", () => {
    const { subject, text } = ibanRequestMessage({ ...facts, language: "nl" })
    expect(plain(subject)).toBe("Terugbetaling € 1.234,56 voor bestelling #12: je IBAN graag")
    expect(text.split("\n")[0]).toBe("Beste Lotte Peeters,")
    expect(plain(text)).toContain("Je bestelling #12 is geannuleerd. We betalen je € 1.234,56 terug.")
    expect(text).toContain("je IBAN en de naam van de rekeninghouder")
    expect(text.endsWith("Met vriendelijke groet,\nTikkie Demo Winkel")).toBe(true)
  })

  it("in English, for a link paid twice and without an order or a name", () => {
    const { subject, text } = ibanRequestMessage({
      ...facts,
      language: "en",
      source: "second_payment",
      orderDisplayId: null,
      payerName: null,
    })
    expect(subject).toBe("Refund of €1,234.56: your IBAN, please")
    expect(text.split("\n")[0]).toBe("Dear customer,")
    expect(text).toContain("Your order was paid twice. We are paying you back €1,234.56.")
  })

  it("picks the order's locale, else Dutch for an order shipped to the Netherlands, else English", () => {
    expect(ibanRequestLanguage({ locale: "nl-BE", shipping_address: { country_code: "de" } })).toBe("nl")
    expect(ibanRequestLanguage({ locale: "en-GB", shipping_address: { country_code: "nl" } })).toBe("en")
    expect(ibanRequestLanguage({ locale: null, shipping_address: { country_code: "NL" } })).toBe("nl")
    expect(ibanRequestLanguage({ shipping_address: { country_code: "be" } })).toBe("en")
    expect(ibanRequestLanguage(null)).toBe("en")
  })
})
