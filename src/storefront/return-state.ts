/**
 * What a storefront shows when the shopper returns from Tikkie; the return routes settle first and then
 * redirect with `order_id` or `tikkie_status` + `cart_id`. The storefront never completes the cart: that
 * would race the store's own settlement. Browser-safe: no Node built-ins, no Medusa server code.
 */
import type { TikkieLanguage } from "./language"

export type TikkieNotPaidStatus = "NEW" | "CANCELLED" | "EXPIRED" | "ERROR" | "OPEN" | "CLOSED"

export type TikkieReturnState =
  | { kind: "order-placed"; orderId: string }
  /** Paid; the order is still being made: ask the return route again in a moment. */
  | { kind: "confirming"; cartId?: string }
  /** Paid, but the cart could not become an order: the shop follows up. */
  | { kind: "paid-not-placed"; cartId?: string }
  | { kind: "not-paid"; status: TikkieNotPaidStatus | (string & {}); cartId?: string }
  | { kind: "none" }

/** Anything else in the URL is ignored, never shown. */
const ORDER_ID = /^order_[A-Za-z0-9]{1,64}$/
const CART_ID = /^cart_[A-Za-z0-9]{1,64}$/
const STATUS = /^[A-Z_]{1,40}$/

/** Accepts a `URL`, a query string, `URLSearchParams` or Next.js' `searchParams`; malformed values count as absent. */
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

export type TikkieReturnKind = "fast-checkout" | "payment-request"

const RETURN_PATHS: Record<TikkieReturnKind, string> = {
  "fast-checkout": "/hooks/tikkie/fast-checkout/return",
  "payment-request": "/hooks/tikkie/payment-requests/return",
}

/** Navigate here (a full page load) to ask the store again while `confirming`; it settles and redirects. */
export function tikkieReturnRouteUrl(backendUrl: string, kind: TikkieReturnKind, paymentSessionId: string): string {
  return `${backendUrl.replace(/\/+$/, "")}${RETURN_PATHS[kind]}?session_id=${encodeURIComponent(paymentSessionId)}`
}
