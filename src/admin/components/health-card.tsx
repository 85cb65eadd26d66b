import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import type { AdminTikkieHealthResponse, TikkieHealthStatus } from "../../api/types"
import { useAdminData } from "../lib/use-admin-data"
import { useFormat } from "../lib/use-format"
import { type TikkieTextKey, useTikkieT } from "../lib/use-tikkie-t"
import { SectionState } from "./section-state"

type Check = AdminTikkieHealthResponse["checks"][number]

const COLOR: Record<TikkieHealthStatus, "green" | "orange" | "red"> = { green: "green", amber: "orange", red: "red" }

/**
 * The health card on top of the Tikkie page (GET /admin/tikkie/health): one status in words, then per
 * service each check with its own status and a sentence in the admin's language. The route sends codes
 * and values; times are written here as the admin's other dates.
 */
export function HealthCard() {
  const { t } = useTikkieT()
  const { dateTime } = useFormat()
  const health = useAdminData<AdminTikkieHealthResponse>("/admin/tikkie/health")
  const data = health.data
  const areas = data ? [...new Set(data.checks.map((c) => c.area))] : []

  const sentence = (c: Check) => {
    // A time reads as the admin's dates do, a missing one as "never".
    const values = Object.fromEntries(
      Object.entries(c.values).map(([k, v]) => [
        k,
        k.endsWith("_at") ? (v ? dateTime(String(v)) : t("common.never")) : (v ?? "—"),
      ])
    )
    const code = c.area === "bank" && (c.code === "refused" || c.code === "no_calls") ? `${c.code}_bank` : c.code
    let text = t(`health.codes.${c.check}.${code}` as TikkieTextKey, values)
    if (c.check === "credentials" && c.code === "working" && c.values.last_refused_at)
      text += ` ${t("health.codes.lastRefusal", values)}`
    if (c.check === "consent" && c.code !== "not_connected") text += ` ${t("health.codes.renew")}`
    return text
  }
  const label = (c: Check) =>
    t(
      c.check === "webhook" && c.area !== "fast_checkout"
        ? "health.checks.notifications"
        : (`health.checks.${c.check}` as TikkieTextKey)
    )

  return (
    <Container className="divide-y p-0" data-testid="tikkie-health-card">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">{t("health.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {data ? t("health.checkedAt", { at: dateTime(data.checked_at) }) : t("health.subtitle")}
          </Text>
        </div>
        <div className="flex items-center gap-x-2">
          {data && (
            <StatusBadge color={COLOR[data.status]} data-testid="tikkie-health-overall" data-status={data.status}>
              {t(`health.overall.${data.status}`)}
            </StatusBadge>
          )}
          <Button size="small" variant="secondary" onClick={health.reload} disabled={health.loading}>
            {t("common.refresh")}
          </Button>
        </div>
      </div>
      <SectionState loading={health.loading && !data} error={health.error} />
      {areas.map((area) => (
        <div key={area} className="px-6 py-3" data-testid="tikkie-health-area" data-area={area}>
          <Text size="small" weight="plus" className="mb-1">
            {t(`health.areas.${area}`)}
          </Text>
          <ul className="flex flex-col gap-y-1">
            {data!.checks
              .filter((c) => c.area === area)
              .map((c) => (
                <li
                  key={c.check}
                  className="grid grid-cols-[14rem_1fr] items-start gap-x-3"
                  data-testid="tikkie-health-check"
                  data-check={c.check}
                  data-status={c.status}
                >
                  <StatusBadge color={COLOR[c.status]} title={t(`health.status.${c.status}`)}>
                    {label(c)}
                  </StatusBadge>
                  <Text size="small" className="text-ui-fg-subtle">
                    {sentence(c)}
                  </Text>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </Container>
  )
}
