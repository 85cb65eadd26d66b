/** Browser-safe: no Node built-ins, no Medusa server code. */
export type TikkieLanguage = "nl" | "en"

/** Give it the starter's `countryCode` route parameter or its `_medusa_locale` cookie. */
export function tikkieLanguage(localeOrCountryCode?: string | null): TikkieLanguage {
  return /^nl(?:$|[-_])/i.test((localeOrCountryCode ?? "").trim()) ? "nl" : "en"
}
