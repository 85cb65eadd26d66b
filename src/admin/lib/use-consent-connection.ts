import { toast, usePrompt } from "@medusajs/ui"
import { useEffect, useRef, useState } from "react"
import { adminFetch } from "./admin-fetch"
import { useTikkieT } from "./use-tikkie-t"

/** "de bankrekening ontkoppelen?" as a sentence: capital first. */
export const sentence = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1)

const CONSENT_POLL_MS = 3_000
const CONSENT_WATCH_MS = 15 * 60_000

/**
 * Connect opens the bank's consent in a new tab; Disconnect asks first. While a consent is open the
 * connection is read again every few seconds, so "Connected" shows by itself.
 */
export function useConsentConnection(opts: {
  connectPath: string
  connectBody?: Record<string, unknown>
  disconnectPath: string
  what: string
  disconnectDescription: string
  onChange: () => void
  connected?: boolean
}) {
  const prompt = usePrompt()
  const { t, language } = useTikkieT()
  const [busy, setBusy] = useState(false)
  const [consentUrl, setConsentUrl] = useState<string>()
  const onChange = useRef(opts.onChange)
  onChange.current = opts.onChange

  useEffect(() => {
    if (!consentUrl || opts.connected) return
    const until = Date.now() + CONSENT_WATCH_MS
    const timer = setInterval(() => (Date.now() > until ? clearInterval(timer) : onChange.current()), CONSENT_POLL_MS)
    const onFocus = () => onChange.current()
    window.addEventListener("focus", onFocus)
    return () => {
      clearInterval(timer)
      window.removeEventListener("focus", onFocus)
    }
  }, [consentUrl, opts.connected])

  const connect = async () => {
    setBusy(true)
    try {
      const started = await adminFetch<{ consent_url: string }>(opts.connectPath, {
        method: "POST",
        // The store's page after the bank's consent speaks the admin's language.
        body: { ...(opts.connectBody ?? {}), language: /^nl(?:$|[-_])/i.test(language) ? "nl" : "en" },
      })
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
      title: sentence(t("connection.disconnectTitle", { what: opts.what })),
      description: opts.disconnectDescription,
      confirmText: t("connection.disconnect"),
      cancelText: t("common.cancel"),
    })
    if (!ok) return
    setBusy(true)
    try {
      await adminFetch(opts.disconnectPath, { method: "DELETE" })
      toast.success(sentence(t("connection.disconnected", { what: opts.what })))
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
