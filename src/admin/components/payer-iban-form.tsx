import { Button, Input, Label, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch } from "../lib/admin-fetch"
import { validIban } from "../lib/iban"
import { storeErrorText } from "../lib/store-error"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"
import type { RefundOwedView } from "./refund-owed-row"

/** The shape of an IBAN, no real account (the shop's own one read as if it were the customer's). */
const IBAN_PLACEHOLDER = "NL00 BANK 0123 4567 89"

/**
 * The IBAN the customer sent back, kept with the refund owed so the transfer goes to it (and the
 * reconciliation can match it). Checked here first and again by the store (ibantools: country, length,
 * check digits); either refusal is shown at the field in the admin's words.
 */
export function PayerIbanForm({
  refund,
  done,
  initial,
  cancel,
}: {
  refund: RefundOwedView
  done: () => void
  /** The account kept so far, when the admin changes it. */
  initial?: { iban: string; holder: string }
  cancel?: () => void
}) {
  const { t } = useTikkieT()
  const { money } = useFormat()
  const [iban, setIban] = useState(initial?.iban ?? "")
  const [holder, setHolder] = useState(initial?.holder ?? "")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const save = async () => {
    const checked = validIban(iban)
    if (!checked) return setError(t("refundsOwed.payerIban.invalid"))
    setBusy(true)
    setError(undefined)
    try {
      await adminFetch(`/admin/tikkie/refunds-owed/${refund.id}/payer-account`, {
        method: "POST",
        body: { iban: checked, ...(holder.trim() ? { account_holder: holder.trim() } : {}) },
      })
      toast.success(t("refundsOwed.payerIban.saved"))
      done()
    } catch (e) {
      const message = (e as Error).message
      if (/not a valid IBAN/.test(message)) setError(t("refundsOwed.payerIban.invalid"))
      else toast.error(t("refundsOwed.payerIban.failed"), { description: storeErrorText(e, { t, money }).text })
    } finally {
      setBusy(false)
    }
  }
  const ibanId = `tikkie-payer-iban-${refund.id}`
  const holderId = `tikkie-payer-holder-${refund.id}`
  return (
    <div className="grid grid-cols-1 gap-2 md:grid-cols-2">
      <div className="flex flex-col gap-y-1">
        <Label size="xsmall" htmlFor={ibanId}>
          {t("refundsOwed.payerIban.label")}
        </Label>
        <Input
          id={ibanId}
          size="small"
          maxLength={42}
          placeholder={IBAN_PLACEHOLDER}
          value={iban}
          aria-invalid={!!error}
          onChange={(e) => setIban(e.target.value)}
        />
        {error && (
          <Text size="xsmall" className="text-ui-fg-error" data-testid="tikkie-payer-iban-error">
            {error}
          </Text>
        )}
      </div>
      <div className="flex flex-col gap-y-1">
        <Label size="xsmall" htmlFor={holderId}>
          {t("refundsOwed.payerIban.holder")}
        </Label>
        <Input id={holderId} size="small" maxLength={70} value={holder} onChange={(e) => setHolder(e.target.value)} />
      </div>
      <div className="flex gap-x-2">
        <Button
          size="small"
          variant="secondary"
          className="self-start"
          disabled={!iban.trim()}
          isLoading={busy}
          onClick={save}
        >
          {t("refundsOwed.payerIban.save")}
        </Button>
        {cancel && (
          <Button size="small" variant="transparent" onClick={cancel}>
            {t("common.cancel")}
          </Button>
        )}
      </div>
    </div>
  )
}
