import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useConsentConnection } from "../lib/use-consent-connection"
import { ConnectionButtons } from "./connection-buttons"
import { ConsentHint } from "./consent-hint"
import type { AdminTikkieV1ConnectionResponse, Json } from "../../api/types"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"

export type V1ConnectionView = Json<AdminTikkieV1ConnectionResponse>

/**
 * Legacy payment requests v1: the store's OAuth connection for scope pay (v1 calls need it unless a
 * provider has a fixed accessToken), with Connect (the consent page opens in a new tab and comes back to
 * the store's callback page there), Connect again when a refresh was refused, and Disconnect.
 */
export function PaymentRequestsV1Section({ view, reload }: { view?: V1ConnectionView; reload: () => void }) {
  const { t } = useTikkieT()
  const { dateTime } = useFormat()
  const v1 = view?.v1_connection
  const conn = v1?.connection
  const { busy, consentUrl, connect, disconnect } = useConsentConnection({
    connectPath: "/admin/tikkie/payment-requests/v1-connect",
    disconnectPath: "/admin/tikkie/payment-requests/v1-connect",
    what: t("v1.what"),
    disconnectDescription: t("v1.disconnectDescription"),
    onChange: reload,
    connected: conn?.status === "connected",
  })
  const needsConnection = !!v1?.providers.some((p) => p.token === "connection")

  return (
    <Container className="divide-y p-0" data-testid="tikkie-v1-section">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">{t("v1.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("v1.subtitle")}
          </Text>
        </div>
        <div className="flex gap-x-2">
          <Button size="small" variant="secondary" onClick={reload}>
            {t("common.refresh")}
          </Button>
          <ConnectionButtons
            status={conn?.status}
            canConnect={!!v1?.oauth_ready}
            busy={busy}
            connect={connect}
            disconnect={disconnect}
            testId="tikkie-v1-connect"
          />
        </div>
      </div>
      {consentUrl && conn?.status !== "connected" && <ConsentHint url={consentUrl} />}
      <div className="flex flex-col gap-y-2 px-6 py-4">
        <div className="flex items-center gap-x-2">
          {conn ? (
            <StatusBadge color={conn.status === "connected" ? "green" : "orange"} data-testid="tikkie-v1-status">
              {conn.status === "connected" ? t("v1.connected") : t("v1.needsConsentAgain")}
            </StatusBadge>
          ) : (
            <StatusBadge color={needsConnection ? "orange" : "grey"} data-testid="tikkie-v1-status">
              {t("v1.notConnected")}
            </StatusBadge>
          )}
          {conn?.status === "connected" && (
            <Text size="small" className="text-ui-fg-subtle">
              {t("v1.renewed", { date: dateTime(conn.access_expires_at) })}
            </Text>
          )}
        </div>
        {conn?.problem && <Text size="small">{conn.problem}</Text>}
        {!v1?.oauth_ready && (
          <Text size="small" className="text-ui-fg-subtle">
            {t("v1.oauthNotReady")}
          </Text>
        )}
        {v1?.providers.map((p) => (
          <Text key={p.provider_id} size="small" className="text-ui-fg-subtle">
            {p.token === "connection"
              ? t("v1.usesConnection", { provider: p.provider_id })
              : t("v1.usesFixedToken", { provider: p.provider_id })}
          </Text>
        ))}
      </div>
    </Container>
  )
}
