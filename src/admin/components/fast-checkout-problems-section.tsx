import { Container, Heading, Table, Text } from "@medusajs/ui"
import { formatCents } from "../lib/money"
import { useAdminData } from "../lib/use-admin-data"
import { SectionState } from "./section-state"
import type { AdminTikkieFastCheckoutOrderListResponse, Json } from "../../api/types"

type ProblemsView = Json<AdminTikkieFastCheckoutOrderListResponse>

/** Fast Checkout payments that were paid but did not become an order: refund or fulfil them by hand. */
export function FastCheckoutProblemsSection() {
  const list = useAdminData<ProblemsView>("/admin/tikkie/fast-checkout-orders?problem=true&limit=50")
  return (
    <Container className="divide-y p-0" data-testid="tikkie-fast-checkout-section">
      <div className="px-6 py-4">
        <Heading level="h2">Fast Checkout payments that need a hand</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Paid at Tikkie but not an order in the store: refund the payer by bank transfer, or make the order by hand.
        </Text>
      </div>
      <SectionState
        loading={list.loading && !list.data}
        error={list.error}
        empty={list.data && !list.data.fast_checkout_orders.length ? "No Fast Checkout payment needs a hand." : undefined}
      />
      {!!list.data?.fast_checkout_orders.length && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Created</Table.HeaderCell>
              <Table.HeaderCell>Order token</Table.HeaderCell>
              <Table.HeaderCell>Payer</Table.HeaderCell>
              <Table.HeaderCell>Problem</Table.HeaderCell>
              <Table.HeaderCell className="text-right">Amount</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.data.fast_checkout_orders.map((o) => (
              <Table.Row key={o.id}>
                <Table.Cell>{new Date(o.created_at).toLocaleString()}</Table.Cell>
                <Table.Cell className="font-mono text-xs">{o.order_token}</Table.Cell>
                <Table.Cell>
                  {o.payer ? `${o.payer.firstName ?? ""} ${o.payer.lastName ?? ""} ${o.payer.email ? `<${o.payer.email}>` : ""}` : "—"}
                </Table.Cell>
                <Table.Cell className="max-w-[360px] whitespace-normal">{o.problem}</Table.Cell>
                <Table.Cell className="text-right">{formatCents(o.amount_in_cents)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
