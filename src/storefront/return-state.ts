/**
 * What a storefront page shows when the shopper comes back from Tikkie. The store's return route
 * (`/hooks/tikkie/fast-checkout/return`, `/hooks/tikkie/payment-requests/return`) settles the payment
 * first and then redirects to the provider's `successUrl` or `failureUrl` with these query parameters:
 *
 * | parameters                                   | state                |
 * |----------------------------------------------|----------------------|
 * | `order_id`                                   | `order-placed`       |
 * | `tikkie_status=PROCESSING` (`cart_id`)       | `confirming`         |
 * | `tikkie_status=PAID_NOT_COMPLETED` (`cart_id`) | `paid-not-placed`  |
 * | `tikkie_status=` any other (`cart_id`)       | `not-paid`           |
 * | none of them                                 | `none`               |
 *
 * The storefront never completes the cart itself: the store does, from Tikkie's own answer, whichever
 * comes first of the return route, Tikkie's notification and the store's poll. A page that calls cart
 * complete would race that settlement, and a cart paid at Tikkie must not be payable again.
 *
 * Browser-safe: no Node built-ins, no Medusa server code.
 */
import type { TikkieLanguage } from "./language"

/** Statuses the return routes send for a payment that is not (or not yet) paid. */
export type TikkieNotPaidStatus =
  /** Fast Checkout: the shopper left the checkout page without paying. */
  | "NEW"
  | "CANCELLED"
  | "EXPIRED"
  | "ERROR"
  /** Payment link: no payment yet ("I have paid" pressed too early). */
  | "OPEN"
  | "CLOSED"

export type TikkieReturnState =
  | { kind: "order-placed"; orderId: string }
  /** Paid; the store is still turning the cart into an order. Ask the return route again in a moment. */
  | { kind: "confirming"; cartId?: string }
  /** Paid, but the cart could not become an order (it changed, an item sold out): the shop follows up. */
  | { kind: "paid-not-placed"; cartId?: string }
  /** Nothing was charged: show the cart and let the shopper try again. Unknown statuses come as they are. */
  | { kind: "not-paid"; status: TikkieNotPaidStatus | (string & {}); cartId?: string }
  /** Not a return from Tikkie. */
  | { kind: "none" }

/** Medusa ids (`order_…`, `cart_…` and a ULID): anything else in the URL is ignored, never shown. */
const ORDER_ID = /^order_[A-Za-z0-9]{1,64}$/
const CART_ID = /^cart_[A-Za-z0-9]{1,64}$/
const STATUS = /^[A-Z_]{1,40}$/

/**
 * Reads the return parameters of a storefront URL (a `URL`, a query string, `URLSearchParams`, or the
 * object Next.js passes to a page as `searchParams`). Malformed values count as absent.
 */
export function readTikkieReturn(
  from: URL | URLSearchParams | string | Record<string, string | string[] | undefined>
): TikkieReturnState {
  const params = toParams(from)
  const orderId = params.get("order_id") ?? ""
  if (ORDER_ID.test(orderId)) return { kind: "order-placed", orderId }
  const rawCart = params.get("cart_id") ?? ""
  const cart = CART_ID.test(rawCart) ? { cartId: rawCart } : {}
  const status = (params.get("tikkie_status") ?? "").toUpperCase()
  if (!STATUS.test(status)) return { kind: "none" }
  if (status === "PROCESSING") return { kind: "confirming", ...cart }
  if (status === "PAID_NOT_COMPLETED") return { kind: "paid-not-placed", ...cart }
  return { kind: "not-paid", status, ...cart }
}

function toParams(
  from: URL | URLSearchParams | string | Record<string, string | string[] | undefined>
): URLSearchParams {
  if (from instanceof URLSearchParams) return from
  if (typeof URL !== "undefined" && from instanceof URL) return from.searchParams
  if (typeof from === "string") {
    const q = from.includes("?") ? from.slice(from.indexOf("?") + 1) : from
    return new URLSearchParams(q.split("#")[0])
  }
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(from)) {
    const first = Array.isArray(v) ? v[0] : v
    if (typeof first === "string") params.set(k, first)
  }
  return params
}

/** What to tell the shopper in each state, in Dutch or English: a storefront may use its own words per state. */
export function tikkieReturnMessage(
  state: TikkieReturnState,
  language: TikkieLanguage = "en"
): { title: string; text: string; payAgain: boolean } {
  const words = MESSAGES[language]
  switch (state.kind) {
    case "order-placed":
      return { ...words.orderPlaced, payAgain: false }
    case "confirming":
      return { ...words.confirming, payAgain: false }
    case "paid-not-placed":
      return { ...words.paidNotPlaced, payAgain: false }
    case "not-paid":
      return {
        title: words.notPaid.title,
        text: `${words.notPaidText[state.status] ?? words.unknownStatus(state.status)} ${words.notPaid.text}`,
        payAgain: true,
      }
    case "none":
      return { title: "", text: "", payAgain: true }
  }
}

type Words = { title: string; text: string }
const MESSAGES: Record<
  TikkieLanguage,
  {
    orderPlaced: Words
    confirming: Words
    paidNotPlaced: Words
    notPaid: Words
    notPaidText: Record<string, string>
    unknownStatus: (status: string) => string
  }
> = {
  en: {
    orderPlaced: { title: "Thank you for your order", text: "Tikkie has your payment and your order is placed." },
    confirming: {
      title: "Payment received: confirming your order",
      text: "Tikkie has your payment. Your order is being placed; this page updates by itself. No need to pay again.",
    },
    paidNotPlaced: {
      title: "Payment received, order not placed",
      text:
        "Tikkie received your payment, but the shop could not turn your cart into an order (for example an item sold out). " +
        "Do not pay again: the shop will contact you and refund the payment.",
    },
    notPaid: { title: "Payment not completed", text: "Your cart is still here: check it and try again." },
    notPaidText: {
      CANCELLED: "You cancelled the payment at Tikkie. Nothing was charged.",
      EXPIRED: "The Tikkie payment expired before it was completed. Nothing was charged.",
      ERROR: "Tikkie could not complete the payment. Nothing was charged.",
      NEW: "The Tikkie payment was not finished. Nothing was charged.",
      OPEN: "Tikkie has no payment for your link yet. Pay on Tikkie's page first, then press “I have paid”.",
      CLOSED: "The Tikkie link was closed before it was paid. Nothing was charged.",
    },
    unknownStatus: (status) => `Tikkie reported status ${status}. Nothing was charged.`,
  },
  nl: {
    orderPlaced: {
      title: "Bedankt voor je bestelling",
      text: "Tikkie heeft je betaling ontvangen en je bestelling is geplaatst.",
    },
    confirming: {
      title: "Betaling ontvangen: we bevestigen je bestelling",
      text: "Tikkie heeft je betaling ontvangen. Je bestelling wordt geplaatst; deze pagina werkt zichzelf bij. Je hoeft niet opnieuw te betalen.",
    },
    paidNotPlaced: {
      title: "Betaling ontvangen, bestelling niet geplaatst",
      text:
        "Tikkie heeft je betaling ontvangen, maar de winkel kon van je winkelwagen geen bestelling maken (bijvoorbeeld omdat een artikel is uitverkocht). " +
        "Betaal niet opnieuw: de winkel neemt contact met je op en betaalt het bedrag terug.",
    },
    notPaid: {
      title: "Betaling niet afgerond",
      text: "Je winkelwagen staat nog klaar: controleer hem en probeer het opnieuw.",
    },
    notPaidText: {
      CANCELLED: "Je hebt de betaling bij Tikkie geannuleerd. Er is niets afgeschreven.",
      EXPIRED: "De Tikkie-betaling is verlopen voordat hij was afgerond. Er is niets afgeschreven.",
      ERROR: "Tikkie kon de betaling niet afronden. Er is niets afgeschreven.",
      NEW: "De Tikkie-betaling is niet afgerond. Er is niets afgeschreven.",
      OPEN: "Tikkie heeft nog geen betaling voor je link. Betaal eerst op de pagina van Tikkie en druk daarna op ‘Ik heb betaald’.",
      CLOSED: "De Tikkie-link is gesloten voordat er betaald is. Er is niets afgeschreven.",
    },
    unknownStatus: (status) => `Tikkie meldde status ${status}. Er is niets afgeschreven.`,
  },
}

/** Which return route: Fast Checkout's, or the payment link's. */
export type TikkieReturnKind = "fast-checkout" | "payment-request"

const RETURN_PATHS: Record<TikkieReturnKind, string> = {
  "fast-checkout": "/hooks/tikkie/fast-checkout/return",
  "payment-request": "/hooks/tikkie/payment-requests/return",
}

/**
 * The store's return route for a payment session: navigate there (a full page load, not a fetch) to ask
 * the store again while `confirming`, or as the "I have paid" link of a payment link. It settles at once
 * and redirects to the success or failure page with fresh parameters.
 */
export function tikkieReturnRouteUrl(backendUrl: string, kind: TikkieReturnKind, paymentSessionId: string): string {
  return `${backendUrl.replace(/\/+$/, "")}${RETURN_PATHS[kind]}?session_id=${encodeURIComponent(paymentSessionId)}`
}
