import { Badge, Button, Container, Heading, StatusBadge, Table, Tabs, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { adminFetch } from "../lib/admin-fetch"
import { formatCents } from "../lib/money"
import { useAdminData } from "../lib/use-admin-data"
import { SectionState } from "./section-state"
import type {
  AdminTikkieReconciliationListResponse,
  AdminTikkieReconciliationRunResponse,
  AdminTikkieSandboxPayoutsResponse,
  AdminTikkieSandboxPayoutsStateResponse,
  Json,
  ReconciliationStatus,
} from "../../api/types"

type Status = ReconciliationStatus
type ReconciliationView = Json<AdminTikkieReconciliationListResponse>

const STATUSES: Array<{ status: Status; label: string; empty: string; color: "green" | "blue" | "red" | "orange" }> = [
  { status: "matched", label: "Matched", empty: "No payment is matched with a payout yet.", color: "green" },
  { status: "mismatch", label: "Amount differs", empty: "Every payout by reference has the payment's amount.", color: "red" },
  { status: "pending", label: "Pending", empty: "No payment is waiting for its payout.", color: "blue" },
  { status: "overdue", label: "Overdue", empty: "No payout is overdue.", color: "red" },
  { status: "unmatched", label: "Unmatched credits", empty: "Every credit on the account is matched with a payment.", color: "orange" },
]

/**
 * Reconciliation: the plugin's payments by payout state, and credits no payment claimed, with "Run now"
 * and (sandbox only) "Book sandbox payouts".
 */
export function ReconciliationSection() {
  const [status, setStatus] = useState<Status>("matched")
  const list = useAdminData<ReconciliationView>(`/admin/tikkie/reconciliation?status=${status}&limit=50`)
  const sandbox = useAdminData<AdminTikkieSandboxPayoutsStateResponse>("/admin/tikkie/bank/sandbox-payouts")
  const [busy, setBusy] = useState<"run" | "book" | null>(null)

  const act = async (which: "run" | "book") => {
    setBusy(which)
    try {
      const out = await adminFetch<Json<AdminTikkieReconciliationRunResponse & Partial<AdminTikkieSandboxPayoutsResponse>>>(
        which === "run" ? "/admin/tikkie/reconciliation/run" : "/admin/tikkie/bank/sandbox-payouts",
        { method: "POST", body: {} }
      )
      const booked = which === "book" ? `${out.booked?.length ?? 0} payouts booked, ` : ""
      toast.success(which === "run" ? "Reconciliation ran" : "Sandbox payouts booked", {
        description: `${booked}${out.summary.transactions_stored} new transactions, ${out.summary.matched_now} payments matched`,
      })
      list.reload()
    } catch (e) {
      toast.error(which === "run" ? "Reconciliation failed" : "Booking payouts failed", { description: (e as Error).message })
    } finally {
      setBusy(null)
    }
  }

  const shown = STATUSES.find((s) => s.status === status)!
  return (
    <Container className="divide-y p-0" data-testid="tikkie-reconciliation-section">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">Reconciliation</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Did the money of each Tikkie payment reach the bank account?
          </Text>
        </div>
        <div className="flex gap-x-2">
          {sandbox.data?.enabled && (
            <Button size="small" variant="secondary" onClick={() => act("book")} isLoading={busy === "book"} disabled={!!busy}>
              Book sandbox payouts
            </Button>
          )}
          <Button size="small" onClick={() => act("run")} isLoading={busy === "run"} disabled={!!busy} data-testid="tikkie-reconcile-run">
            Run now
          </Button>
        </div>
      </div>
      <div className="px-6 py-3">
        <Tabs value={status} onValueChange={(v) => setStatus(v as Status)}>
          <Tabs.List>
            {STATUSES.map((s) => (
              <Tabs.Trigger key={s.status} value={s.status}>
                {s.label}
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
      <SectionState
        loading={list.loading && !list.data}
        error={list.error}
        empty={list.data && !list.data.items.length ? shown.empty : undefined}
      />
      {!!list.data?.items.length && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{status === "unmatched" ? "Book date" : "Paid"}</Table.HeaderCell>
              <Table.HeaderCell>Payment</Table.HeaderCell>
              <Table.HeaderCell>Order</Table.HeaderCell>
              <Table.HeaderCell>Payout</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Amount</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.data.items.map((i) => (
              <Table.Row key={`${i.kind}:${i.source}:${i.reference}:${i.transaction?.transaction_id}`}>
                <Table.Cell>{i.date}</Table.Cell>
                <Table.Cell>
                  {i.kind === "credit" ? (
                    <span title={i.transaction?.description_lines.join(" · ")}>{i.transaction?.counter_party_name ?? "Credit"}</span>
                  ) : (
                    <span className="font-mono text-xs" title={i.reference ?? ""}>
                      {i.source} {i.reference?.slice(0, 12)}…
                    </span>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {i.medusa_order_id ? (
                    <Link className="text-ui-fg-interactive" to={`/orders/${i.medusa_order_id}`}>
                      {i.medusa_order_id.slice(0, 14)}…
                    </Link>
                  ) : (
                    "—"
                  )}
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge color={shown.color}>
                    {i.status === "matched"
                      ? `${i.transaction?.book_date ?? ""} by ${i.matched_by === "reference" ? "reference" : "amount and date"}`
                      : i.status === "mismatch"
                        ? `${i.transaction?.book_date ?? ""} paid out ${formatCents(i.transaction?.amount_in_cents ?? 0, i.currency)}`
                      : i.status === "unmatched"
                        ? i.transaction?.description_lines.join(" · ") || "no description"
                        : `due ${i.due_date}`}
                  </StatusBadge>
                </Table.Cell>
                <Table.Cell className="text-right">{formatCents(i.amount_in_cents, i.currency)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      {list.data && list.data.count > list.data.items.length && (
        <div className="px-6 py-3">
          <Text size="small" className="text-ui-fg-subtle">
            The latest {list.data.items.length} of {list.data.count}.
          </Text>
        </div>
      )}
    </Container>
  )
}
