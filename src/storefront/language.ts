/**
 * The shopper's language for the texts the helpers give: Dutch or English. Tikkie's shoppers are Dutch;
 * everyone else reads English.
 *
 * Browser-safe: no Node built-ins, no Medusa server code.
 */
export type TikkieLanguage = "nl" | "en"

/**
 * `"nl"` for a Dutch locale or country code (`nl`, `nl-NL`, `nl_BE`, `NL`), `"en"` for anything else or
 * nothing. Give it what the storefront knows: the starter's `countryCode` route parameter, or its
 * `_medusa_locale` cookie.
 */
export function tikkieLanguage(localeOrCountryCode?: string | null): TikkieLanguage {
  return /^nl(?:$|[-_])/i.test((localeOrCountryCode ?? "").trim()) ? "nl" : "en"
}
