import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Alert, Container, Copy, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useAdminData } from "../lib/use-admin-data"
import { useReloadOnReturn } from "../lib/use-reload-on-return"
import { SectionState } from "../components/section-state"
import { CreateOrderLink, CreatedOrderLinkBlock, type CreatedOrderLink } from "../components/create-order-link"
import { useState } from "react"
import { LinkStatusBadge } from "../components/link-status-badge"
import { LinkUrl } from "../components/link-url"
import { RefundOwedRow, type RefundsOwedList } from "../components/refund-owed-row"
import { SendOrderLink } from "../components/send-order-link"
import { LinkReminders } from "../components/link-reminders"
import type { AdminTikkieOrderPaymentLinkListResponse, Json } from "../../api/types"
import { isFastCheckoutProvider, isPaymentRequestProvider } from "../../providers/provider-keys"
import { useFormat } from "../lib/use-format"
import { useTikkieT } from "../lib/use-tikkie-t"
import { FAST_CHECKOUT_COLORS, isFastCheckoutStatus } from "../lib/fast-checkout-status"
import { stillPayable } from "../lib/link-status"
import { amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { countryLabel } from "../lib/country"
import type { DeliveryReview } from "../../workflows/fast-checkout/utils/delivery-country"

interface Payer {
  companyName?: string
  firstName?: string
  lastName?: string
  email?: string
  phoneNumber?: string
  shippingAddress?: {
    street?: string
    houseNumber?: string
    addition?: string
    postalCode?: string
    city?: string
    country?: string
  }
}

interface OrderPayments {
  order: {
    status?: string
    /** `tikkie_fast_checkout.delivery_review`: the payer's address is in another country than the tax country. */
    metadata?: { tikkie_fast_checkout?: { delivery_review?: DeliveryReview | null } } | null
    /** Medusa's order summary: `pending_difference` is what the order still owes (major units). */
    summary?: { pending_difference?: number | string | null } | null
    payment_collections?: Array<{
      payments?: Array<{
        id: string
        provider_id: string
        captured_at?: string | null
        data?: { orderToken?: string; status?: string; payer?: Payer; v1?: unknown } | null
      }>
    }>
  }
}

type PaymentLinks = Json<AdminTikkieOrderPaymentLinkListResponse>

/**
 * Money Tikkie cannot give back: a captured Fast Checkout payment or payment request v1 payment. Medusa's
 * cancel dialog does not say so, so the widget does, before the admin cancels.
 */
function holdsUnrefundablePayment(order: OrderPayments["order"]): boolean {
  if (order.status === "canceled") return false
  return (order.payment_collections ?? [])
    .flatMap((c) => c.payments ?? [])
    .some(
      (p) =>
        !!p.captured_at &&
        (isFastCheckoutProvider(p.provider_id) || (isPaymentRequestProvider(p.provider_id) && !!p.data?.v1))
    )
}

/**
 * The order's Tikkie side, next to Medusa's own payment details: the Fast Checkout orderToken and payer
 * (from the payment's data, what Tikkie answered), the order's Tikkie payment links, and the refunds owed
 * on it with their "Mark refunded by bank transfer" action, and "Create Tikkie payment link" for what the
 * order still owes.
 */
const OrderTikkieWidget = ({ data: order }: { data: { id: string } }) => {
  const { t, language } = useTikkieT()
  const { money, dateTime, day } = useFormat()
  const today = amsterdamDate(Date.now())
  const [created, setCreated] = useState<CreatedOrderLink>()
  const payments = useAdminData<OrderPayments>(
    `/admin/orders/${order.id}?fields=id,status,metadata,summary,*payment_collections,*payment_collections.payments`
  )
  const deliveryReview = payments.data?.order.metadata?.tikkie_fast_checkout?.delivery_review
  const links = useAdminData<PaymentLinks>(`/admin/orders/${order.id}/tikkie-payment-links`)
  const owed = useAdminData<RefundsOwedList>(`/admin/tikkie/refunds-owed?order_id=${order.id}&limit=100`)
  // Medusa's Refund (a refund owed here), return and edit drawers close without telling the widget.
  useReloadOnReturn(() => (payments.reload(), links.reload(), owed.reload()))
  const fastCheckout = (payments.data?.order.payment_collections ?? [])
    .flatMap((c) => c.payments ?? [])
    .filter((p) => isFastCheckoutProvider(p.provider_id) && p.data?.orderToken)
  const loading = (payments.loading && !payments.data) || (links.loading && !links.data)
  const nothing =
    payments.data &&
    links.data &&
    owed.data &&
    !fastCheckout.length &&
    !links.data.payment_links.length &&
    !owed.data.refunds_owed.length

  return (
    <Container className="divide-y p-0" data-testid="tikkie-order-widget">
      <div className="px-6 py-4">
        <Heading level="h2">Tikkie</Heading>
      </div>
      <SectionState
        loading={loading}
        error={payments.error ?? links.error ?? owed.error}
        empty={nothing ? t("widget.empty") : undefined}
      />
      {payments.data && holdsUnrefundablePayment(payments.data.order) && (
        <div className="px-6 py-4">
          <Alert variant="warning" data-testid="tikkie-order-cancel-warning">
            {t("widget.cancelWarning")}
          </Alert>
        </div>
      )}
      {/* Medusa's payment badge on such an order reads "partially captured" until the refund is recorded:
          its cancel cancelled the payment collection that still holds the captured money (docs/REFUNDS-OWED.md). */}
      {payments.data?.order.status === "canceled" && owed.data?.refunds_owed.some((r) => r.status === "owed") && (
        <div className="px-6 py-4">
          <Alert variant="info" data-testid="tikkie-order-cancelled-owed-note">
            {t("widget.cancelledRefundOwed")}
          </Alert>
        </div>
      )}
      {deliveryReview && (
        <div className="px-6 py-4">
          <Alert variant="warning" data-testid="tikkie-order-delivery-review">
            {t("widget.deliveryReview", {
              taxCountry: countryLabel(deliveryReview.tax_country, language),
              payerCountry: countryLabel(deliveryReview.payer_country, language),
            })}
            {deliveryReview.shipping_options_outside_zone.length > 0 &&
              ` ${t("widget.deliveryOutsideZone", {
                options: deliveryReview.shipping_options_outside_zone.join(", "),
                payerCountry: countryLabel(deliveryReview.payer_country, language),
              })}`}
          </Alert>
        </div>
      )}
      {!!owed.data?.refunds_owed.length && (
        <div className="flex flex-col" data-testid="tikkie-order-refunds-owed">
          <div className="px-6 pt-4">
            <Text size="small" weight="plus">
              {t("widget.refundsOwed")}
            </Text>
          </div>
          {owed.data.refunds_owed.map((r) => (
            <RefundOwedRow key={r.id} refund={r} reload={() => (owed.reload(), payments.reload())} />
          ))}
        </div>
      )}
      {fastCheckout.map((p) => {
        const payer = p.data!.payer
        const a = payer?.shippingAddress
        return (
          <div key={p.id} className="flex flex-col gap-y-2 px-6 py-4" data-testid="tikkie-order-fast-checkout">
            <div className="flex items-center justify-between">
              <Text size="small" weight="plus">
                Fast Checkout
              </Text>
              {p.data!.status && (
                <StatusBadge
                  color={isFastCheckoutStatus(p.data!.status) ? FAST_CHECKOUT_COLORS[p.data!.status] : "grey"}
                  title={p.data!.status}
                >
                  {isFastCheckoutStatus(p.data!.status) ? t(`fastCheckoutStatus.${p.data!.status}`) : p.data!.status}
                </StatusBadge>
              )}
            </div>
            <div className="flex items-center gap-x-1">
              <Text size="xsmall" className="font-mono text-ui-fg-subtle">
                {p.data!.orderToken}
              </Text>
              <Copy content={p.data!.orderToken!} />
            </div>
            {payer ? (
              <Text size="small" className="text-ui-fg-subtle">
                {[payer.companyName, `${payer.firstName ?? ""} ${payer.lastName ?? ""}`.trim()]
                  .filter(Boolean)
                  .join(", ")}
                <br />
                {payer.email}
                {payer.phoneNumber ? ` · ${payer.phoneNumber}` : ""}
                {a && (
                  <>
                    <br />
                    {`${a.street ?? ""} ${a.houseNumber ?? ""}${a.addition ? ` ${a.addition}` : ""}, ${a.postalCode ?? ""} ${a.city ?? ""} (${a.country ?? ""})`}
                  </>
                )}
              </Text>
            ) : (
              <Text size="small" className="text-ui-fg-subtle">
                {t("widget.noPayer")}
              </Text>
            )}
          </div>
        )
      })}
      {!!links.data?.payment_links.length && (
        <div className="flex flex-col gap-y-3 px-6 py-4" data-testid="tikkie-order-links">
          <Text size="small" weight="plus">
            {t("widget.paymentLinks")}
          </Text>
          {links.data.payment_links.map((l) => (
            <div key={l.id} className="flex flex-col gap-y-1">
              <div className="flex items-center justify-between gap-x-2">
                <Text size="small" className="truncate" title={l.description}>
                  {l.description}
                </Text>
                <LinkStatusBadge link={l} />
              </div>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {l.amount_in_cents === null ? t("widget.openAmount") : money(l.amount_in_cents, l.currency_code)}
                {t("widget.paid", { amount: money(l.paid_in_cents, l.currency_code) })}
                {l.refunded_in_cents
                  ? t("widget.refunded", { amount: money(l.refunded_in_cents, l.currency_code) })
                  : ""}
              </Text>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("linkStatus.dates", { created: dateTime(l.created_at), until: day(l.expiry_date) })}
              </Text>
              <LinkUrl url={l.url} />
              {l.problem && (
                <Text size="xsmall" className="text-ui-fg-error">
                  {l.problem}
                </Text>
              )}
              {l.kind === "order" && l.status === "OPEN" && !l.payment_id && !l.cancelled_at && (
                <SendOrderLink orderId={order.id} paymentRequestToken={l.payment_request_token} />
              )}
              {l.kind === "order" && <LinkReminders orderId={order.id} paymentRequestToken={l.payment_request_token} />}
            </div>
          ))}
        </div>
      )}
      {/* Offered only while the order owes something no open link asks for yet (not cancelled, in EUR). */}
      {created && (
        <CreatedOrderLinkBlock
          link={created}
          payable={stillPayable(links.data?.payment_links.find((l) => l.url === created.url) ?? created, today)}
        />
      )}
      {links.data?.new_link.allowed && (
        <CreateOrderLink
          orderId={order.id}
          newLink={links.data.new_link}
          onOpen={() => setCreated(undefined)}
          onCreated={(link) => (setCreated(link), links.reload(), payments.reload())}
        />
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default OrderTikkieWidget
