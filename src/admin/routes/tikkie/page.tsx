import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Container, Heading, Tabs, Text } from "@medusajs/ui"
import { BankSection } from "../../components/bank-section"
import { FastCheckoutProblemsSection } from "../../components/fast-checkout-problems-section"
import { ReconciliationSection } from "../../components/reconciliation-section"

/** The plugin's page in the admin (/app/tikkie): bank account, reconciliation, Fast Checkout problems. */
const TikkiePage = () => {
  return (
    <div className="flex flex-col gap-y-3">
      <Container className="px-6 py-4">
        <Heading level="h1">Tikkie</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          ABN AMRO Tikkie payments: the bank account they are paid out to, and whether every payout arrived.
        </Text>
      </Container>
      <Tabs defaultValue="bank">
        <Tabs.List>
          <Tabs.Trigger value="bank">Bank</Tabs.Trigger>
          <Tabs.Trigger value="reconciliation">Reconciliation</Tabs.Trigger>
          <Tabs.Trigger value="fast-checkout">Fast Checkout</Tabs.Trigger>
        </Tabs.List>
        <div className="mt-3">
          <Tabs.Content value="bank">
            <BankSection />
          </Tabs.Content>
          <Tabs.Content value="reconciliation">
            <ReconciliationSection />
          </Tabs.Content>
          <Tabs.Content value="fast-checkout">
            <FastCheckoutProblemsSection />
          </Tabs.Content>
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
