import { toast, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { adminFetch } from "./admin-fetch"
import { useTikkieT } from "./use-tikkie-t"

/**
 * Connect and Disconnect of a consent-based connection (the bank account, payment requests v1): Connect
 * asks the store for a consent URL and opens it in a new tab (the bank sends the browser back to the
 * store's callback page there); Disconnect asks first, then forgets the tokens.
 */
export function useConsentConnection(opts: {
  connectPath: string
  connectBody?: Record<string, unknown>
  disconnectPath: string
  /** What is disconnected, for the prompt and the toasts ("the bank account"), in the admin's language. */
  what: string
  disconnectDescription: string
  onChange: () => void
}) {
  const prompt = usePrompt()
  const { t } = useTikkieT()
  const [busy, setBusy] = useState(false)
  const [consentUrl, setConsentUrl] = useState<string>()

  const connect = async () => {
    setBusy(true)
    try {
      const started = await adminFetch<{ consent_url: string }>(opts.connectPath, { method: "POST", body: opts.connectBody ?? {} })
      setConsentUrl(started.consent_url)
      window.open(started.consent_url, "_blank", "noopener")
    } catch (e) {
      toast.error(t("connection.couldNotStart"), { description: (e as Error).message })
    } finally {
      setBusy(false)
    }
  }

  const disconnect = async () => {
    const ok = await prompt({
      title: t("connection.disconnectTitle", { what: opts.what }),
      description: opts.disconnectDescription,
      confirmText: t("connection.disconnect"),
      cancelText: t("common.cancel"),
    })
    if (!ok) return
    setBusy(true)
    try {
      await adminFetch(opts.disconnectPath, { method: "DELETE" })
      toast.success(t("connection.disconnected", { what: opts.what }))
      setConsentUrl(undefined)
      opts.onChange()
    } catch (e) {
      toast.error(t("connection.couldNotDisconnect"), { description: (e as Error).message })
    } finally {
      setBusy(false)
    }
  }

  return { busy, consentUrl, connect, disconnect }
}
