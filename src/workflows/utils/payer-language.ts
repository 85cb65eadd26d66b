/**
 * Dutch or English for what the payer reads at Tikkie: the first locale naming a language decides (callers
 * give them in order of trust), else an address in the Netherlands means Dutch.
 */
export type PayerLanguage = "nl" | "en"

export function payerLanguage(opts: {
  locales: Array<string | null | undefined>
  countryCode?: string | null
}): PayerLanguage {
  for (const locale of opts.locales) {
    const tag = (locale ?? "").trim()
    // "*" (a server-side fetch's Accept-Language) names no language.
    if (/^[a-z]{2,3}(?:$|[-_])/i.test(tag)) return /^nl(?:$|[-_])/i.test(tag) ? "nl" : "en"
  }
  return opts.countryCode?.trim().toLowerCase() === "nl" ? "nl" : "en"
}

export function firstAcceptedLanguage(header: string | null | undefined): string | undefined {
  return (header ?? "").split(",")[0]?.split(";")[0]?.trim() || undefined
}
