import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * The keys of a Tikkie payment's `data` that the plugin writes from outside the provider: a settlement's
 * view of Tikkie's payments and refunds, and the refunds an admin marked as paid back by bank transfer.
 */
export type PluginPaymentDataKey = "payments" | "bankTransferRefunds"

/**
 * Sets one key of a Medusa payment's `data` in one UPDATE, leaving every other key as it is in the row.
 *
 * Why not the payment module's updatePayment: it replaces the whole `data`, so writing a key means
 * reading the rest first, and Medusa writes the same column from the provider's answers (a refund's
 * data, computed from what it read before the provider call) under its own locks. A settlement that read
 * before a refund committed and wrote after it dropped the refund's keys; the next refund of the same
 * amount then took that refund for one whose answer was lost, and Medusa booked two refunds for one
 * payout. One UPDATE of one key cannot drop another writer's keys. (Medusa's payment module keeps no
 * event or cache of `data` that this would skip: updatePayment of `data` calls no provider and emits
 * nothing.)
 */
export async function setPaymentDataKey(
  container: MedusaContainer,
  paymentId: string,
  key: PluginPaymentDataKey,
  value: unknown
): Promise<void> {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  await pg.raw(
    `update payment set data = jsonb_set(coalesce(data, '{}'::jsonb), array[?]::text[], ?::jsonb, true), updated_at = now() where id = ?`,
    [key, JSON.stringify(value), paymentId]
  )
}
