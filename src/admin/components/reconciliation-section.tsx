import { Badge, Button, Container, Heading, StatusBadge, Table, Tabs, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { adminFetch } from "../lib/admin-fetch"
import { useAdminData } from "../lib/use-admin-data"
import { SectionState } from "./section-state"
import type {
  AdminTikkieReconciliationListResponse,
  AdminTikkieReconciliationRunResponse,
  Json,
  ReconciliationStatus,
} from "../../api/types"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"

type Status = ReconciliationStatus
type ReconciliationView = Json<AdminTikkieReconciliationListResponse>

/** The payout states as tabs, with their colour; their words are `reconciliation.statuses.*` and `reconciliation.empty.*`. */
const STATUSES: Array<{ status: Status; color: "green" | "blue" | "red" | "orange" }> = [
  { status: "matched", color: "green" },
  { status: "mismatch", color: "red" },
  { status: "pending", color: "blue" },
  { status: "overdue", color: "red" },
  { status: "unmatched", color: "orange" },
]

/**
 * Reconciliation: the plugin's payments by payout state, and credits no payment claimed, with "Run now".
 */
export function ReconciliationSection() {
  const { t } = useTikkieT()
  const { money, day } = useFormat()
  const [status, setStatus] = useState<Status>("matched")
  // Unmatched credits: those that look like a Tikkie payout, unless the admin asks for every credit.
  const [credits, setCredits] = useState<"tikkie" | "all">("tikkie")
  const list = useAdminData<ReconciliationView>(
    `/admin/tikkie/reconciliation?status=${status}&credits=${credits}&limit=50`
  )
  const [busy, setBusy] = useState(false)

  const run = async () => {
    setBusy(true)
    try {
      const out = await adminFetch<Json<AdminTikkieReconciliationRunResponse>>("/admin/tikkie/reconciliation/run", {
        method: "POST",
        body: {},
      })
      toast.success(t("reconciliation.ran"), {
        description: t("reconciliation.summary", {
          transactions: out.summary.transactions_stored,
          matched: out.summary.matched_now,
        }),
      })
      list.reload()
    } catch (e) {
      toast.error(t("reconciliation.runFailed"), { description: (e as Error).message })
    } finally {
      setBusy(false)
    }
  }

  const shown = STATUSES.find((s) => s.status === status)!
  return (
    <Container className="divide-y p-0" data-testid="tikkie-reconciliation-section">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">{t("reconciliation.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("reconciliation.subtitle")}
          </Text>
        </div>
        <Button size="small" onClick={run} isLoading={busy} disabled={busy} data-testid="tikkie-reconcile-run">
          {t("reconciliation.runNow")}
        </Button>
      </div>
      <div className="px-6 py-3">
        <Tabs value={status} onValueChange={(v) => setStatus(v as Status)}>
          <Tabs.List>
            {STATUSES.map((s) => (
              <Tabs.Trigger key={s.status} value={s.status}>
                {t(`reconciliation.statuses.${s.status}`)}
                {list.data && (
                  <Badge size="2xsmall" className="ml-2">
                    {list.data.counts[s.status]}
                  </Badge>
                )}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs>
      </div>
      {status === "unmatched" && (
        <div className="flex items-center gap-x-2 px-6 py-3" data-testid="tikkie-unmatched-credits-filter">
          {(["tikkie", "all"] as const).map((c) => (
            <Button
              key={c}
              size="small"
              variant={credits === c ? "primary" : "secondary"}
              onClick={() => setCredits(c)}
            >
              {t(`reconciliation.credits.${c}`)}
            </Button>
          ))}
        </div>
      )}
      <SectionState
        loading={list.loading && !list.data}
        error={list.error}
        empty={
          list.data && !list.data.items.length
            ? t(
                status === "unmatched" && credits === "all"
                  ? "reconciliation.emptyAllCredits"
                  : `reconciliation.empty.${status}`
              )
            : undefined
        }
      />
      {!!list.data?.items.length && status === "unmatched" && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("reconciliation.bookDate")}</Table.HeaderCell>
              <Table.HeaderCell>{t("reconciliation.from")}</Table.HeaderCell>
              <Table.HeaderCell>{t("reconciliation.description")}</Table.HeaderCell>
              <Table.HeaderCell className="text-right">{t("reconciliation.amount")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.data.items.map((i) => (
              <Table.Row key={`credit:${i.transaction?.transaction_id}`} data-testid="tikkie-unmatched-credit">
                <Table.Cell>{day(i.date)}</Table.Cell>
                <Table.Cell>{i.transaction?.counter_party_name ?? "—"}</Table.Cell>
                <Table.Cell className="max-w-[360px] whitespace-normal">
                  {i.transaction?.description_lines.join(" · ") || t("reconciliation.noDescription")}
                </Table.Cell>
                <Table.Cell className="text-right">{money(i.amount_in_cents, i.currency)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      {!!list.data?.items.length && status !== "unmatched" && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("reconciliation.paid")}</Table.HeaderCell>
              <Table.HeaderCell>{t("reconciliation.payment")}</Table.HeaderCell>
              <Table.HeaderCell>{t("reconciliation.order")}</Table.HeaderCell>
              <Table.HeaderCell>{t("reconciliation.payout")}</Table.HeaderCell>
              <Table.HeaderCell className="text-right">{t("reconciliation.amount")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.data.items.map((i) => (
              <Table.Row
                key={`${i.kind}:${i.source}:${i.reference}:${i.transaction?.transaction_id}`}
                data-testid="tikkie-reconciliation-payment"
              >
                <Table.Cell>{day(i.date)}</Table.Cell>
                <Table.Cell>
                  <span title={i.reference ?? ""}>
                    {i.source === "fastcheckout" || i.source === "paymentrequest"
                      ? t(`reconciliation.sources.${i.source}`)
                      : i.source}
                  </span>{" "}
                  <span className="font-mono text-xs text-ui-fg-subtle">{i.reference?.slice(0, 8)}…</span>
                </Table.Cell>
                <Table.Cell>
                  {i.medusa_order_id ? (
                    <Link className="text-ui-fg-interactive" to={`/orders/${i.medusa_order_id}`}>
                      {i.medusa_order_display_id != null ? `#${i.medusa_order_display_id}` : i.medusa_order_id}
                    </Link>
                  ) : (
                    "—"
                  )}
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge color={shown.color}>
                    {i.status === "matched"
                      ? t(
                          i.matched_by === "reference"
                            ? "reconciliation.matchedByReference"
                            : "reconciliation.matchedByAmount",
                          { date: day(i.transaction?.book_date) }
                        )
                      : i.status === "mismatch"
                        ? t("reconciliation.paidOut", {
                            date: day(i.transaction?.book_date),
                            amount: money(i.transaction?.amount_in_cents ?? 0, i.currency),
                          })
                        : t("reconciliation.due", { date: day(i.due_date) })}
                  </StatusBadge>
                </Table.Cell>
                <Table.Cell className="text-right">{money(i.amount_in_cents, i.currency)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      {list.data && list.data.count > list.data.items.length && (
        <div className="px-6 py-3">
          <Text size="small" className="text-ui-fg-subtle">
            {t("reconciliation.latest", { shown: list.data.items.length, count: list.data.count })}
          </Text>
        </div>
      )}
    </Container>
  )
}
