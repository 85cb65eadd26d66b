import { useTranslation } from "react-i18next"
import type en from "../i18n/json/en.json"

/** Every text key of the plugin's admin ("bank.title"), from the English file: a key that is not there does not compile. */
type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>
}[keyof T & string]
export type TikkieTextKey = Leaves<(typeof en)["tikkie"]>

/**
 * The plugin's admin texts in the admin's language (Medusa's admin: the language in the admin's profile),
 * from src/admin/i18n. `t("bank.title")`, `t("common.range", { from, to, count })`.
 */
export function useTikkieT() {
  const { t, i18n } = useTranslation()
  return {
    t: (key: TikkieTextKey, values?: Record<string, string | number>) => t(`tikkie.${key}`, values ?? {}) as string,
    language: i18n.language,
  }
}
