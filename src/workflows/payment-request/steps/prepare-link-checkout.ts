import type { BigNumberInput } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { loadOpenCart } from "../../checkout/utils/load-open-cart"
import { toCents } from "../../../utils/medusa-money"
import { paymentRequestProvider } from "../utils/payment-request-providers"
import { recordSessionPaymentRequest, type SessionRecordExtra } from "../utils/record-payment-request"
import { storeNameFor } from "../utils/store-name"
import { checkoutDescription } from "../../../providers/payment-request/description"
import {
  PaymentRequestSessionDataSchema,
  type PaymentRequestInput,
} from "../../../providers/payment-request/session-data"
import { isPaymentRequestProvider } from "../../../providers/provider-keys"
import { amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { regionProvider } from "../../checkout/utils/region-provider"
import type { ShopperLanguage } from "../../checkout/utils/shopper-messages"
import { ensureV1SetupForShopper } from "../utils/v1-setup"
import { firstAcceptedLanguage, payerLanguage } from "../../utils/payer-language"

const CART_FIELDS = [
  "id",
  "currency_code",
  "completed_at",
  "total",
  "items.quantity",
  "locale",
  "shipping_address.country_code",
  "region.payment_providers.id",
  "region.payment_providers.is_enabled",
  "payment_collection.id",
  "payment_collection.amount",
  "payment_collection.payment_sessions.id",
  "payment_collection.payment_sessions.provider_id",
  "payment_collection.payment_sessions.data",
]

type LoadedCart = {
  id: string
  currency_code: string
  completed_at?: string | Date | null
  total: BigNumberInput
  items?: Array<{ quantity: BigNumberInput }> | null
  locale?: string | null
  shipping_address?: { country_code?: string | null } | null
  region?: { payment_providers?: Array<{ id: string; is_enabled?: boolean }> } | null
  payment_collection?: {
    id: string
    amount: BigNumberInput
    payment_sessions?: Array<{ id: string; provider_id: string; data: Record<string, unknown> | null }>
  } | null
}

function loadCart(container: MedusaContainer, cartId: string, language?: ShopperLanguage): Promise<LoadedCart> {
  return loadOpenCart<LoadedCart>(container, cartId, CART_FIELDS, language)
}

/** Whole units in the cart, for the description ("…, 4 items"). */
function itemCount(cart: LoadedCart): number {
  return (cart.items ?? []).reduce((n, i) => n + Math.round(toCents(i.quantity) / 100), 0)
}

export interface LinkCheckoutInput {
  cartId: string
  customerId?: string
  providerId?: string
  /** The shopper's language, for the 409s meant for them. */
  language?: ShopperLanguage
  /**
   * What the request says of the shopper's language, for the link's description at Tikkie: Medusa's
   * `req.locale` (x-medusa-locale, ?locale=) and the Accept-Language header (see payerLanguage).
   */
  locale?: string
  acceptLanguage?: string
}

export interface StartedPaymentRequest {
  paymentUrl: string
  paymentRequestToken: string
  paymentSessionId: string
}

/** What starting a link checkout needs: an open link to reuse, or what to create a session with. */
export interface PreparedLinkCheckout {
  reuse?: StartedPaymentRequest
  collectionId: string
  providerId: string
  customerId?: string
  /** Absent when an open link is reused. */
  sessionInput?: PaymentRequestInput
  extra: SessionRecordExtra
}

export interface CheckedLinkCheckout {
  cart: LoadedCart
  providerId: string
  /** What the cart's payment collection needs first. */
  collection?: "create" | "refresh"
}

export const checkLinkCheckoutStepId = "tikkie-check-link-checkout"

/** Checks the cart can be paid by link (its earlier payments are settled before, startCheckoutSession). */
export const checkLinkCheckoutStep = createStep(
  checkLinkCheckoutStepId,
  async (input: LinkCheckoutInput, { container }) => {
    const cart = await loadCart(container, input.cartId, input.language)
    const provider = regionProvider(cart, input.providerId, {
      is: isPaymentRequestProvider,
      name: "Tikkie payment request",
      notEnabled: "Tikkie payment links are not enabled in this cart's region.",
    })
    if (cart.currency_code.toLowerCase() !== "eur") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Tikkie payment requests are in EUR only; this cart is in ${cart.currency_code.toUpperCase()}.`
      )
    }
    if (!itemCount(cart))
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The cart is empty: add a product before paying with Tikkie."
      )
    const collection = !cart.payment_collection
      ? ("create" as const)
      : toCents(cart.payment_collection.amount) !== toCents(cart.total)
        ? ("refresh" as const)
        : undefined
    return new StepResponse<CheckedLinkCheckout>({ cart, providerId: provider.id, collection })
  }
)

export const prepareLinkCheckoutStepId = "tikkie-prepare-link-checkout"

/** With the collection up to date, reuses an open link for the same amount, or says what to create. */
export const prepareLinkCheckoutStep = createStep(
  prepareLinkCheckoutStepId,
  async ({ input, checked }: { input: LinkCheckoutInput; checked: CheckedLinkCheckout }, { container }) => {
    const cart = checked.collection ? await loadCart(container, checked.cart.id, input.language) : checked.cart
    const provider = { id: checked.providerId }
    const { options } = await paymentRequestProvider(container, provider.id)
    const collection = cart.payment_collection!
    const amountInCents = toCents(collection.amount)
    if (amountInCents <= 0) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Nothing to pay: the discounts cover the whole cart, so Tikkie is not needed."
      )
    }
    const extra: SessionRecordExtra = {
      kind: "checkout",
      cartId: cart.id,
      successUrl: options.successUrl,
      failureUrl: options.failureUrl,
    }

    const today = amsterdamDate(Date.now())
    const open = (collection.payment_sessions ?? []).find((s) => {
      if (s.provider_id !== provider.id) return false
      const data = PaymentRequestSessionDataSchema.safeParse(s.data)
      return (
        data.success &&
        data.data.status === "OPEN" &&
        !data.data.cancelled &&
        data.data.amountInCents === amountInCents &&
        data.data.expiryDate >= today
      )
    })
    if (open) {
      const data = PaymentRequestSessionDataSchema.parse(open.data)
      const recorded = await recordSessionPaymentRequest(
        container,
        { ...open, payment_collection_id: collection.id },
        extra
      )
      // The record hears of an expiry or a cancel first (notification, return, poll): then start afresh.
      if (!recorded || (recorded.status === "OPEN" && !recorded.cancelled_at)) {
        const reuse: StartedPaymentRequest = {
          paymentUrl: data.url,
          paymentRequestToken: data.paymentRequestToken,
          paymentSessionId: open.id,
        }
        return new StepResponse<PreparedLinkCheckout>({
          reuse,
          collectionId: collection.id,
          providerId: provider.id,
          extra,
        })
      }
    }

    const language = payerLanguage({
      locales: [input.locale, cart.locale, firstAcceptedLanguage(input.acceptLanguage)],
      countryCode: cart.shipping_address?.country_code,
    })
    const description = checkoutDescription(await storeNameFor(container, options.storeName), itemCount(cart), language)
    // v1: the request is made under the stored platform and user (set up on first use, then reused).
    const v1 =
      options.apiVersion === "v1"
        ? await ensureV1SetupForShopper(container, provider.id, "Starting the Tikkie payment (v1) failed")
        : undefined
    return new StepResponse<PreparedLinkCheckout>({
      collectionId: collection.id,
      providerId: provider.id,
      customerId: input.customerId,
      sessionInput: { description, ...(v1 ? { v1 } : {}) } as PaymentRequestInput,
      extra,
    })
  }
)
