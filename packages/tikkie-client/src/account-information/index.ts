export * from "./schemas"
export * from "./codes"
export {
  AccountInformationClient,
  AIS_OPERATIONS,
  type AccountInformationClientOptions,
  type BookDateFilter,
} from "./client"
export { OAuthClient, type OAuthClientOptions, type MutualTlsOptions } from "./oauth"
export { buildConsentUrl, type ConsentUrlOptions } from "./consent"
export { toCents, centsToAmount, decimalToUnits, unitsToDecimalText, MAX_EXACT_CENTS } from "./money"
export {
  amsterdamDate,
  earliestBookDateFrom,
  isBookDate,
  isBankDay,
  addDays,
  subtractMonths,
  MAX_HISTORY_MONTHS,
} from "./book-dates"
