import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SETTLEMENT_LOCK_LEASE_SECONDS } from "../../../utils/lock-timeout"
import { mergeRefunds } from "../utils/merge-refunds"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { isPaymentRequestProvider } from "../../../providers/provider-keys"
import { PaymentRequestSessionDataSchema, type StoredPayment } from "../../../providers/payment-request/session-data"
import { recordPayments } from "../utils/record-payment-request"

export const recordLinkRefundsStepId = "tikkie-record-link-refunds"

/** What to put back; empty when nothing was written. */
type Previous = { recordId?: string; payments?: StoredPayment[] }

/**
 * Writes the refunds a Medusa payment of a payment request holds into the link's record: the provider's
 * refundPayment puts a refund it made into the payment's data, and this puts it into the record the admin
 * reads and the poll follows, without waiting for Tikkie's REFUND notification (which may never come).
 * No Tikkie call: it cannot fail for an outage. Under the request's settlement lock, so a settlement
 * writing the record at the same moment does not lose it. Undone by putting the record's payments back.
 */
export const recordLinkRefundsStep = createStep(
  recordLinkRefundsStepId,
  async (input: { paymentId: string }, { container }) => {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "payment",
      fields: ["id", "provider_id", "data"],
      filters: { id: input.paymentId },
    })
    const payment = data[0] as { provider_id?: string; data?: unknown } | undefined
    if (!payment?.provider_id || !isPaymentRequestProvider(payment.provider_id))
      return new StepResponse<{ recorded: number }, Previous>({ recorded: 0 }, {})
    const parsed = PaymentRequestSessionDataSchema.safeParse(payment.data)
    if (!parsed.success) return new StepResponse<{ recorded: number }, Previous>({ recorded: 0 }, {})
    const token = parsed.data.paymentRequestToken
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    let previous: Previous | undefined
    let recorded = 0
    await container.resolve(Modules.LOCKING).execute(
      `tikkie:payment-request:${token}`,
      async () => {
        const [record] = await tikkie.listPaymentRequests({ payment_request_token: token })
        if (!record) return
        const before = recordPayments(record)
        const merged = mergeRefunds(before, parsed.data.payments)
        if (!merged) return
        await tikkie.updatePaymentRequests({ id: record.id, payments: { items: merged } })
        previous = { recordId: record.id, payments: before }
        recorded = merged.reduce((n, p) => n + p.refunds.length, 0) - before.reduce((n, p) => n + p.refunds.length, 0)
      },
      { timeout: 30, expire: SETTLEMENT_LOCK_LEASE_SECONDS }
    )
    return new StepResponse<{ recorded: number }, Previous>({ recorded }, previous ?? {})
  },
  async (previous, { container }) => {
    if (!previous?.recordId || !previous.payments) return
    await container
      .resolve<TikkieModuleService>(TIKKIE_MODULE)
      .updatePaymentRequests({ id: previous.recordId, payments: { items: previous.payments } })
  }
)
