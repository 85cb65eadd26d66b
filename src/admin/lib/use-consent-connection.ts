import { toast, usePrompt } from "@medusajs/ui"
import { useEffect, useRef, useState } from "react"
import { adminFetch } from "./admin-fetch"
import { useTikkieT } from "./use-tikkie-t"

/** A text that starts with the thing it names ("de bankrekening ontkoppelen?") as a sentence: capital first. */
export const sentence = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1)

/** How often, and how long at most, an open consent is watched for the connection it makes. */
const CONSENT_POLL_MS = 3_000
const CONSENT_WATCH_MS = 15 * 60_000

/**
 * Connect and Disconnect of a consent-based connection (the bank account, payment requests v1): Connect
 * asks the store for a consent URL and opens it in a new tab (the bank sends the browser back to the
 * store's callback page there); Disconnect asks first, then forgets the tokens. While a consent is
 * open and the connection is not there yet, the section reads it again every few seconds and when the
 * admin comes back to this tab, so it shows "Connected" by itself once the bank sent the browser back.
 */
export function useConsentConnection(opts: {
  connectPath: string
  connectBody?: Record<string, unknown>
  disconnectPath: string
  /** What is disconnected, for the prompt and the toasts ("the bank account"), in the admin's language. */
  what: string
  disconnectDescription: string
  onChange: () => void
  /** The connection is there (stops the reading after a consent). */
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
        // The admin's language: the store's page after the bank's consent page speaks it.
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
