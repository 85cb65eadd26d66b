import { MedusaError, Modules } from "@medusajs/framework/utils"

/** The ids of Medusa's refunds of the payment, read under the lock; undefined outside a Medusa app. */
export type RecordedMedusaRefunds = string[] | undefined

export interface LockedPaymentState {
  paymentId: string
  refunds: Array<{ id: string; metadata: Record<string, unknown> | null }>
}

interface RefundService {
  retrieve(
    id: string,
    config: { select: string[] }
  ): Promise<{
    id: string
    payment_id?: string | null
    note?: string | null
    metadata?: Record<string, unknown> | null
  }>
  list(
    filters: { payment_id: string },
    config: { select: string[]; order: Record<string, "ASC" | "DESC"> }
  ): Promise<Array<{ id: string; metadata?: Record<string, unknown> | null }>>
}
interface Locking {
  execute<T>(keys: string | string[], job: () => Promise<T>, args?: { timeout?: number }): Promise<T>
}

export const REFUND_LOCK_PAYMENT_MODULE_DEPENDENCIES = [Modules.LOCKING] as const

const REFUND_DECISION_WAIT_SECONDS = 60

/**
 * One refund decision per Medusa payment at a time, across instances, on every path that ends in the
 * payment module's `refundPayment`, under Medusa's locking module (the payment module's `dependencies`).
 * Refunds are read through the refund service the payment module gives its providers: it offers them no
 * public read. Every refund listed succeeded or is this one (Medusa deletes a refund its provider refused).
 */
export async function underRefundLock<T>(
  container: Record<string, unknown>,
  medusaRefundId: string | undefined,
  refund: (recorded: RecordedMedusaRefunds, locked?: LockedPaymentState) => Promise<T>
): Promise<T> {
  const refunds = registered<RefundService>(container, "refundService")
  if (!refunds || !medusaRefundId) return refund(undefined)
  const locking = registered<Locking>(container, Modules.LOCKING)
  if (!locking) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "A Tikkie refund is decided under Medusa's locking module, which the provider reaches only when the payment " +
        `module lists it: add dependencies: ${JSON.stringify(REFUND_LOCK_PAYMENT_MODULE_DEPENDENCIES)} to the payment ` +
        "module's entry in medusa-config.ts. Nothing was refunded."
    )
  }
  const mine = await refunds.retrieve(medusaRefundId, { select: ["id", "payment_id"] })
  const paymentId = mine.payment_id
  if (!paymentId) return refund(undefined)
  return locking.execute(
    `tikkie:refund-decision:payment:${paymentId}`,
    async () => {
      const rows = await refunds.list(
        { payment_id: paymentId },
        { select: ["id", "metadata", "created_at"], order: { created_at: "ASC", id: "ASC" } }
      )
      const listed = rows.map((r) => ({ id: r.id, metadata: r.metadata ?? null }))
      return refund(
        listed.map((r) => r.id),
        { paymentId, refunds: listed }
      )
    },
    { timeout: REFUND_DECISION_WAIT_SECONDS }
  )
}

export async function medusaRefundOf(
  container: Record<string, unknown>,
  medusaRefundId: string | undefined
): Promise<{ paymentId: string | null; metadata: Record<string, unknown> | null } | undefined> {
  const refunds = registered<RefundService>(container, "refundService")
  if (!refunds || !medusaRefundId) return undefined
  const r = await refunds.retrieve(medusaRefundId, { select: ["id", "payment_id", "metadata"] })
  return { paymentId: r.payment_id ?? null, metadata: r.metadata ?? null }
}

/** The note Medusa's completeCartWorkflow gives the refund its compensation makes (compensatePaymentIfNeededStep). */
export const MEDUSA_COMPLETION_FAILURE_REFUND_NOTE = "Refunded due to cart completion failure"

/**
 * Whether Medusa makes this refund because completing the cart failed. The plugin completes the paid cart
 * on its next settlement instead, so the payer keeps the order (docs/production.md, "Refunds").
 */
export async function isCompletionFailureRefund(
  container: Record<string, unknown>,
  medusaRefundId: string | undefined
): Promise<boolean> {
  const refunds = registered<RefundService>(container, "refundService")
  if (!refunds || !medusaRefundId) return false
  const r = await refunds.retrieve(medusaRefundId, { select: ["id", "note"] })
  return r.note === MEDUSA_COMPLETION_FAILURE_REFUND_NOTE
}

// An awilix cradle throws for a name nobody registered.
function registered<T>(container: Record<string, unknown>, name: string): T | undefined {
  try {
    return (container?.[name] as T | undefined) ?? undefined
  } catch {
    return undefined
  }
}
