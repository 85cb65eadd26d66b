import { Container, Heading, StatusBadge, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { useAdminData } from "../lib/use-admin-data"
import { SectionState } from "./section-state"
import { Pager } from "./pager"
import type { AdminTikkieFastCheckoutOrderListResponse, Json } from "../../api/types"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"
import { FAST_CHECKOUT_COLORS, isFastCheckoutStatus } from "../lib/fast-checkout-status"

type OrdersView = Json<AdminTikkieFastCheckoutOrderListResponse>
const PAGE = 50

/**
 * Every Fast Checkout the store started, newest first: its status at Tikkie, the payer, and the store's
 * order ("#1") or why there is none. The work list of paid ones without an order is "Paid, no order yet";
 * this is where an admin looks one up.
 */
export function FastCheckoutOrdersSection() {
  const { t } = useTikkieT()
  const { money, dateTime } = useFormat()
  const [offset, setOffset] = useState(0)
  const list = useAdminData<OrdersView>(`/admin/tikkie/fast-checkout-orders?limit=${PAGE}&offset=${offset}`)
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
              <Table.HeaderCell>{t("fastCheckout.status")}</Table.HeaderCell>
              <Table.HeaderCell>{t("fastCheckout.payer")}</Table.HeaderCell>
              <Table.HeaderCell>{t("fastCheckout.order")}</Table.HeaderCell>
              <Table.HeaderCell className="text-right">{t("fastCheckout.amount")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.data.fast_checkout_orders.map((o) => (
              <Table.Row key={o.id} data-testid="tikkie-fast-checkout-row">
                <Table.Cell>{dateTime(o.created_at)}</Table.Cell>
                <Table.Cell>
                  <StatusBadge
                    color={isFastCheckoutStatus(o.status) ? FAST_CHECKOUT_COLORS[o.status] : "grey"}
                    title={o.order_token}
                  >
                    {isFastCheckoutStatus(o.status) ? t(`fastCheckoutStatus.${o.status}`) : o.status}
                  </StatusBadge>
                </Table.Cell>
                <Table.Cell>
                  {o.payer
                    ? [`${o.payer.firstName ?? ""} ${o.payer.lastName ?? ""}`.trim(), o.payer.email]
                        .filter(Boolean)
                        .join(" · ")
                    : "—"}
                </Table.Cell>
                <Table.Cell className="max-w-[360px] whitespace-normal">
                  {o.medusa_order_id ? (
                    <Link className="text-ui-fg-interactive" to={`/orders/${o.medusa_order_id}`}>
                      {o.medusa_order_display_id != null ? `#${o.medusa_order_display_id}` : o.medusa_order_id}
                    </Link>
                  ) : o.problem ? (
                    <span className="text-ui-fg-error">{o.problem}</span>
                  ) : (
                    "—"
                  )}
                </Table.Cell>
                <Table.Cell className="text-right">{money(o.amount_in_cents)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      {list.data && <Pager offset={offset} pageSize={PAGE} count={list.data.count} onOffset={setOffset} />}
    </Container>
  )
}
