import { Button } from "@medusajs/ui"
import { useTikkieT } from "../lib/use-tikkie-t"

/** Disconnect when there is a connection; Connect (or Connect again, when consent is needed) when allowed. */
export function ConnectionButtons(props: {
  status?: "connected" | "needs_consent"
  canConnect: boolean
  busy: boolean
  connect: () => void
  disconnect: () => void
  testId: string
}) {
  const { status, canConnect, busy, connect, disconnect, testId } = props
  const { t } = useTikkieT()
  return (
    <>
      {status && (
        <Button size="small" variant="danger" onClick={disconnect} disabled={busy}>
          {t("connection.disconnect")}
        </Button>
      )}
      {canConnect && status !== "connected" && (
        <Button size="small" onClick={connect} isLoading={busy} data-testid={testId}>
          {status ? t("connection.connectAgain") : t("connection.connect")}
        </Button>
      )}
    </>
  )
}
