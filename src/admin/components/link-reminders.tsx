import { Button, Text } from "@medusajs/ui"
import { useState } from "react"
import type { AdminTikkieLinkRemindersResponse, Json } from "../../api/types"
import { adminFetch } from "../lib/admin-fetch"
import { useAdminData } from "../lib/use-admin-data"
import { formatDateTime } from "../lib/dates"
import { useTikkieT } from "../lib/use-tikkie-t"

/**
 * An order link's reminders (`GET|POST /admin/orders/:id/tikkie-payment-links/:token/reminders`): each one
 * sent, why no (more) will go out (no e-mail, switched off, paid, the limit), and the link's switch.
 */
export function LinkReminders({ orderId, paymentRequestToken }: { orderId: string; paymentRequestToken: string }) {
  const { t, language } = useTikkieT()
  const path = `/admin/orders/${orderId}/tikkie-payment-links/${paymentRequestToken}/reminders`
  const view = useAdminData<Json<AdminTikkieLinkRemindersResponse>>(path)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const r = view.data?.reminders
  // Nothing to say on a paid or closed link never reminded, nor in a shop that sends no reminders.
  if (!r || (!r.reminders.length && (r.blocked === "closed" || r.blocked === "not_configured"))) return null
  const toggle = async () => {
    setBusy(true)
    setError(undefined)
    try {
      await adminFetch(path, { method: "POST", body: { enabled: !r.enabled } })
      view.reload()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  const canSwitch = r.blocked === null || r.blocked === "switched_off"
  return (
    <div className="flex flex-col gap-y-1" data-testid="tikkie-link-reminders">
      <Text size="xsmall" weight="plus">
        {t("reminders.title")}
      </Text>
      {r.reminders.map((x) => (
        <Text key={x.number} size="xsmall" className={x.state === "failed" ? "text-ui-fg-error" : "text-ui-fg-subtle"}>
          {t("reminders.item", {
            number: x.number,
            state: t(`reminders.state.${x.state as "sent"}`),
            date: formatDateTime(x.sent_at ?? x.claimed_at, language),
          })}
        </Text>
      ))}
      <Text size="xsmall" className="text-ui-fg-subtle">
        {r.blocked
          ? t(`reminders.blocked.${r.blocked as "no_email"}`)
          : t("reminders.every", {
              days: r.after_days,
              max: r.max,
              language: t(r.language === "nl" ? "reminders.nl" : "reminders.en"),
            })}
      </Text>
      {canSwitch && (
        <Button size="small" variant="transparent" isLoading={busy} onClick={toggle}>
          {t(r.enabled ? "reminders.turnOff" : "reminders.turnOn")}
        </Button>
      )}
      {error && (
        <Text size="xsmall" className="text-ui-fg-error" role="alert">
          {error}
        </Text>
      )}
    </div>
  )
}
