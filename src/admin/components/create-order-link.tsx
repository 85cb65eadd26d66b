import { Button, Input, Label, Text } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch } from "../lib/admin-fetch"
import { LinkUrl } from "./link-url"
import { FieldProblem, type FieldProblems, useLinkProblemTexts } from "./link-form-problems"
import { checkLinkForm, fieldOfStoreMessage, todayInAmsterdam } from "../lib/link-form"
import type { AdminTikkieOrderPaymentLinkResponse, Json } from "../../api/types"
import { useTikkieT } from "../lib/use-tikkie-t"

type Created = Json<AdminTikkieOrderPaymentLinkResponse>["payment_link"]

/**
 * "Create Tikkie payment link" on the order page: for what the order still owes (the amount left empty)
 * or less, with an optional description and expiry date (`POST /admin/orders/:id/tikkie-payment-links`).
 * The new link's URL is shown to copy and send to the customer; the plugin's message shows when it fails.
 */
export function CreateOrderLink({ orderId, onCreated }: { orderId: string; onCreated: () => void }) {
  const { t, language } = useTikkieT()
  const problemTexts = useLinkProblemTexts()
  const [problems, setProblems] = useState<FieldProblems>({})
  const [open, setOpen] = useState(false)
  const [amount, setAmount] = useState("")
  const [description, setDescription] = useState("")
  const [expiry, setExpiry] = useState("")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [created, setCreated] = useState<Created>()

  const create = async () => {
    setError(undefined)
    // Checked here first, by Tikkie's rules, so the admin reads it at the field in euros and words.
    const checked = checkLinkForm({ amount, description, expiry, descriptionRequired: false }, language)
    const found = problemTexts(checked.problems)
    setProblems(found)
    if (Object.keys(found).length) return
    const cents = checked.cents
    setBusy(true)
    try {
      const { payment_link } = await adminFetch<Json<AdminTikkieOrderPaymentLinkResponse>>(`/admin/orders/${orderId}/tikkie-payment-links`, {
        method: "POST",
        body: {
          ...(cents !== undefined ? { amount_in_cents: cents } : {}),
          ...(description.trim() ? { description: description.trim() } : {}),
          ...(expiry ? { expiry_date: expiry } : {}),
        },
      })
      setCreated(payment_link)
      setOpen(false)
      onCreated()
    } catch (e) {
      // The store's own refusal of a field goes to that field; anything else under the form.
      const message = e instanceof Error ? e.message : String(e)
      const field = fieldOfStoreMessage(message)
      if (field) setProblems({ [field]: message })
      else setError(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="tikkie-create-order-link">
      {created && (
        <div className="flex flex-col gap-y-1" data-testid="tikkie-created-link">
          <Text size="small" weight="plus">
            {t("orderLink.linkCreated")}
          </Text>
          <LinkUrl url={created.url} qr />
        </div>
      )}
      {open ? (
        <div className="flex flex-col gap-y-2">
          <Label size="xsmall" htmlFor="tikkie-link-amount">
            {t("orderLink.amountLabel")}
          </Label>
          <Input id="tikkie-link-amount" size="small" inputMode="decimal" value={amount} aria-invalid={!!problems.amount} onChange={(e) => setAmount(e.target.value)} />
          <FieldProblem field="amount" problems={problems} />
          <Label size="xsmall" htmlFor="tikkie-link-description">
            {t("orderLink.descriptionLabel")}
          </Label>
          <Input id="tikkie-link-description" size="small" maxLength={35} value={description} aria-invalid={!!problems.description} onChange={(e) => setDescription(e.target.value)} />
          <FieldProblem field="description" problems={problems} />
          <Label size="xsmall" htmlFor="tikkie-link-expiry">
            {t("orderLink.expiryLabel")}
          </Label>
          <Input
            id="tikkie-link-expiry"
            size="small"
            type="date"
            min={todayInAmsterdam()}
            value={expiry}
            aria-invalid={!!problems.expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
          <FieldProblem field="expiry" problems={problems} />
          <div className="flex gap-x-2">
            <Button size="small" isLoading={busy} onClick={create} data-testid="tikkie-create-order-link-submit">
              {t("orderLink.create")}
            </Button>
            <Button size="small" variant="transparent" onClick={() => setOpen(false)}>
              {t("common.cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <Button size="small" variant="secondary" onClick={() => (setOpen(true), setError(undefined), setProblems({}))}>
          {t("orderLink.open")}
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
