import type { Logger, RefundPaymentInput, RefundPaymentOutput } from "@medusajs/framework/types"
import type { MedusaError } from "@medusajs/framework/utils"
import type { TikkieCreated, TikkieRead } from "../shared/tikkie-base-provider"
import type { PaymentRequestInput, PaymentRequestSessionData } from "./session-data"

/**
 * One version of Tikkie's payment request API (`v2-api.ts`, `v1-api.ts`), as Stripe's provider keeps
 * variants behind StripeBase: the provider checks input and holds what both share, the adapter calls.
 */
export interface PaymentRequestApi {
  create(request: PaymentRequestCreate): Promise<TikkieCreated<PaymentRequestSessionData>>
  read(current: PaymentRequestSessionData): Promise<TikkieRead<PaymentRequestSessionData>>
  refund(input: RefundPaymentInput, current: PaymentRequestSessionData): Promise<RefundPaymentOutput>
}

export interface PaymentRequestCreate {
  sessionId: string
  amountInCents: number
  description: string
  input?: PaymentRequestInput
}

export interface PaymentRequestApiHost {
  logger: Logger
  /** The payment module's container, where the refund lock finds the locking module. */
  container: Record<string, unknown>
  callTikkie<T>(
    failure: string,
    call: () => Promise<T>,
    asMedusaError?: (e: unknown, what: string) => MedusaError,
    step?: "start" | "read"
  ): Promise<T>
}
