import { Button, Container, Heading, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { adminFetch } from "../lib/admin-fetch"
import { countryLabel } from "../lib/country"
import { useAdminData } from "../lib/use-admin-data"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"
import { SectionState } from "./section-state"
import type { AdminTikkieFastCheckoutOrderListResponse, Json } from "../../api/types"

type OrdersView = Json<AdminTikkieFastCheckoutOrderListResponse>

/**
 * Fast Checkout orders whose payer gave an address in another country than the cart was taxed for, or
 * outside the shipping option's zone (docs/fast-checkout.md): both countries named, until the admin marks
 * one reviewed. `onChange` lets the page read its counts again.
 */
export function DeliveryReviewsSection({ onChange }: { onChange?: () => void }) {
  const { t, language } = useTikkieT()
  const { money } = useFormat()
  const list = useAdminData<OrdersView>("/admin/tikkie/fast-checkout-orders?delivery_review=open&limit=100")
  const [busy, setBusy] = useState<string>()
  const [error, setError] = useState<string>()
  const markReviewed = async (id: string) => {
    setBusy(id)
    setError(undefined)
    try {
      await adminFetch(`/admin/tikkie/fast-checkout-orders/${id}/delivery-reviewed`, { method: "POST", body: {} })
      list.reload()
      onChange?.()
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(undefined)
    }
  }
  return (
    <Container className="divide-y p-0" data-testid="tikkie-delivery-reviews">
      <div className="px-6 py-4">
        <Heading level="h2">{t("deliveryReview.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("deliveryReview.subtitle")}
        </Text>
        {error && (
          <Text size="small" className="text-ui-fg-error">
            {error}
          </Text>
        )}
      </div>
      <SectionState
        loading={list.loading && !list.data}
        error={list.error}
        empty={list.data && !list.data.fast_checkout_orders.length ? t("deliveryReview.empty") : undefined}
      />
      {!!list.data?.fast_checkout_orders.length && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("deliveryReview.order")}</Table.HeaderCell>
              <Table.HeaderCell>{t("deliveryReview.taxCountry")}</Table.HeaderCell>
              <Table.HeaderCell>{t("deliveryReview.payerCountry")}</Table.HeaderCell>
              <Table.HeaderCell>{t("deliveryReview.shipping")}</Table.HeaderCell>
              <Table.HeaderCell className="text-right">{t("deliveryReview.amount")}</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.data.fast_checkout_orders.map((o) => {
              const review = o.delivery_review!
              const outside = review.shipping_options_outside_zone
              return (
                <Table.Row key={o.id} data-testid="tikkie-delivery-review-row">
                  <Table.Cell>
                    {o.medusa_order_id ? (
                      <Link className="text-ui-fg-interactive" to={`/orders/${o.medusa_order_id}`}>
                        {o.medusa_order_display_id != null ? `#${o.medusa_order_display_id}` : o.medusa_order_id}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </Table.Cell>
                  <Table.Cell>{countryLabel(review.tax_country, language)}</Table.Cell>
                  <Table.Cell>{countryLabel(review.payer_country, language)}</Table.Cell>
                  <Table.Cell className="whitespace-normal">
                    {outside.length
                      ? t("deliveryReview.outsideZone", { options: outside.join(", ") })
                      : t("deliveryReview.inZone")}
                  </Table.Cell>
                  <Table.Cell className="text-right">{money(o.amount_in_cents)}</Table.Cell>
                  <Table.Cell className="text-right">
                    <Button
                      size="small"
                      variant="secondary"
                      isLoading={busy === o.id}
                      onClick={() => markReviewed(o.id)}
                    >
                      {t("deliveryReview.markReviewed")}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </Table>
      )}
    </Container>
  )
}
