import { Badge, Button, Container, Heading, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { formatCents } from "../lib/money"
import { useAdminData } from "../lib/use-admin-data"
import { Pager } from "./pager"
import { SectionState } from "./section-state"
import type { AdminTikkiePaidWithoutOrderListResponse, Json } from "../../api/types"

type PaidWithoutOrderView = Json<AdminTikkiePaidWithoutOrderListResponse>

const PAGE = 20
const SOURCES: Record<string, string> = { fast_checkout: "Fast Checkout", checkout: "Checkout link", order: "Order link" }

function age(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`
  return `${Math.floor(minutes / 1440)} days`
}

/**
 * Money paid at Tikkie that is not an order yet, oldest first: the poll keeps settling each; after a day it
 * shows the problem and needs a person (make the order by hand, or refund the payer).
 */
export function PaidWithoutOrderSection() {
  const [offset, setOffset] = useState(0)
  const list = useAdminData<PaidWithoutOrderView>(`/admin/tikkie/paid-without-order?limit=${PAGE}&offset=${offset}`)
  const rows = list.data?.paid_without_order ?? []
  const count = list.data?.count ?? 0
  return (
    <Container className="divide-y p-0" data-testid="tikkie-paid-without-order-section">
      <div className="flex items-start justify-between px-6 py-4">
        <div>
          <Heading level="h2">Paid, no order yet</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Paid at Tikkie but not an order in the store (yet). The plugin keeps trying; a row with a problem needs you.
          </Text>
        </div>
        <Button size="small" variant="secondary" onClick={list.reload}>
          Refresh
        </Button>
      </div>
      <SectionState loading={list.loading && !list.data} error={list.error} empty={list.data && !rows.length ? "Every Tikkie payment is an order." : undefined} />
      {!!rows.length && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Paid</Table.HeaderCell>
              <Table.HeaderCell>How</Table.HeaderCell>
              <Table.HeaderCell>Token</Table.HeaderCell>
              <Table.HeaderCell>Status</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Paid amount</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.id}>
                <Table.Cell title={new Date(r.paid_since).toLocaleString()}>{age(r.age_minutes)} ago</Table.Cell>
                <Table.Cell>{SOURCES[r.source] ?? r.source}</Table.Cell>
                <Table.Cell className="font-mono text-xs">{r.token}</Table.Cell>
                <Table.Cell className="max-w-[420px] whitespace-normal">
                  {r.problem ? (
                    <>
                      <Badge color="red" size="2xsmall">
                        needs you
                      </Badge>{" "}
                      {r.problem}
                    </>
                  ) : (
                    <Badge color="orange" size="2xsmall">
                      being settled
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell className="text-right">{formatCents(r.paid_in_cents)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      <Pager offset={offset} pageSize={PAGE} count={count} onOffset={setOffset} />
    </Container>
  )
}
