import { Button, Container, Heading, Label, Select, Table, Text } from "@medusajs/ui"
import { Fragment, useState } from "react"
import { adminFetch } from "../lib/admin-fetch"
import { useAdminData } from "../lib/use-admin-data"
import { LinkStatusBadge } from "./link-status-badge"
import { LinkUrl } from "./link-url"
import { LinkFormInput, useLinkForm } from "./link-form-input"
import { Pager } from "./pager"
import { SectionState } from "./section-state"
import type { AdminTikkiePaymentRequestListResponse, AdminTikkiePaymentRequestResponse, Json } from "../../api/types"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"
import { stillPayable } from "../lib/link-status"
import { amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"

type InvoiceLinks = Json<AdminTikkiePaymentRequestListResponse>
type InvoiceLink = InvoiceLinks["payment_requests"][number]

const PAGE = 20

/**
 * Invoice links: Tikkie links outside Medusa's orders (a phone order, a B2B invoice), with a fixed or an
 * open amount (`POST /admin/tikkie/payment-requests`), listed newest first with paging; a row opens to
 * show its link as a QR code, its payments and refunds. Medusa's books are not touched when one is paid.
 */
export function InvoiceLinksSection() {
  const { t } = useTikkieT()
  const { money, dateTime } = useFormat()
  const [offset, setOffset] = useState(0)
  const list = useAdminData<InvoiceLinks>(`/admin/tikkie/payment-requests?limit=${PAGE}&offset=${offset}`)
  const [opened, setOpened] = useState<string>()
  const rows = list.data?.payment_requests ?? []
  const count = list.data?.count ?? 0
  return (
    <Container className="divide-y p-0" data-testid="tikkie-invoice-links-section">
      <div className="px-6 py-4">
        <Heading level="h2">{t("invoiceLinks.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("invoiceLinks.subtitle")}
        </Text>
      </div>
      <CreateInvoiceLink onCreated={() => (setOffset(0), list.reload())} />
      <SectionState
        loading={list.loading && !list.data}
        error={list.error}
        empty={list.data && !rows.length ? t("invoiceLinks.empty") : undefined}
      />
      {!!rows.length && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("invoiceLinks.created")}</Table.HeaderCell>
              <Table.HeaderCell>{t("invoiceLinks.description")}</Table.HeaderCell>
              <Table.HeaderCell>{t("invoiceLinks.status")}</Table.HeaderCell>
              <Table.HeaderCell className="text-right">{t("invoiceLinks.amount")}</Table.HeaderCell>
              <Table.HeaderCell className="text-right">{t("invoiceLinks.paid")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((l) => (
              <Fragment key={l.id}>
                <Table.Row
                  className="cursor-pointer"
                  onClick={() => setOpened(opened === l.id ? undefined : l.id)}
                  data-testid="tikkie-invoice-link-row"
                >
                  <Table.Cell>{dateTime(l.created_at)}</Table.Cell>
                  <Table.Cell>{l.description}</Table.Cell>
                  <Table.Cell>
                    <LinkStatusBadge link={l} />
                  </Table.Cell>
                  <Table.Cell className="text-right">
                    {l.amount_in_cents === null ? t("common.open") : money(l.amount_in_cents)}
                  </Table.Cell>
                  <Table.Cell className="text-right">{money(l.paid_in_cents)}</Table.Cell>
                </Table.Row>
                {opened === l.id && (
                  <Table.Row>
                    <td colSpan={5} className="px-6">
                      <InvoiceLinkDetails link={l} />
                    </td>
                  </Table.Row>
                )}
              </Fragment>
            ))}
          </Table.Body>
        </Table>
      )}
      <Pager offset={offset} pageSize={PAGE} count={count} onOffset={setOffset} />
    </Container>
  )
}

function InvoiceLinkDetails({ link }: { link: InvoiceLink }) {
  const { t } = useTikkieT()
  const { money, dateTime, day } = useFormat()
  return (
    <div className="flex flex-col gap-y-2 py-2" data-testid="tikkie-invoice-link-details">
      <LinkUrl url={link.url} qr={stillPayable(link, amsterdamDate(Date.now()))} />
      <Text size="xsmall" className="text-ui-fg-subtle">
        {link.reference_id ? t("invoiceLinks.reference", { reference: link.reference_id }) : ""}
        {t("invoiceLinks.payableUntil", { date: day(link.expiry_date) })}
        {link.refunded_in_cents ? t("invoiceLinks.refunded", { amount: money(link.refunded_in_cents) }) : ""}
      </Text>
      {link.payer_email && (
        <Text size="xsmall" className="text-ui-fg-subtle" data-testid="tikkie-invoice-link-payer">
          {t("invoiceLinks.remindersTo", {
            email: link.payer_email,
            language: t(link.payer_language === "en" ? "invoiceLinks.languageEn" : "invoiceLinks.languageNl"),
          })}
        </Text>
      )}
      {link.payments.map((p) => (
        <Text key={p.paymentToken} size="xsmall">
          {t("invoiceLinks.paymentPaid", { amount: money(p.amountInCents), date: dateTime(p.createdDateTime) })}
          {p.counterPartyName ? t("invoiceLinks.paymentBy", { name: p.counterPartyName }) : ""}
          {p.refunds
            .map((r) => t("invoiceLinks.paymentRefund", { amount: money(r.amountInCents), status: r.status }))
            .join("")}
        </Text>
      ))}
      {link.problem && (
        <Text size="xsmall" className="text-ui-fg-error">
          {link.problem}
        </Text>
      )}
    </div>
  )
}

function CreateInvoiceLink({ onCreated }: { onCreated: () => void }) {
  const { t } = useTikkieT()
  const form = useLinkForm()
  const [description, setDescription] = useState("")
  const [amount, setAmount] = useState("")
  const [reference, setReference] = useState("")
  const [expiry, setExpiry] = useState("")
  const [payerEmail, setPayerEmail] = useState("")
  const [payerLanguage, setPayerLanguage] = useState<"nl" | "en">("nl")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [created, setCreated] = useState<string>()
  const create = async () => {
    setError(undefined)
    setCreated(undefined)
    // Checked here first, by Tikkie's rules, so the admin reads it at the field in euros and words.
    const checked = form.check({ amount, description, reference, expiry, payerEmail, descriptionRequired: true })
    if (!checked) return
    const { cents } = checked
    setBusy(true)
    try {
      const { payment_request } = await adminFetch<Json<AdminTikkiePaymentRequestResponse>>(
        "/admin/tikkie/payment-requests",
        {
          method: "POST",
          body: {
            description: description.trim(),
            ...(cents !== undefined ? { amount_in_cents: cents } : {}),
            ...(reference.trim() ? { reference_id: reference.trim() } : {}),
            ...(expiry ? { expiry_date: expiry } : {}),
            ...(payerEmail.trim() ? { payer_email: payerEmail.trim(), payer_language: payerLanguage } : {}),
          },
        }
      )
      setCreated(payment_request.url)
      setDescription("")
      setAmount("")
      setReference("")
      setExpiry("")
      setPayerEmail("")
      onCreated()
    } catch (e) {
      setError(form.refused(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="tikkie-create-invoice-link">
      <div className="grid grid-cols-2 gap-2">
        <LinkFormInput
          id="tikkie-invoice-description"
          label={t("invoiceLinks.description")}
          {...form.input("description", description, setDescription)}
        />
        <LinkFormInput
          id="tikkie-invoice-amount"
          label={t("invoiceLinks.amountLabel")}
          {...form.input("amount", amount, setAmount)}
        />
        <LinkFormInput
          id="tikkie-invoice-reference"
          label={t("invoiceLinks.referenceLabel")}
          {...form.input("reference", reference, setReference)}
        />
        <LinkFormInput
          id="tikkie-invoice-expiry"
          label={t("linkForm.expiryLabel")}
          {...form.input("expiry", expiry, setExpiry)}
        />
        <LinkFormInput
          id="tikkie-invoice-payer-email"
          field="payerEmail"
          label={t("invoiceLinks.payerEmailLabel")}
          problems={form.problems}
          value={payerEmail}
          onChange={(e) => setPayerEmail(e.target.value)}
        />
        <div className="flex flex-col gap-y-1">
          <Label size="xsmall" htmlFor="tikkie-invoice-payer-language">
            {t("invoiceLinks.payerLanguageLabel")}
          </Label>
          <Select size="small" value={payerLanguage} onValueChange={(v) => setPayerLanguage(v === "en" ? "en" : "nl")}>
            <Select.Trigger id="tikkie-invoice-payer-language">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="nl">{t("invoiceLinks.languageNl")}</Select.Item>
              <Select.Item value="en">{t("invoiceLinks.languageEn")}</Select.Item>
            </Select.Content>
          </Select>
        </div>
      </div>
      <div>
        <Button size="small" isLoading={busy} onClick={create} data-testid="tikkie-create-invoice-link-submit">
          {t("invoiceLinks.create")}
        </Button>
      </div>
      {created && (
        <div data-testid="tikkie-created-invoice-link">
          <Text size="small" weight="plus">
            {t("invoiceLinks.linkCreated")}
          </Text>
          <LinkUrl url={created} qr />
        </div>
      )}
      {error && (
        <Text size="xsmall" className="text-ui-fg-error" role="alert">
          {error}
        </Text>
      )}
    </div>
  )
}
