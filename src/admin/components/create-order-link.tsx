import { Button, Text } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch } from "../lib/admin-fetch"
import { LinkUrl } from "./link-url"
import { LinkFormInput, useLinkForm } from "./link-form-input"
import type { AdminTikkieOrderPaymentLinkResponse, Json } from "../../api/types"
import { useTikkieT } from "../lib/use-tikkie-t"

type Created = Json<AdminTikkieOrderPaymentLinkResponse>["payment_link"]

/**
 * "Create Tikkie payment link" on the order page: for what the order still owes (the amount left empty)
 * or less, with an optional description and expiry date (`POST /admin/orders/:id/tikkie-payment-links`).
 * The new link's URL is shown to copy and send to the customer; the plugin's message shows when it fails.
 */
export function CreateOrderLink({ orderId, onCreated }: { orderId: string; onCreated: () => void }) {
  const { t } = useTikkieT()
  const form = useLinkForm()
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
    const checked = form.check({ amount, description, expiry, descriptionRequired: false })
    if (!checked) return
    const { cents } = checked
    setBusy(true)
    try {
      const { payment_link } = await adminFetch<Json<AdminTikkieOrderPaymentLinkResponse>>(
        `/admin/orders/${orderId}/tikkie-payment-links`,
        {
          method: "POST",
          body: {
            ...(cents !== undefined ? { amount_in_cents: cents } : {}),
            ...(description.trim() ? { description: description.trim() } : {}),
            ...(expiry ? { expiry_date: expiry } : {}),
          },
        }
      )
      setCreated(payment_link)
      setOpen(false)
      onCreated()
    } catch (e) {
      setError(form.refused(e))
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
          <LinkFormInput
            id="tikkie-link-amount"
            field="amount"
            label={t("orderLink.amountLabel")}
            problems={form.problems}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <LinkFormInput
            id="tikkie-link-description"
            field="description"
            label={t("orderLink.descriptionLabel")}
            problems={form.problems}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          <LinkFormInput
            id="tikkie-link-expiry"
            field="expiry"
            label={t("orderLink.expiryLabel")}
            problems={form.problems}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
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
        <Button size="small" variant="secondary" onClick={() => (setOpen(true), setError(undefined), form.clear())}>
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
