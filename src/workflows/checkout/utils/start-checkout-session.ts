import type { PaymentSessionDTO } from "@medusajs/framework/types"
import { acquireLockStep, createPaymentSessionsWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { transform, when, type WorkflowData } from "@medusajs/framework/workflows-sdk"

export interface PreparedCheckoutStart<Started> {
  reuse?: Started
  collectionId: string
  providerId: string
  customerId?: string
}

export interface CheckoutStartSpec<Input, Prepared, Started> {
  name: string
  newSessionStep: string
  prepare: (input: WorkflowData<Input>) => WorkflowData<Prepared>
  sessionData: (prepared: Prepared) => Record<string, unknown>
  record: (session: WorkflowData<PaymentSessionDTO>, prepared: WorkflowData<Prepared>) => unknown
  started: (session: PaymentSessionDTO) => Started
}

/**
 * What both checkout starts compose: one start per cart at a time (locking module), the prepare step, and
 * unless it found an open session, one made by createPaymentSessionsWorkflow and recorded.
 */
export function startCheckoutSession<
  Input extends { cartId: string },
  Prepared extends PreparedCheckoutStart<Started>,
  Started,
>(input: WorkflowData<Input>, spec: CheckoutStartSpec<Input, Prepared, Started>): WorkflowData<Started> {
  const lockKey = transform({ input }, ({ input }) => `tikkie:${spec.name}:start:${(input as Input).cartId}`)
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
  const prepared = spec.prepare(input)
  const created = when(spec.newSessionStep, { prepared }, ({ prepared }) => !(prepared as Prepared).reuse).then(() => {
    const session = createPaymentSessionsWorkflow.runAsStep({
      input: transform({ prepared }, ({ prepared: p }) => {
        const prepared = p as Prepared
        return {
          payment_collection_id: prepared.collectionId,
          provider_id: prepared.providerId,
          customer_id: prepared.customerId,
          data: spec.sessionData(prepared),
        }
      }),
    })
    spec.record(session, prepared)
    return transform({ session }, ({ session }) => spec.started(session))
  })
  const started = transform(
    { prepared, created },
    ({ prepared, created }) => ((prepared as Prepared).reuse ?? created) as Started
  )
  releaseLockStep({ key: lockKey })
  return started
}
