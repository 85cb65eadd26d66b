import type { Logger, RefundPaymentInput, RefundPaymentOutput } from "@medusajs/framework/types"
import type { MedusaError } from "@medusajs/framework/utils"
import type { TikkieCreated, TikkieRead } from "../shared/tikkie-base-provider"
import type { PaymentRequestInput, PaymentRequestSessionData } from "./session-data"

/**
 * One version of Tikkie's payment request API behind the provider (as Medusa's Stripe provider keeps its
 * variants behind StripeBase): `v2-api.ts` (requests, payments, refunds) and `v1-api.ts` (the legacy API
 * under a stored platform and user; no refunds). The provider checks Medusa's input, chooses the adapter
 * and holds what both share (session data, statuses, cancel); the adapter makes the calls.
 */
export interface PaymentRequestApi {
  /** A payment request for exactly `amountInCents`, the session id as its reference. */
  create(request: PaymentRequestCreate): Promise<TikkieCreated<PaymentRequestSessionData>>
  /** The request and its payments read again, folded into the session data. */
  read(current: PaymentRequestSessionData): Promise<TikkieRead<PaymentRequestSessionData>>
  /** Medusa's refund of (part of) the payment. */
  refund(input: RefundPaymentInput, current: PaymentRequestSessionData): Promise<RefundPaymentOutput>
}

export interface PaymentRequestCreate {
  sessionId: string
  amountInCents: number
  /** Fitted to Tikkie's 35 characters already. */
  description: string
  /** The session input's `tikkie_payment_request`, when the plugin's route computed one. */
  input?: PaymentRequestInput
}

/** What an adapter uses of the provider: its logger, its container (the refund lock), and its one way of calling Tikkie. */
export interface PaymentRequestApiHost {
  logger: Logger
  /** The provider's own container (the payment module's), where the refund lock finds the locking module. */
  container: Record<string, unknown>
  callTikkie<T>(
    failure: string,
    call: () => Promise<T>,
    asMedusaError?: (e: unknown, what: string) => MedusaError,
    step?: "start" | "read"
  ): Promise<T>
}
