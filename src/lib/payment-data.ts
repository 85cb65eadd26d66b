import type { IPaymentModuleService, UpdatePaymentDTO } from "@medusajs/framework/types"

/**
 * Writes a Medusa payment's `data` as given. Medusa 2.21's UpdatePaymentDTO leaves `data` out of its type,
 * while the payment module's updatePayment stores it (no provider call); typed once here instead of a
 * cast at every caller.
 */
export async function updatePaymentData(payments: IPaymentModuleService, id: string, data: Record<string, unknown>): Promise<void> {
  const update: UpdatePaymentDTO & { data: Record<string, unknown> } = { id, data }
  await payments.updatePayment(update)
}
