import en from "../../src/admin/i18n/json/en.json"
import nl from "../../src/admin/i18n/json/nl.json"
import { formatCents } from "../../src/admin/lib/money"
import { storeErrorText } from "../../src/admin/lib/store-error"

/** The admin's words for a coded refusal of the store, as react-i18next would fill them in. */
function words(texts: typeof en, locale: string) {
  return {
    t: (key: string, values: Record<string, string | number>) => {
      const [group, name] = key.split(".") as ["storeErrors", keyof typeof en.tikkie.storeErrors]
      return texts.tikkie[group][name].replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(values[v]))
    },
    money: (cents: number, currency: string) => formatCents(cents, currency, locale),
  }
}
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ")

describe("storeErrorText: the store's coded refusals in the admin's language", () => {
  const tooHigh = {
    message: "amount_in_cents: €6.00 is more than order #2 still owes without a link (€5.00)",
    code: "tikkie_order_link_amount_too_high",
    values: {
      display_id: 2,
      currency_code: "eur",
      amount_in_cents: 600,
      available_in_cents: 500,
      owed_in_cents: 500,
      asked_in_cents: 0,
    },
  }

  it("words an amount above what the order still owes in Dutch, with Dutch money, at the amount field", () => {
    expect(storeErrorText(tooHigh, words(nl, "nl"))).toEqual({
      text: expect.any(String),
      field: "amount",
    })
    expect(plain(storeErrorText(tooHigh, words(nl, "nl")).text)).toBe(
      "€ 6,00 is meer dan bestelling #2 nog moet betalen zonder link (€ 5,00)."
    )
    expect(plain(storeErrorText(tooHigh, words(en, "en")).text)).toBe(
      "€6.00 is more than order #2 still owes without a link (€5.00)."
    )
  })

  it("names what open links already ask for when there are some", () => {
    const withLinks = {
      ...tooHigh,
      values: { ...tooHigh.values, owed_in_cents: 123456, asked_in_cents: 122956, amount_in_cents: 1000 },
    }
    expect(plain(storeErrorText(withLinks, words(nl, "nl")).text)).toBe(
      "€ 10,00 is meer dan bestelling #2 nog moet betalen zonder link (€ 5,00): open links vragen al € 1.229,56 van de € 1.234,56."
    )
  })

  it("words the refusals that are about no field, and keeps the message of any other error", () => {
    const allAsked = {
      message: "Order #7 owes €12.61, and open Tikkie links already ask for all of it (https://…).",
      code: "tikkie_order_links_ask_all",
      values: { display_id: 7, currency_code: "eur", owed_in_cents: 1261, asked_in_cents: 1261 },
    }
    expect(storeErrorText(allAsked, words(nl, "nl")).field).toBeUndefined()
    expect(plain(storeErrorText(allAsked, words(nl, "nl")).text)).toBe(
      "Bestelling #7 moet nog € 12,61 betalen, en open Tikkie-links vragen daar al helemaal om."
    )
    expect(
      storeErrorText({ code: "tikkie_order_owes_nothing", message: "x", values: { display_id: 7 } }, words(nl, "nl"))
        .text
    ).toBe("Bestelling #7 hoeft niets meer te betalen.")
    expect(storeErrorText(new Error("The store answered HTTP 502"), words(nl, "nl"))).toEqual({
      text: "The store answered HTTP 502",
    })
    expect(storeErrorText({ message: "m", code: "invalid_data", values: {} }, words(nl, "nl"))).toEqual({ text: "m" })
  })

  it("words the refunds-owed refusals Medusa's error handler answers with a code and no values, in Dutch and English", () => {
    const refunded = {
      message: "Refund owed rfo_1 is already refunded: there is nothing to ask the payer for.",
      code: "tikkie_refund_owed_refunded",
    }
    expect(storeErrorText(refunded, words(nl, "nl")).text).toBe(
      "Deze terugbetaling is al gedaan: er valt niets meer te vragen of te wijzigen."
    )
    expect(storeErrorText(refunded, words(en, "en")).text).toBe(
      "This refund owed is already refunded: nothing can be asked or changed any more."
    )
    expect(storeErrorText({ message: "x", code: "tikkie_no_email_provider" }, words(nl, "nl")).text).toMatch(
      /^Deze winkel heeft geen e-mailprovider/
    )
    expect(storeErrorText({ message: "x", code: "tikkie_payer_without_email" }, words(nl, "nl")).text).toMatch(
      /^Tikkie gaf geen e-mailadres/
    )
    expect(storeErrorText({ message: "x", code: "tikkie_refund_owed_not_at_tikkie" }, words(nl, "nl")).text).toMatch(
      /^Alleen een tweede betaling/
    )
  })
})
