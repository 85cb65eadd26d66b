import { Button, Container, Heading, Text } from "@medusajs/ui"
import { useState } from "react"
import { useAdminData } from "../lib/use-admin-data"
import { SectionState } from "./section-state"
import { RefundOwedRow, type RefundsOwedList } from "./refund-owed-row"
import { useTikkieT } from "../lib/use-tikkie-t"

/**
 * The Tikkie page's list of money to pay back by bank transfer (Fast Checkout and payment requests v1
 * cannot refund; a link paid twice): still owed first, then what was refunded.
 */
export function RefundsOwedSection() {
  const { t } = useTikkieT()
  const [status, setStatus] = useState<"owed" | "refunded">("owed")
  const list = useAdminData<RefundsOwedList>(`/admin/tikkie/refunds-owed?status=${status}&limit=50`)
  return (
    <Container className="divide-y p-0" data-testid="tikkie-refunds-owed-section">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">{t("refundsOwed.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("refundsOwed.subtitle")}
          </Text>
        </div>
        <div className="flex gap-x-1">
          <Button size="small" variant={status === "owed" ? "primary" : "secondary"} onClick={() => setStatus("owed")}>
            {t("refundsOwed.owed")}
          </Button>
          <Button
            size="small"
            variant={status === "refunded" ? "primary" : "secondary"}
            onClick={() => setStatus("refunded")}
          >
            {t("refundsOwed.refunded")}
          </Button>
        </div>
      </div>
      <SectionState
        loading={list.loading && !list.data}
        error={list.error}
        empty={
          list.data && !list.data.refunds_owed.length
            ? status === "owed"
              ? t("refundsOwed.emptyOwed")
              : t("refundsOwed.emptyRefunded")
            : undefined
        }
      />
      {list.data?.refunds_owed.map((r) => (
        <RefundOwedRow key={r.id} refund={r} reload={list.reload} showOrder />
      ))}
    </Container>
  )
}
