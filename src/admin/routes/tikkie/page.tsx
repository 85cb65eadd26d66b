import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Container, Heading, Tabs, Text } from "@medusajs/ui"
import { BankSection } from "../../components/bank-section"
import { FastCheckoutProblemsSection } from "../../components/fast-checkout-problems-section"
import { InvoiceLinksSection } from "../../components/invoice-links-section"
import { PaidWithoutOrderSection } from "../../components/paid-without-order-section"
import { PaymentRequestsV1Section, type V1ConnectionView } from "../../components/payment-requests-v1-section"
import { ReconciliationSection } from "../../components/reconciliation-section"
import { RefundsOwedSection } from "../../components/refunds-owed-section"
import { useAdminData } from "../../lib/use-admin-data"
import { useTikkieT } from "../../lib/use-tikkie-t"

/**
 * The plugin's page in the admin (/app/tikkie): money paid without an order yet, invoice links, bank account, reconciliation, Fast Checkout problems, refunds owed, and
 * the v1 connection when the store has a payment request provider on the legacy v1 API.
 */
const TikkiePage = () => {
  const v1 = useAdminData<V1ConnectionView>("/admin/tikkie/payment-requests/v1-connect")
  const hasV1 = !!v1.data?.v1_connection.providers.length
  const { t } = useTikkieT()
  return (
    <div className="flex flex-col gap-y-3">
      <Container className="px-6 py-4">
        <Heading level="h1">Tikkie</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("page.subtitle")}
        </Text>
      </Container>
      {/* Opens on what needs the admin first; the bank module is optional and off by default. */}
      <Tabs defaultValue="paid-without-order">
        <Tabs.List>
          <Tabs.Trigger value="paid-without-order">{t("page.tabs.paidWithoutOrder")}</Tabs.Trigger>
          <Tabs.Trigger value="invoice-links">{t("page.tabs.invoiceLinks")}</Tabs.Trigger>
          <Tabs.Trigger value="bank">{t("page.tabs.bank")}</Tabs.Trigger>
          <Tabs.Trigger value="reconciliation">{t("page.tabs.reconciliation")}</Tabs.Trigger>
          <Tabs.Trigger value="fast-checkout">{t("page.tabs.fastCheckout")}</Tabs.Trigger>
          <Tabs.Trigger value="refunds-owed">{t("page.tabs.refundsOwed")}</Tabs.Trigger>
          {hasV1 && <Tabs.Trigger value="payment-requests-v1">{t("page.tabs.paymentRequestsV1")}</Tabs.Trigger>}
        </Tabs.List>
        <div className="mt-3">
          <Tabs.Content value="paid-without-order">
            <PaidWithoutOrderSection />
          </Tabs.Content>
          <Tabs.Content value="invoice-links">
            <InvoiceLinksSection />
          </Tabs.Content>
          <Tabs.Content value="bank">
            <BankSection />
          </Tabs.Content>
          <Tabs.Content value="reconciliation">
            <ReconciliationSection />
          </Tabs.Content>
          <Tabs.Content value="fast-checkout">
            <FastCheckoutProblemsSection />
          </Tabs.Content>
          <Tabs.Content value="refunds-owed">
            <RefundsOwedSection />
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
