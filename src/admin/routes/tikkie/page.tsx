import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Badge, Container, Heading, Tabs, Text } from "@medusajs/ui"
import { useState } from "react"
import { BankSection } from "../../components/bank-section"
import { DeliveryReviewsSection } from "../../components/delivery-reviews-section"
import { FastCheckoutOrdersSection } from "../../components/fast-checkout-orders-section"
import { HealthCard } from "../../components/health-card"
import { InvoiceLinksSection } from "../../components/invoice-links-section"
import { PaidWithoutOrderSection } from "../../components/paid-without-order-section"
import { PaymentRequestsV1Section, type V1ConnectionView } from "../../components/payment-requests-v1-section"
import { ReconciliationSection } from "../../components/reconciliation-section"
import { RefundsOwedSection } from "../../components/refunds-owed-section"
import type { AdminTikkieAttentionResponse } from "../../../api/types"
import { useAdminData } from "../../lib/use-admin-data"
import { useTikkieT } from "../../lib/use-tikkie-t"

/** A tab's count of what needs the admin: orange while there is any, nothing when there is none. */
function NeedsYou({ count, testId }: { count: number | undefined; testId: string }) {
  const { t } = useTikkieT()
  if (!count) return null
  return (
    <Badge size="2xsmall" color="orange" className="ml-2" title={t("page.needsYou", { count })} data-testid={testId}>
      {count}
    </Badge>
  )
}

/**
 * The plugin's page in the admin (/app/tikkie): the health card (health-card.tsx), then a work list: what needs the admin (paid at Tikkie
 * with no order yet, refunds still owed, each tab with its count), then invoice links, every Fast
 * Checkout (with the deliveries to another country to review, and their count), the bank account and the reconciliation of payouts, and the v1 connection when the store
 * has a payment request provider on the legacy v1 API. The counts are read again on every tab change.
 */
const TikkiePage = () => {
  const v1 = useAdminData<V1ConnectionView>("/admin/tikkie/payment-requests/v1-connect")
  const hasV1 = !!v1.data?.v1_connection.providers.length
  const attention = useAdminData<AdminTikkieAttentionResponse>("/admin/tikkie/attention")
  const counts = attention.data?.attention
  const reconciliation = counts?.reconciliation
  const [tab, setTab] = useState("paid-without-order")
  const { t } = useTikkieT()
  return (
    <div className="flex flex-col gap-y-3">
      <Container className="px-6 py-4">
        <Heading level="h1">{t("page.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("page.subtitle")}
        </Text>
      </Container>
      <HealthCard />
      {/* Opens on what needs the admin first; the bank module is optional and off by default. */}
      <Tabs value={tab} onValueChange={(v) => (setTab(v), attention.reload())}>
        <Tabs.List>
          <Tabs.Trigger value="paid-without-order">
            {t("page.tabs.paidWithoutOrder")}
            <NeedsYou count={counts?.paid_without_order} testId="tikkie-count-paid-without-order" />
          </Tabs.Trigger>
          <Tabs.Trigger value="refunds-owed">
            {t("page.tabs.refundsOwed")}
            <NeedsYou count={counts?.refunds_owed} testId="tikkie-count-refunds-owed" />
          </Tabs.Trigger>
          <Tabs.Trigger value="invoice-links">{t("page.tabs.invoiceLinks")}</Tabs.Trigger>
          <Tabs.Trigger value="fast-checkout">
            {t("page.tabs.fastCheckout")}
            <NeedsYou count={counts?.delivery_reviews} testId="tikkie-count-delivery-reviews" />
          </Tabs.Trigger>
          <Tabs.Trigger value="bank">{t("page.tabs.bank")}</Tabs.Trigger>
          <Tabs.Trigger value="reconciliation">
            {t("page.tabs.reconciliation")}
            <NeedsYou
              count={
                reconciliation ? reconciliation.overdue + reconciliation.mismatch + reconciliation.unmatched : undefined
              }
              testId="tikkie-count-reconciliation"
            />
          </Tabs.Trigger>
          {hasV1 && <Tabs.Trigger value="payment-requests-v1">{t("page.tabs.paymentRequestsV1")}</Tabs.Trigger>}
        </Tabs.List>
        <div className="mt-3">
          <Tabs.Content value="paid-without-order">
            <PaidWithoutOrderSection />
          </Tabs.Content>
          <Tabs.Content value="refunds-owed">
            <RefundsOwedSection />
          </Tabs.Content>
          <Tabs.Content value="invoice-links">
            <InvoiceLinksSection />
          </Tabs.Content>
          <Tabs.Content value="fast-checkout" className="flex flex-col gap-y-3">
            <DeliveryReviewsSection onChange={attention.reload} />
            <FastCheckoutOrdersSection />
          </Tabs.Content>
          <Tabs.Content value="bank">
            <BankSection />
          </Tabs.Content>
          <Tabs.Content value="reconciliation">
            <ReconciliationSection />
          </Tabs.Content>
          {hasV1 && (
            <Tabs.Content value="payment-requests-v1">
              <PaymentRequestsV1Section view={v1.data} reload={v1.reload} />
            </Tabs.Content>
          )}
        </div>
      </Tabs>
    </div>
  )
}

export const config = defineRouteConfig({
  label: "Tikkie",
  icon: CreditCard,
})

export default TikkiePage
