import { Badge, Button, Container, Heading, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { useAdminData } from "../lib/use-admin-data"
import { Pager } from "./pager"
import { SectionState } from "./section-state"
import type { AdminTikkiePaidWithoutOrderListResponse, Json } from "../../api/types"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"

type PaidWithoutOrderView = Json<AdminTikkiePaidWithoutOrderListResponse>

const PAGE = 20
const SOURCES = ["fast_checkout", "checkout", "order"] as const

function age(minutes: number, t: ReturnType<typeof useTikkieT>["t"]): string {
  if (minutes < 60) return t("paidWithoutOrder.minutes", { count: minutes })
  if (minutes < 48 * 60) return t("paidWithoutOrder.hours", { count: Math.floor(minutes / 60) })
  return t("paidWithoutOrder.days", { count: Math.floor(minutes / 1440) })
}

/**
 * Money paid at Tikkie that is not an order yet, oldest first: the poll keeps settling each; after a day it
 * shows the problem and needs a person (make the order by hand, or refund the payer).
 */
export function PaidWithoutOrderSection() {
  const { t } = useTikkieT()
  const { money, dateTime } = useFormat()
  const [offset, setOffset] = useState(0)
  const list = useAdminData<PaidWithoutOrderView>(`/admin/tikkie/paid-without-order?limit=${PAGE}&offset=${offset}`)
  const rows = list.data?.paid_without_order ?? []
  const count = list.data?.count ?? 0
  return (
    <Container className="divide-y p-0" data-testid="tikkie-paid-without-order-section">
      <div className="flex items-start justify-between px-6 py-4">
        <div>
          <Heading level="h2">{t("paidWithoutOrder.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("paidWithoutOrder.subtitle")}
          </Text>
        </div>
        <Button size="small" variant="secondary" onClick={list.reload}>
          {t("common.refresh")}
        </Button>
      </div>
      <SectionState
        loading={list.loading && !list.data}
        error={list.error}
        empty={list.data && !rows.length ? t("paidWithoutOrder.empty") : undefined}
      />
      {!!rows.length && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("paidWithoutOrder.paid")}</Table.HeaderCell>
              <Table.HeaderCell>{t("paidWithoutOrder.how")}</Table.HeaderCell>
              <Table.HeaderCell>{t("paidWithoutOrder.token")}</Table.HeaderCell>
              <Table.HeaderCell>{t("paidWithoutOrder.status")}</Table.HeaderCell>
              <Table.HeaderCell className="text-right">{t("paidWithoutOrder.paidAmount")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.id}>
                <Table.Cell title={dateTime(r.paid_since)}>
                  {t("paidWithoutOrder.ago", { age: age(r.age_minutes, t) })}
                </Table.Cell>
                <Table.Cell>
                  {(SOURCES as readonly string[]).includes(r.source)
                    ? t(`paidWithoutOrder.sources.${r.source as (typeof SOURCES)[number]}`)
                    : r.source}
                </Table.Cell>
                <Table.Cell className="font-mono text-xs">{r.token}</Table.Cell>
                <Table.Cell className="max-w-[420px] whitespace-normal">
                  {r.problem ? (
                    <>
                      <Badge color="red" size="2xsmall">
                        {t("paidWithoutOrder.needsYou")}
                      </Badge>{" "}
                      {r.problem}
                    </>
                  ) : (
                    <Badge color="orange" size="2xsmall">
                      {t("paidWithoutOrder.beingSettled")}
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell className="text-right">{money(r.paid_in_cents)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      <Pager offset={offset} pageSize={PAGE} count={count} onOffset={setOffset} />
    </Container>
  )
}
