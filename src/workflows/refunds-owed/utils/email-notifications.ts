import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

/** The channel Medusa's e-mail providers (SendGrid, Resend, Medusa Cloud) register for. */
export const EMAIL_CHANNEL = "email"

interface NotificationProviderEntry {
  options?: { channels?: unknown }
}

interface NotificationModuleOptions {
  providers?: NotificationProviderEntry[]
  cloud?: { api_key?: string; endpoint?: string; environment_handle?: string; sandbox_handle?: string }
}

// The notification module lists its providers through no public method: this reads what its loader reads,
// its config entry (a provider on `email`, or Medusa Cloud's e-mail).
export function canSendEmail(container: MedusaContainer): boolean {
  if (!container.hasRegistration(Modules.NOTIFICATION)) return false
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const entry = (config.modules as Record<string, unknown> | undefined)?.[Modules.NOTIFICATION]
  const options =
    (typeof entry === "object" && entry ? (entry as { options?: NotificationModuleOptions }).options : undefined) ?? {}
  const viaProvider = (options.providers ?? []).some(
    (p) => Array.isArray(p?.options?.channels) && p.options.channels.includes(EMAIL_CHANNEL)
  )
  const cloud = options.cloud
  return viaProvider || (!!cloud?.api_key && !!cloud.endpoint && !!(cloud.environment_handle || cloud.sandbox_handle))
}
