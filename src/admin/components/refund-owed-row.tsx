import { Badge, Button, StatusBadge, Text } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"
import { groupedIban } from "../lib/iban"
import { IbanRequest } from "./iban-request"
import { MarkRefunded } from "./mark-refunded"
import { PayerIbanForm } from "./payer-iban-form"

/** What the admin API answers for a refund owed (GET /admin/tikkie/refunds-owed). */
export interface RefundOwedView {
  id: string
  order_id: string | null
  order_display_id: number | null
  amount_in_cents: number
  currency_code: string
  payer_name: string | null
  payer_account: {
    iban?: string
    account_holder?: string
    iban_source?: string
    email?: string
    phone_number?: string
  } | null
  source: "cancel" | "return" | "claim" | "exchange" | "second_payment" | "refund"
  reason: string
  status: "owed" | "refunded"
  refundable_at_tikkie: boolean
  iban_requested_at: string | null
  iban_requested_by_email: string | null
  iban_requested_via: "email" | "mailto" | null
  refunded_by: string | null
  refunded_by_email: string | null
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

/**
 * One refund owed: what, to whom, why, on which order; where the money goes (the payer's IBAN, or the
 * way to ask for it); then "Mark refunded" or who marked it, when and with which reference.
 */
export function RefundOwedRow({
  refund,
  reload,
  showOrder,
}: {
  refund: RefundOwedView
  reload: () => void
  showOrder?: boolean
}) {
  const { t } = useTikkieT()
  const { money, dateTime } = useFormat()
  const account = refund.payer_account
  const name = refund.payer_name ?? t("refundsOwed.thePayer")
  const owed = refund.status === "owed"
  const [changing, setChanging] = useState(false)
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="tikkie-refund-owed">
      <div className="flex items-center justify-between gap-x-2">
        <Text size="small" weight="plus">
          {t("refundsOwed.amountTo", { amount: money(refund.amount_in_cents, refund.currency_code), name })}
        </Text>
        <div className="flex items-center gap-x-1">
          <Badge size="2xsmall">{t(`refundsOwed.sources.${refund.source}`)}</Badge>
          <StatusBadge color={owed ? "orange" : "green"}>
            {owed ? t("refundsOwed.owed") : t("refundsOwed.refunded")}
          </StatusBadge>
        </div>
      </div>
      {/* The reason in the admin's language (the stored one is the log's English, shown on hover). */}
      <Text size="xsmall" className="text-ui-fg-subtle" title={refund.reason}>
        {t(
          `refundsOwed.reasons.${refund.source === "second_payment" && !refund.refundable_at_tikkie ? "second_payment_v1" : refund.source}`
        )}
        {showOrder && refund.order_id && (
          <>
            {" "}
            <Link
              to={`/orders/${refund.order_id}`}
              className="text-ui-fg-interactive hover:underline"
              data-testid="tikkie-refund-owed-order"
            >
              {refund.order_display_id != null
                ? t("refundsOwed.orderNumber", { number: refund.order_display_id })
                : refund.order_id}
            </Link>
          </>
        )}
      </Text>
      {account?.iban && !changing && (
        <div className="flex items-center justify-between gap-x-2">
          <Text size="small" data-testid="tikkie-refund-owed-iban">
            {t("refundsOwed.iban", { iban: groupedIban(account.iban) })}
            {account.account_holder ? ` ${t("refundsOwed.accountHolder", { name: account.account_holder })}` : ""}
            {account.iban_source === "payer" ? t("refundsOwed.ibanFromPayer") : ""}
          </Text>
          {/* Until the money went: the customer may send another account, or the admin typed it wrong. */}
          {owed && (
            <Button size="small" variant="transparent" onClick={() => setChanging(true)}>
              {t("refundsOwed.payerIban.change")}
            </Button>
          )}
        </div>
      )}
      {owed && account?.iban && changing && (
        <div className="flex flex-col gap-y-2 rounded-md border border-ui-border-base p-3">
          <PayerIbanForm
            refund={refund}
            initial={{ iban: groupedIban(account.iban), holder: account.account_holder ?? "" }}
            cancel={() => setChanging(false)}
            done={() => (setChanging(false), reload())}
          />
        </div>
      )}
      {account && (account.email || account.phone_number) && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {[account.email, account.phone_number].filter(Boolean).join(" · ")}
        </Text>
      )}
      {owed && !account?.iban && (
        <div
          className="flex flex-col gap-y-2 rounded-md border border-ui-border-base p-3"
          data-testid="tikkie-refund-owed-no-iban"
        >
          <Text size="xsmall">{t("refundsOwed.noIban")}</Text>
          {refund.iban_requested_at && (
            <Text size="xsmall" className="text-ui-fg-subtle" data-testid="tikkie-refund-owed-iban-asked">
              {t("refundsOwed.ibanAsked", {
                date: dateTime(refund.iban_requested_at),
                by: refund.iban_requested_by_email ?? "—",
                via: t(`refundsOwed.via.${refund.iban_requested_via ?? "email"}`),
              })}
            </Text>
          )}
          <IbanRequest refund={refund} done={reload} />
          <PayerIbanForm refund={refund} done={reload} />
        </div>
      )}
      {owed ? (
        <MarkRefunded refund={refund} done={reload} />
      ) : (
        <Text size="xsmall" className="text-ui-fg-subtle" data-testid="tikkie-refund-owed-refunded-by">
          {t("refundsOwed.refundedBy", {
            date: dateTime(refund.refunded_at),
            by: refund.refunded_by_email ?? refund.refunded_by ?? "—",
            reference: refund.bank_reference ?? "—",
          })}
          {refund.bank_transaction_id ? t("refundsOwed.seenLeaving") : ""}
        </Text>
      )}
    </div>
  )
}
