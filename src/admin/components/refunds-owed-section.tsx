import { Badge, Button, Container, Heading, Input, StatusBadge, Text } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch } from "../lib/admin-fetch"
import { useAdminData } from "../lib/use-admin-data"
import { SectionState } from "./section-state"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"

export interface RefundOwedView {
  id: string
  order_id: string | null
  amount_in_cents: number
  currency_code: string
  payer_name: string | null
  payer_account: { iban?: string; email?: string; phone_number?: string } | null
  source: "cancel" | "return" | "claim" | "exchange" | "second_payment"
  reason: string
  status: "owed" | "refunded"
  refundable_at_tikkie: boolean
  refunded_by: string | null
  refunded_at: string | null
  bank_reference: string | null
  note: string | null
  bank_transaction_id: string | null
  created_at: string
}

export interface RefundsOwedList {
  refunds_owed: RefundOwedView[]
  count: number
}

/** "Mark refunded by bank transfer": the bank's reference of the transfer, then Medusa records the refund. */
function MarkRefunded({ refund, done }: { refund: RefundOwedView; done: () => void }) {
  const { t } = useTikkieT()
  const [reference, setReference] = useState("")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const send = async (path: string, body: unknown) => {
    setBusy(true)
    setError(undefined)
    try {
      await adminFetch(`/admin/tikkie/refunds-owed/${refund.id}/${path}`, { method: "POST", body })
      done()
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-y-2">
      <div className="flex items-center gap-x-2">
        <Input
          size="small"
          placeholder={t("refundsOwed.bankReferencePlaceholder")}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          aria-label={t("refundsOwed.bankReference")}
        />
        <Button size="small" variant="secondary" disabled={!reference.trim()} isLoading={busy} onClick={() => send("refunded", { bank_reference: reference.trim() })}>
          {t("refundsOwed.markRefunded")}
        </Button>
      </div>
      {refund.refundable_at_tikkie && (
        <Button size="small" variant="transparent" isLoading={busy} onClick={() => send("refund-at-tikkie", {})}>
          {t("refundsOwed.refundAtTikkie")}
        </Button>
      )}
      {error && (
        <Text size="xsmall" className="text-ui-fg-error">
          {error}
        </Text>
      )}
    </div>
  )
}

/** One refund owed: what, to whom, why, and either the action or who marked it refunded. */
export function RefundOwedRow({ refund, reload, showOrder }: { refund: RefundOwedView; reload: () => void; showOrder?: boolean }) {
  const { t } = useTikkieT()
  const { money, dateTime } = useFormat()
  const account = refund.payer_account
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="tikkie-refund-owed">
      <div className="flex items-center justify-between gap-x-2">
        <Text size="small" weight="plus">
          {t("refundsOwed.amountTo", { amount: money(refund.amount_in_cents, refund.currency_code), name: refund.payer_name ?? t("refundsOwed.thePayer") })}
        </Text>
        <div className="flex items-center gap-x-1">
          <Badge size="2xsmall">{t(`refundsOwed.sources.${refund.source}`)}</Badge>
          <StatusBadge color={refund.status === "owed" ? "orange" : "green"}>{refund.status === "owed" ? t("refundsOwed.owed") : t("refundsOwed.refunded")}</StatusBadge>
        </div>
      </div>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {refund.reason}
        {showOrder && refund.order_id ? t("refundsOwed.order", { order: refund.order_id }) : ""}
      </Text>
      {account && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {[account.iban && `IBAN ${account.iban}`, account.email, account.phone_number].filter(Boolean).join(" · ")}
        </Text>
      )}
      {refund.status === "owed" ? (
        <MarkRefunded refund={refund} done={reload} />
      ) : (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t("refundsOwed.refundedBy", {
            date: dateTime(refund.refunded_at),
            by: refund.refunded_by ?? "—",
            reference: refund.bank_reference ?? "—",
          })}
          {refund.bank_transaction_id ? t("refundsOwed.seenLeaving") : ""}
        </Text>
      )}
    </div>
  )
}

/**
 * The Tikkie page's list of money to pay back by bank transfer (Fast Checkout and payment requests v1
 * cannot refund; a link paid twice): still owed first, then what was refunded.
 */
export function RefundsOwedSection() {
  const { t } = useTikkieT()
  const [status, setStatus] = useState<"owed" | "refunded">("owed")
  const list = useAdminData<RefundsOwedList>(`/admin/tikkie/refunds-owed?status=${status}&limit=50`)
  return (
    <Container className="divide-y p-0" data-testid="tikkie-refunds-owed-section">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">{t("refundsOwed.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("refundsOwed.subtitle")}
          </Text>
        </div>
        <div className="flex gap-x-1">
          <Button size="small" variant={status === "owed" ? "primary" : "secondary"} onClick={() => setStatus("owed")}>
            {t("refundsOwed.owed")}
          </Button>
          <Button size="small" variant={status === "refunded" ? "primary" : "secondary"} onClick={() => setStatus("refunded")}>
            {t("refundsOwed.refunded")}
          </Button>
        </div>
      </div>
      <SectionState
        loading={list.loading && !list.data}
        error={list.error}
        empty={list.data && !list.data.refunds_owed.length ? (status === "owed" ? t("refundsOwed.emptyOwed") : t("refundsOwed.emptyRefunded")) : undefined}
      />
      {list.data?.refunds_owed.map((r) => <RefundOwedRow key={r.id} refund={r} reload={list.reload} showOrder />)}
    </Container>
  )
}
