import { Badge, Button, Container, Heading, Input, Label, Table, Text } from "@medusajs/ui"
import { Fragment, useState } from "react"
import { adminFetch } from "../lib/admin-fetch"
import { eurosToCents, formatCents } from "../lib/money"
import { useAdminData } from "../lib/use-admin-data"
import { LinkUrl } from "./link-url"
import { Pager } from "./pager"
import { SectionState } from "./section-state"
import type { AdminTikkiePaymentRequestListResponse, AdminTikkiePaymentRequestResponse, Json } from "../../api/types"

type InvoiceLinks = Json<AdminTikkiePaymentRequestListResponse>
type InvoiceLink = InvoiceLinks["payment_requests"][number]

const PAGE = 20

/**
 * Invoice links: Tikkie links outside Medusa's orders (a phone order, a B2B invoice), with a fixed or an
 * open amount (`POST /admin/tikkie/payment-requests`), listed newest first with paging; a row opens to
 * show its link as a QR code, its payments and refunds. Medusa's books are not touched when one is paid.
 */
export function InvoiceLinksSection() {
  const [offset, setOffset] = useState(0)
  const list = useAdminData<InvoiceLinks>(`/admin/tikkie/payment-requests?limit=${PAGE}&offset=${offset}`)
  const [opened, setOpened] = useState<string>()
  const rows = list.data?.payment_requests ?? []
  const count = list.data?.count ?? 0
  return (
    <Container className="divide-y p-0" data-testid="tikkie-invoice-links-section">
      <div className="px-6 py-4">
        <Heading level="h2">Invoice links</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Tikkie links for payments outside the store's orders. Leave the amount empty to let the payer choose it.
        </Text>
      </div>
      <CreateInvoiceLink onCreated={() => (setOffset(0), list.reload())} />
      <SectionState loading={list.loading && !list.data} error={list.error} empty={list.data && !rows.length ? "No invoice link yet." : undefined} />
      {!!rows.length && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Created</Table.HeaderCell>
              <Table.HeaderCell>Description</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Amount</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Paid</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((l) => (
              <Fragment key={l.id}>
                <Table.Row className="cursor-pointer" onClick={() => setOpened(opened === l.id ? undefined : l.id)} data-testid="tikkie-invoice-link-row">
                  <Table.Cell>{new Date(l.created_at).toLocaleString()}</Table.Cell>
                  <Table.Cell>{l.description}</Table.Cell>
                  <Table.Cell>
                    <Badge size="2xsmall">{l.cancelled_at ? "CANCELLED" : l.status}</Badge>
                  </Table.Cell>
                  <Table.Cell className="text-right">{l.amount_in_cents === null ? "open" : formatCents(l.amount_in_cents)}</Table.Cell>
                  <Table.Cell className="text-right">{formatCents(l.paid_in_cents)}</Table.Cell>
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
  return (
    <div className="flex flex-col gap-y-2 py-2" data-testid="tikkie-invoice-link-details">
      <LinkUrl url={link.url} qr />
      <Text size="xsmall" className="text-ui-fg-subtle">
        {link.reference_id ? `Reference ${link.reference_id} · ` : ""}payable until {link.expiry_date}
        {link.refunded_in_cents ? ` · refunded ${formatCents(link.refunded_in_cents)}` : ""}
      </Text>
      {link.payments.map((p) => (
        <Text key={p.paymentToken} size="xsmall">
          {formatCents(p.amountInCents)} paid {new Date(p.createdDateTime).toLocaleString()}
          {p.counterPartyName ? ` by ${p.counterPartyName}` : ""}
          {p.refunds.map((r) => ` · refund ${formatCents(r.amountInCents)} ${r.status}`).join("")}
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
  const [description, setDescription] = useState("")
  const [amount, setAmount] = useState("")
  const [reference, setReference] = useState("")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [created, setCreated] = useState<string>()
  const create = async () => {
    setError(undefined)
    const cents = eurosToCents(amount)
    if (Number.isNaN(cents)) return setError("The amount must be in euros, e.g. 12,50 (or empty: the payer chooses).")
    setBusy(true)
    try {
      const { payment_request } = await adminFetch<Json<AdminTikkiePaymentRequestResponse>>("/admin/tikkie/payment-requests", {
        method: "POST",
        body: { description: description.trim(), ...(cents !== undefined ? { amount_in_cents: cents } : {}), ...(reference.trim() ? { reference_id: reference.trim() } : {}) },
      })
      setCreated(payment_request.url)
      setDescription("")
      setAmount("")
      setReference("")
      onCreated()
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="tikkie-create-invoice-link">
      <div className="grid grid-cols-3 gap-x-2">
        <div className="flex flex-col gap-y-1">
          <Label size="xsmall" htmlFor="tikkie-invoice-description">
            Description
          </Label>
          <Input id="tikkie-invoice-description" size="small" maxLength={35} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div className="flex flex-col gap-y-1">
          <Label size="xsmall" htmlFor="tikkie-invoice-amount">
            Amount in euros (empty: open)
          </Label>
          <Input id="tikkie-invoice-amount" size="small" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </div>
        <div className="flex flex-col gap-y-1">
          <Label size="xsmall" htmlFor="tikkie-invoice-reference">
            Reference (optional)
          </Label>
          <Input id="tikkie-invoice-reference" size="small" maxLength={35} value={reference} onChange={(e) => setReference(e.target.value)} />
        </div>
      </div>
      <div>
        <Button size="small" isLoading={busy} disabled={!description.trim()} onClick={create} data-testid="tikkie-create-invoice-link-submit">
          Create invoice link
        </Button>
      </div>
      {created && (
        <div data-testid="tikkie-created-invoice-link">
          <Text size="small" weight="plus">
            Link created: send it to the payer
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
