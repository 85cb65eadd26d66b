import { Text } from "@medusajs/ui"
import { useTikkieT } from "../lib/use-tikkie-t"

/** Shown after Connect: where the consent page is, in case the browser blocked the new tab. */
export function ConsentHint({ url }: { url: string }) {
  const { t } = useTikkieT()
  return (
    <div className="px-6 py-4">
      <Text size="small">
        {t("connection.consentOpened")}
        <a className="text-ui-fg-interactive" href={url} target="_blank" rel="noopener noreferrer">
          {t("connection.consentOpenHere")}
        </a>
        {t("connection.consentAfter")}
      </Text>
    </div>
  )
}
