import type { PaymentRequestsV1Client } from "tikkie-client/payment-requests/v1"
import type { PaymentRequestsClient } from "tikkie-client/payment-requests/v2"
import type { ResolvedPaymentRequestProviderOptions } from "./options"

/**
 * What a payment request provider lends the plugin's own code through a provider call
 * (provider-call.ts): its parsed options and its clients, the same pools its sessions use, so links for
 * invoices, the notification subscription, the poll and refunds owed reach Tikkie with the credentials
 * written once, in the provider's entry.
 */
export interface PaymentRequestConnection {
  options: ResolvedPaymentRequestProviderOptions
  /** The v2 client (the app token of the options; made by every provider, also one set up for v1). */
  client: PaymentRequestsClient
  /**
   * The legacy v1 client, made on first use: a v1 provider's own, or, for a request made under v1 and
   * read after the provider was set up for v2, one with the same credentials.
   */
  v1Client(): PaymentRequestsV1Client
}
