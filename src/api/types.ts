import type { PaginatedResponse } from "@medusajs/framework/types"
import type { ReconciliationItem, ReconciliationStatus } from "../modules/tikkie-bank/service"
import type { linkView } from "./utils/payment-request-link-view"
import type { payGrantStatus } from "./utils/v1-connection-view"
import type { V1SetupView } from "../workflows/payment-request/utils/v1-setup"
import type { reminderView } from "../workflows/payment-request/utils/payment-link-reminders"
import type { ReconcileSummary } from "../workflows/tikkie-bank/reconcile"
import type { TikkieHealth } from "../workflows/utils/tikkie-health"
import type { bankConnectionView } from "./admin/tikkie/bank/connection-view"
import type { fastCheckoutOrderView } from "./admin/tikkie/fast-checkout-orders/order-view"

/** What the plugin's routes answer; the admin reads them through `Json<…>` (a Date arrives as its ISO string). */
export type Json<T> = T extends Date
  ? string
  : T extends Array<infer U>
    ? Array<Json<U>>
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T

export type { ReconciliationItem, ReconciliationStatus }
export type TikkiePaymentLink = ReturnType<typeof linkView>
export type TikkieBankConnection = ReturnType<typeof bankConnectionView>
export type TikkieFastCheckoutOrder = ReturnType<typeof fastCheckoutOrderView>

// Store API: declared with the storefront helper that reads them (`medusa-plugin-tikkie/storefront`).
export type { StoreTikkieFastCheckoutResponse, StoreTikkiePaymentRequestResponse } from "../storefront/start-checkout"
export type {
  StoreTikkieExpressCheckoutResponse,
  StoreTikkieExpressShippingResponse,
} from "../storefront/express-checkout"

// Admin API: bank account
export interface AdminTikkieConsentResponse {
  consent_url: string
  expires_at: string
}
export interface AdminTikkieBankResponse {
  connection: TikkieBankConnection | null
  details: null | { account_number: string; currency: string; account_holder_name: string }
  balance: null | { amount_in_cents: number; currency: string; balance_type: string }
  /** What could not be read and why, in English (API clients). */
  messages: string[]
  /** The same as codes, for the admin to word in its language. */
  notices: AdminTikkieBankNotice[]
}
export type AdminTikkieBankNotice =
  | { code: "not_connected"; message: string }
  | { code: "scope_missing"; scope: "details" | "balance"; message: string }
  | { code: "needs_consent"; message: string }
  | { code: "bank_refused"; message: string }
export interface AdminTikkieBankDisconnectResponse {
  disconnected: boolean
  account_number: string | null
}
export interface AdminTikkieBankTransaction {
  transaction_id: string
  book_date: string | null
  amount_in_cents: number
  currency: string
  description_lines: string[]
  counter_party_name: string | null
  counter_party_account_number: string | null
  mutation_code: string | null
  balance_after_in_cents: number | null
}
/** Paged by the bank (`next_page_key`), not by limit/offset: the bank gives no count. */
export interface AdminTikkieBankTransactionsResponse {
  account_number: string
  transactions: AdminTikkieBankTransaction[]
  next_page_key: string | null
}
export interface AdminTikkieBankFundsResponse {
  account_number: string
  amount_in_cents: number
  currency: string
  available: boolean
}

// Admin API: the Tikkie page's counts
export interface AdminTikkieAttentionResponse {
  attention: {
    paid_without_order: number
    refunds_owed: number
    /** Fast Checkout orders whose delivery country waits for the admin's review. */
    delivery_reviews: number
    /** null: the store has no bank account feature (the tikkie-bank module's options). */
    reconciliation: { overdue: number; mismatch: number; unmatched: number } | null
  }
}

export type AdminTikkieHealthResponse = Json<TikkieHealth>
export type {
  HealthCheck as TikkieHealthCheck,
  HealthStatus as TikkieHealthStatus,
} from "../workflows/utils/health-rules"

// Admin API: reconciliation
export type AdminTikkieReconciliationListResponse = PaginatedResponse<{
  items: Array<ReconciliationItem & { medusa_order_display_id: number | null }>
  /** Every status within the dates, whatever `status` asked for. */
  counts: Record<ReconciliationStatus, number>
}>
export interface AdminTikkieReconciliationRunResponse {
  summary: ReconcileSummary
}

// Admin API: Fast Checkout
/** One payment at Tikkie that is not a Medusa order yet (GET /admin/tikkie/paid-without-order). */
export interface AdminTikkiePaidWithoutOrder {
  /** fast_checkout, or the link's kind: checkout (a cart) or order (an order's outstanding amount). */
  source: "fast_checkout" | "checkout" | "order"
  id: string
  token: string
  provider_id: string
  amount_in_cents: number | null
  paid_in_cents: number
  cart_id: string | null
  order_id: string | null
  problem: string | null
  attempts: number
  paid_since: string
  age_minutes: number
}
export type AdminTikkiePaidWithoutOrderListResponse = PaginatedResponse<{
  paid_without_order: AdminTikkiePaidWithoutOrder[]
}>
/** GET|POST /admin/orders/:id/tikkie-payment-links/:token/reminders */
export interface AdminTikkieLinkRemindersResponse {
  reminders: Awaited<ReturnType<typeof reminderView>>
}

/** POST /admin/orders/:id/tikkie-payment-links/:token/send */
export interface AdminTikkieSendPaymentLinkResponse {
  notification: { id: string; to: string; channel: string; template: string | null }
}
export interface AdminTikkieFastCheckoutOrderResponse {
  fast_checkout_order: TikkieFastCheckoutOrder
}
export type AdminTikkieFastCheckoutOrderListResponse = PaginatedResponse<{
  fast_checkout_orders: Array<TikkieFastCheckoutOrder & { medusa_order_display_id: number | null }>
}>

// Admin API: payment requests
export interface AdminTikkiePaymentRequestResponse {
  payment_request: TikkiePaymentLink
}
export type AdminTikkiePaymentRequestListResponse = PaginatedResponse<{ payment_requests: TikkiePaymentLink[] }>
export interface AdminTikkieOrderPaymentLinkResponse {
  payment_link: TikkiePaymentLink
}
export type AdminTikkieOrderPaymentLinkListResponse = PaginatedResponse<{
  payment_links: TikkiePaymentLink[]
  /** What a new link of the order may ask for: owed less what its open links ask for (integer cents). */
  new_link: {
    currency_code: string
    owed_in_cents: number
    asked_in_cents: number
    available_in_cents: number
    /** Not cancelled, in EUR, and something owed that no open link asks for. */
    allowed: boolean
  }
}>
export type { TikkieAdminErrorBody, TikkieAdminErrorCode } from "../utils/admin-error"
export interface AdminTikkieNotificationSubscriptionResponse {
  subscription: { provider_id: string; url: string; subscribed_at: string }
}
export interface AdminTikkieV1ConnectionResponse {
  v1_connection: Awaited<ReturnType<typeof payGrantStatus>>
}
export interface AdminTikkieV1DisconnectResponse {
  disconnected: boolean
}
export interface AdminTikkieV1SetupResponse {
  v1_setup: V1SetupView
}
