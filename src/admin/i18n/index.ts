import en from "./json/en.json"
import nl from "./json/nl.json"

/**
 * The plugin's admin texts in English and Dutch, under its own key (`tikkie.…`) in react-i18next's default
 * namespace: Medusa's admin merges them with its own (admin-sdk 2.11.1 and later) and shows them in the
 * language the admin chose in its profile. English is the fallback for any other language.
 */
export default {
  en: { translation: en },
  nl: { translation: nl },
}
