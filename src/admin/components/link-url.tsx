import { Copy } from "@medusajs/ui"
import { useMemo } from "react"
import { renderSVG } from "uqr"
import { useTikkieT } from "../lib/use-tikkie-t"

/**
 * A payment link's URL to open and copy, and (`qr`) as a QR code a customer at the counter or on the phone
 * scans to pay. The QR code is drawn in the browser (uqr: SVG, no network call, nothing leaves the admin).
 */
export function LinkUrl({ url, qr = false }: { url: string; qr?: boolean }) {
  const { t } = useTikkieT()
  const svg = useMemo(
    () => (qr ? `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(url, { border: 1 }))}` : undefined),
    [url, qr]
  )
  return (
    <div className="flex flex-col gap-y-2">
      <div className="flex items-center gap-x-1">
        <a className="txt-xsmall truncate text-ui-fg-interactive" href={url} target="_blank" rel="noopener noreferrer">
          {url}
        </a>
        <Copy content={url} />
      </div>
      {svg && <img src={svg} alt={t("linkUrl.qrAlt", { url })} width={160} height={160} data-testid="tikkie-link-qr" />}
    </div>
  )
}
