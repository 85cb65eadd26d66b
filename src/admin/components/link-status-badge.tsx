import { StatusBadge } from "@medusajs/ui"
import { linkState, type LinkStatusInput } from "../lib/link-status"
import { useTikkieT } from "../lib/use-tikkie-t"

/** A payment link's state as Medusa's coloured status badge, in the admin's language ("Betaald", "Open"). */
export function LinkStatusBadge({ link }: { link: LinkStatusInput }) {
  const { t } = useTikkieT()
  const { state, color } = linkState(link)
  return (
    <StatusBadge color={color} data-testid="tikkie-link-status" title={link.status}>
      {t(`linkStatus.${state}`)}
    </StatusBadge>
  )
}
