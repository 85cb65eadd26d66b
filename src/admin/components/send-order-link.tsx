import { Button, Text } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch } from "../lib/admin-fetch"
import type { AdminTikkieSendPaymentLinkResponse, Json } from "../../api/types"
import { useTikkieT } from "../lib/use-tikkie-t"

/**
 * "Send to customer": the link to the order's email through Medusa's notification module
 * (`POST /admin/orders/:id/tikkie-payment-links/:token/send`). Says to whom it went, or the plugin's message.
 */
export function SendOrderLink({ orderId, paymentRequestToken }: { orderId: string; paymentRequestToken: string }) {
  const { t } = useTikkieT()
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ sentTo?: string; error?: string }>({})
  const send = async () => {
    setBusy(true)
    setResult({})
    try {
      const { notification } = await adminFetch<Json<AdminTikkieSendPaymentLinkResponse>>(
        `/admin/orders/${orderId}/tikkie-payment-links/${paymentRequestToken}/send`,
        { method: "POST", body: {} }
      )
      setResult({ sentTo: notification.to })
    } catch (e) {
      setResult({ error: e instanceof Error ? e.message : String(e) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-y-1" data-testid="tikkie-send-order-link">
      <Button size="small" variant="secondary" isLoading={busy} onClick={send}>
        {t("sendLink.send")}
      </Button>
      {result.sentTo && <Text size="xsmall">{t("sendLink.sentTo", { to: result.sentTo })}</Text>}
      {result.error && (
        <Text size="xsmall" className="text-ui-fg-error" role="alert">
          {result.error}
        </Text>
      )}
    </div>
  )
}
