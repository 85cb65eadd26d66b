import { Button, Input, Label, Text, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch } from "../lib/admin-fetch"
import { storeErrorText } from "../lib/store-error"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"
import type { RefundOwedView } from "./refund-owed-row"

/**
 * "Mark refunded by bank transfer": the bank's reference of the transfer (a field wide enough to read
 * it back), a confirmation (Medusa then books the refund, which cannot be undone), then the mark. A
 * second payment on a v2 link can be refunded at Tikkie instead.
 */
export function MarkRefunded({ refund, done }: { refund: RefundOwedView; done: () => void }) {
  const { t } = useTikkieT()
  const { money } = useFormat()
  const prompt = usePrompt()
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
      setError(storeErrorText(e, { t, money }).text)
    } finally {
      setBusy(false)
    }
  }
  const markRefunded = async () => {
    const ok = await prompt({
      title: t("refundsOwed.confirmTitle", { amount: money(refund.amount_in_cents, refund.currency_code) }),
      description: t("refundsOwed.confirmDescription", { name: refund.payer_name ?? t("refundsOwed.thePayer") }),
      confirmText: t("refundsOwed.confirm"),
      cancelText: t("refundsOwed.cancel"),
    })
    if (ok) await send("refunded", { bank_reference: reference.trim() })
  }
  const inputId = `tikkie-bank-reference-${refund.id}`
  return (
    <div className="flex flex-col gap-y-2">
      <Label size="xsmall" htmlFor={inputId} className="text-ui-fg-subtle">
        {t("refundsOwed.bankReference")}
      </Label>
      <Input
        id={inputId}
        size="small"
        className="w-full"
        maxLength={140}
        placeholder={t("refundsOwed.bankReferencePlaceholder")}
        value={reference}
        onChange={(e) => setReference(e.target.value)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button size="small" variant="secondary" disabled={!reference.trim()} isLoading={busy} onClick={markRefunded}>
          {t("refundsOwed.markRefunded")}
        </Button>
        {refund.refundable_at_tikkie && (
          <Button size="small" variant="transparent" isLoading={busy} onClick={() => send("refund-at-tikkie", {})}>
            {t("refundsOwed.refundAtTikkie")}
          </Button>
        )}
      </div>
      {error && (
        <Text size="xsmall" className="text-ui-fg-error">
          {error}
        </Text>
      )}
    </div>
  )
}
