import type { PaymentSessionDTO } from "@medusajs/framework/types"
import {
  acquireLockStep,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  refreshPaymentCollectionForCartWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import { transform, when, type WorkflowData } from "@medusajs/framework/workflows-sdk"

export interface CheckedCheckoutStart {
  cart: { id: string }
  /** What the cart's payment collection needs first. */
  collection?: "create" | "refresh"
}

export interface PreparedCheckoutStart<Started> {
  reuse?: Started
  collectionId: string
  providerId: string
  customerId?: string
}

export type CreatedCollection = { id: string; amount: unknown } | undefined

export interface CheckoutStartSpec<Input, Checked, Prepared, Started> {
  /** The lock key's part (`tikkie:<name>:start:<cart>`). */
  name: string
  /** The prefix of the composed steps' names, e.g. `tikkie-fast-checkout`. */
  steps: string
  check: (input: WorkflowData<Input>) => WorkflowData<Checked>
  prepare: (
    input: WorkflowData<Input>,
    checked: WorkflowData<Checked>,
    created: WorkflowData<CreatedCollection>
  ) => WorkflowData<Prepared>
  sessionData: (prepared: Prepared) => Record<string, unknown>
  record: (session: WorkflowData<PaymentSessionDTO>, prepared: WorkflowData<Prepared>) => unknown
  started: (session: PaymentSessionDTO) => Started
}

/**
 * What both checkout starts compose: one start per cart at a time (locking module), the check step, the
 * cart's payment collection made or refreshed by Medusa's workflows, the prepare step, and unless it found
 * an open session, one made by createPaymentSessionsWorkflow and recorded.
 */
export function startCheckoutSession<
  Input extends { cartId: string },
  Checked extends CheckedCheckoutStart,
  Prepared extends PreparedCheckoutStart<Started>,
  Started,
>(input: WorkflowData<Input>, spec: CheckoutStartSpec<Input, Checked, Prepared, Started>): WorkflowData<Started> {
  const lockKey = transform({ input }, ({ input }) => `tikkie:${spec.name}:start:${(input as Input).cartId}`)
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
  const checked = spec.check(input)
  const cartId = transform({ checked }, ({ checked }) => ({ cart_id: (checked as Checked).cart.id }))
  const created = when(`${spec.steps}-new-collection`, { checked }, ({ checked }) => {
    return (checked as Checked).collection === "create"
  }).then(() =>
    createPaymentCollectionForCartWorkflow
      .runAsStep({ input: cartId })
      .config({ name: `${spec.steps}-create-collection` })
  )
  when(`${spec.steps}-stale-collection`, { checked }, ({ checked }) => {
    return (checked as Checked).collection === "refresh"
  }).then(() => refreshPaymentCollectionForCartWorkflow.runAsStep({ input: cartId }))
  const prepared = spec.prepare(input, checked, created as WorkflowData<CreatedCollection>)
  const session = when(`${spec.steps}-new-session`, { prepared }, ({ prepared }) => {
    return !(prepared as Prepared).reuse
  }).then(() => {
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
    { prepared, session },
    ({ prepared, session }) => ((prepared as Prepared).reuse ?? session) as Started
  )
  releaseLockStep({ key: lockKey })
  return started
}
