import { Button, Text } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch } from "../lib/admin-fetch"
import { LinkFormInput, useLinkForm } from "./link-form-input"
import { LinkUrl } from "./link-url"
import type {
  AdminTikkieOrderPaymentLinkListResponse,
  AdminTikkieOrderPaymentLinkResponse,
  Json,
} from "../../api/types"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"

export type CreatedOrderLink = Json<AdminTikkieOrderPaymentLinkResponse>["payment_link"]
type Created = CreatedOrderLink
type NewLink = Json<AdminTikkieOrderPaymentLinkListResponse>["new_link"]

/**
 * "Create Tikkie payment link" on the order page: for what the order still owes (the amount left empty)
 * or less, with an optional description and expiry date (`POST /admin/orders/:id/tikkie-payment-links`).
 * The form says what a new link may ask for (what the order owes less what its open links ask for). The
 * widget shows the new link (CreatedOrderLinkBlock); a refusal shows in the admin's words.
 */
export function CreateOrderLink({
  orderId,
  newLink,
  onOpen,
  onCreated,
}: {
  orderId: string
  /** What a new link may ask for; undefined while the widget reads it. */
  newLink?: NewLink
  /** The form opens or is sent again: the widget drops the block of the link made before. */
  onOpen: () => void
  onCreated: (link: Created) => void
}) {
  const { t } = useTikkieT()
  const { money } = useFormat()
  const form = useLinkForm()
  const [open, setOpen] = useState(false)
  const [amount, setAmount] = useState("")
  const [description, setDescription] = useState("")
  const [expiry, setExpiry] = useState("")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const create = async () => {
    setError(undefined)
    onOpen()
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
      setOpen(false)
      setAmount("")
      setDescription("")
      setExpiry("")
      onCreated(payment_link)
    } catch (e) {
      setError(form.refused(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="tikkie-create-order-link">
      {open ? (
        <div className="flex flex-col gap-y-2">
          {newLink && (
            <Text size="small" className="text-ui-fg-subtle" data-testid="tikkie-order-link-available">
              {newLink.asked_in_cents > 0
                ? t("orderLink.availableWithLinks", {
                    available: money(newLink.available_in_cents, newLink.currency_code),
                    asked: money(newLink.asked_in_cents, newLink.currency_code),
                    owed: money(newLink.owed_in_cents, newLink.currency_code),
                  })
                : t("orderLink.available", { available: money(newLink.available_in_cents, newLink.currency_code) })}
            </Text>
          )}
          <LinkFormInput
            id="tikkie-link-amount"
            label={t("orderLink.amountLabel")}
            {...form.input("amount", amount, setAmount)}
          />
          <LinkFormInput
            id="tikkie-link-description"
            label={t("orderLink.descriptionLabel")}
            {...form.input("description", description, setDescription)}
          />
          <LinkFormInput
            id="tikkie-link-expiry"
            label={t("orderLink.expiryLabel")}
            {...form.input("expiry", expiry, setExpiry)}
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
        <Button
          size="small"
          variant="secondary"
          onClick={() => (setOpen(true), setError(undefined), onOpen(), form.clear())}
        >
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

/**
 * The link just made, to copy and send to the customer, with its QR code while it can be paid. Kept by the
 * widget, so it stays when the form goes (the link may ask for all that was owed).
 */
export function CreatedOrderLinkBlock({ link, payable }: { link: Created; payable: boolean }) {
  const { t } = useTikkieT()
  return (
    <div className="flex flex-col gap-y-1 px-6 py-4" data-testid="tikkie-created-link">
      <Text size="small" weight="plus">
        {t("orderLink.linkCreated")}
      </Text>
      <LinkUrl url={link.url} qr={payable} />
    </div>
  )
}
