import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

/** The channel Medusa's e-mail notification providers (SendGrid, Resend, Medusa Cloud) register for. */
export const EMAIL_CHANNEL = "email"

/**
 * Whether the store can send e-mail through Medusa's notification module: the module is loaded and an
 * enabled provider serves the `email` channel. The module lists its providers through no public method,
 * so this reads the table the module itself reads when it picks a provider (`notification_provider`,
 * synced from medusa-config at start). Without one, the admin gets the e-mail to open in a mail program.
 */
export async function canSendEmail(container: MedusaContainer): Promise<boolean> {
  if (!container.hasRegistration(Modules.NOTIFICATION)) return false
  try {
    const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const { rows } = await pg.raw(
      `select 1 from notification_provider where is_enabled = true and ? = any(channels) limit 1`,
      [EMAIL_CHANNEL]
    )
    return rows.length > 0
  } catch {
    // No table (the module runs elsewhere or not at all): the mail program is the way.
    return false
  }
}
