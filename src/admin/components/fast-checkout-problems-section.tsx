import { Container, Heading, Table, Text } from "@medusajs/ui"
import { useAdminData } from "../lib/use-admin-data"
import { SectionState } from "./section-state"
import type { AdminTikkieFastCheckoutOrderListResponse, Json } from "../../api/types"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"

type ProblemsView = Json<AdminTikkieFastCheckoutOrderListResponse>

/** Fast Checkout payments that were paid but did not become an order: refund or fulfil them by hand. */
export function FastCheckoutProblemsSection() {
  const { t } = useTikkieT()
  const { money, dateTime } = useFormat()
  const list = useAdminData<ProblemsView>("/admin/tikkie/fast-checkout-orders?problem=true&limit=50")
  return (
    <Container className="divide-y p-0" data-testid="tikkie-fast-checkout-section">
      <div className="px-6 py-4">
        <Heading level="h2">{t("fastCheckout.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("fastCheckout.subtitle")}
        </Text>
      </div>
      <SectionState
        loading={list.loading && !list.data}
        error={list.error}
        empty={list.data && !list.data.fast_checkout_orders.length ? t("fastCheckout.empty") : undefined}
      />
      {!!list.data?.fast_checkout_orders.length && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("fastCheckout.created")}</Table.HeaderCell>
              <Table.HeaderCell>{t("fastCheckout.orderToken")}</Table.HeaderCell>
              <Table.HeaderCell>{t("fastCheckout.payer")}</Table.HeaderCell>
              <Table.HeaderCell>{t("fastCheckout.problem")}</Table.HeaderCell>
              <Table.HeaderCell className="text-right">{t("fastCheckout.amount")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.data.fast_checkout_orders.map((o) => (
              <Table.Row key={o.id}>
                <Table.Cell>{dateTime(o.created_at)}</Table.Cell>
                <Table.Cell className="font-mono text-xs">{o.order_token}</Table.Cell>
                <Table.Cell>
                  {o.payer ? `${o.payer.firstName ?? ""} ${o.payer.lastName ?? ""} ${o.payer.email ? `<${o.payer.email}>` : ""}` : "—"}
                </Table.Cell>
                <Table.Cell className="max-w-[360px] whitespace-normal">{o.problem}</Table.Cell>
                <Table.Cell className="text-right">{money(o.amount_in_cents)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
