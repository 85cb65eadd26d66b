import type { PaymentSessionDTO } from "@medusajs/framework/types"
import {
  acquireLockStep,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  refreshPaymentCollectionForCartWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import { transform, when, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { settleEarlierPaymentsForStart, type CheckoutRefusal } from "../settle-earlier-payments"
import type { ShopperLanguage } from "./shopper-messages"

export interface CheckedCheckoutStart {
  cart: { id: string }
  collection?: "create" | "refresh"
}

export interface PreparedCheckoutStart<Started> {
  reuse?: Started
  collectionId: string
  providerId: string
  customerId?: string
}

/** A start's answer: the session, or why the cart may not pay again (the route's 409). */
export type CheckoutStartResult<Started> = (Started & { refused?: undefined }) | { refused: CheckoutRefusal }

export type CreatedCollection = { id: string; amount: unknown } | undefined

export interface CheckoutStartSpec<Input, Checked, Prepared, Started> {
  /** The lock key's part (`tikkie:<name>:start:<cart>`). */
  name: string
  /** The prefix of the composed steps' names, e.g. `tikkie-fast-checkout`. */
  steps: string
  /** False when the calling workflow has settled the cart's earlier payments (the express start). */
  settleEarlier?: boolean
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
 * What both checkout starts compose: the cart's lock, the settlement of its earlier payments (a refusal skips
 * the rest), the check step, the payment collection made or refreshed by Medusa's workflows, the prepare
 * step, and unless it found an open session, one made by createPaymentSessionsWorkflow and recorded.
 */
export function startCheckoutSession<
  Input extends { cartId: string; language?: ShopperLanguage },
  Checked extends CheckedCheckoutStart,
  Prepared extends PreparedCheckoutStart<Started>,
  Started,
>(
  input: WorkflowData<Input>,
  spec: CheckoutStartSpec<Input, Checked, Prepared, Started>
): WorkflowData<CheckoutStartResult<Started>> {
  const lockKey = transform({ input }, ({ input }) => `tikkie:${spec.name}:start:${(input as Input).cartId}`)
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
  const refused =
    spec.settleEarlier === false
      ? transform({ input }, (): CheckoutRefusal | undefined => undefined)
      : settleEarlierPaymentsForStart(input, spec.steps)
  // Each later step is skipped on a refusal (Medusa's `when` does not nest), the lock's release is not.
  const checked = when(`${spec.steps}-check`, { refused }, ({ refused }) => !refused).then(() =>
    spec.check(input)
  ) as WorkflowData<Checked>
  const cartId = transform({ checked }, ({ checked }) => ({ cart_id: (checked as Checked).cart.id }))
  const created = when(`${spec.steps}-new-collection`, { checked }, ({ checked }) => {
    return (checked as Checked | undefined)?.collection === "create"
  }).then(() =>
    createPaymentCollectionForCartWorkflow
      .runAsStep({ input: cartId })
      .config({ name: `${spec.steps}-create-collection` })
  )
  when(`${spec.steps}-stale-collection`, { checked }, ({ checked }) => {
    return (checked as Checked | undefined)?.collection === "refresh"
  }).then(() => refreshPaymentCollectionForCartWorkflow.runAsStep({ input: cartId }))
  const prepared = when(`${spec.steps}-prepare`, { checked }, ({ checked }) => !!checked).then(() =>
    spec.prepare(input, checked, created as WorkflowData<CreatedCollection>)
  ) as WorkflowData<Prepared>
  const session = when(`${spec.steps}-new-session`, { prepared }, ({ prepared }) => {
    return !!prepared && !(prepared as Prepared).reuse
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
    { refused, prepared, session },
    ({ refused, prepared, session }): CheckoutStartResult<Started> =>
      refused ? { refused } : (((prepared as Prepared).reuse ?? session) as Started & { refused?: undefined })
  )
  releaseLockStep({ key: lockKey })
  return started
}
