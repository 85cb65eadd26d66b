import i18n from "../../src/admin/i18n"
import en from "../../src/admin/i18n/json/en.json"
import nl from "../../src/admin/i18n/json/nl.json"

/** Every text as "key → value", nested keys joined with dots. */
function leaves(tree: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(tree as Record<string, unknown>)) {
    if (typeof v === "string") out.set(`${prefix}${k}`, v)
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv)
  }
  return out
}
const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

describe("the admin's texts in English and Dutch", () => {
  const english = leaves(en)
  const dutch = leaves(nl)

  it("are all under the plugin's own key, for Medusa's admin to merge with its own", () => {
    expect(Object.keys(en)).toEqual(["tikkie"])
    expect(Object.keys(nl)).toEqual(["tikkie"])
    expect(i18n).toEqual({ en: { translation: en }, nl: { translation: nl } })
  })

  it("Dutch has every English text, no other, none empty, with the same {{variables}}", () => {
    expect([...dutch.keys()].sort()).toEqual([...english.keys()].sort())
    for (const [key, text] of dutch) {
      expect([key, text.trim().length > 0]).toEqual([key, true])
      expect([key, variables(text)]).toEqual([key, variables(english.get(key)!)])
    }
  })

  it("is really Dutch where the words differ (not the English copied)", () => {
    const same = [...dutch].filter(([key, text]) => english.get(key) === text).map(([key]) => key)
    // Names and words that are the same in both languages.
    expect(same.sort()).toEqual(
      [
        "tikkie.bank.iban",
        "tikkie.bank.status",
        "tikkie.common.open",
        "tikkie.fastCheckout.status",
        "tikkie.health.areas.fast_checkout",
        "tikkie.health.checks.webhook",
        "tikkie.invoiceLinks.status",
        "tikkie.linkStatus.open",
        "tikkie.page.tabs.bank",
        "tikkie.page.tabs.fastCheckout",
        "tikkie.page.title",
        "tikkie.paidWithoutOrder.minutes",
        "tikkie.paidWithoutOrder.sources.fast_checkout",
        "tikkie.paidWithoutOrder.status",
        "tikkie.paidWithoutOrder.token",
        "tikkie.reconciliation.sources.fastcheckout",
        "tikkie.refundsOwed.iban",
        "tikkie.refundsOwed.sources.claim",
      ].sort()
    )
  })
})
