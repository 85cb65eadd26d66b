import { Button } from "@medusajs/ui"

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
  return (
    <>
      {status && (
        <Button size="small" variant="danger" onClick={disconnect} disabled={busy}>
          Disconnect
        </Button>
      )}
      {canConnect && status !== "connected" && (
        <Button size="small" onClick={connect} isLoading={busy} data-testid={testId}>
          {status ? "Connect again" : "Connect"}
        </Button>
      )}
    </>
  )
}
