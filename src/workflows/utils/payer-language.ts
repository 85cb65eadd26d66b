/**
 * The language of what the payer reads at Tikkie (a link's description, a refund's): Dutch or English,
 * like the plugin's other texts for shoppers. The first locale that names a language decides (Dutch for
 * `nl`, `nl-NL`, `nl-BE`; English for any other); with none, an address in the Netherlands means Dutch,
 * anything else English.
 *
 * Callers give the locales in their order of trust: for a checkout the request's `x-medusa-locale` (or
 * `?locale=`, which the storefront helper sends from its `locale` option), then Medusa's `cart.locale`,
 * then the request's Accept-Language; for an order, Medusa's `order.locale`.
 */
export type PayerLanguage = "nl" | "en"

export function payerLanguage(opts: {
  locales: Array<string | null | undefined>
  countryCode?: string | null
}): PayerLanguage {
  for (const locale of opts.locales) {
    const tag = (locale ?? "").trim()
    // "*" (what a server-side fetch sends as Accept-Language) names no language.
    if (/^[a-z]{2,3}(?:$|[-_])/i.test(tag)) return /^nl(?:$|[-_])/i.test(tag) ? "nl" : "en"
  }
  return opts.countryCode?.trim().toLowerCase() === "nl" ? "nl" : "en"
}

/** The first language of an Accept-Language header ("nl-NL,nl;q=0.9,en;q=0.8" → "nl-NL"). */
export function firstAcceptedLanguage(header: string | null | undefined): string | undefined {
  return (header ?? "").split(",")[0]?.split(";")[0]?.trim() || undefined
}
