import { Alert, Text } from "@medusajs/ui"
import { useTikkieT } from "../lib/use-tikkie-t"

/** What a section shows instead of its content: still loading, the API's refusal, or nothing to list. */
export function SectionState({ loading, error, empty }: { loading?: boolean; error?: string; empty?: string }) {
  const { t } = useTikkieT()
  if (error) {
    return (
      <div className="px-6 py-4">
        <Alert variant="error" data-testid="tikkie-error">
          {error}
        </Alert>
      </div>
    )
  }
  if (loading) {
    return (
      <div className="px-6 py-4">
        <Text size="small" className="text-ui-fg-subtle">
          {t("common.loading")}
        </Text>
      </div>
    )
  }
  if (empty) {
    return (
      <div className="px-6 py-4">
        <Text size="small" className="text-ui-fg-subtle" data-testid="tikkie-empty">
          {empty}
        </Text>
      </div>
    )
  }
  return null
}
