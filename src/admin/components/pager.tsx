import { Button, Text } from "@medusajs/ui"
import { useTikkieT } from "../lib/use-tikkie-t"

/** "21–40 of 57" with Previous and Next, for a list route's `limit`/`offset`/`count`; nothing when one page holds all. */
export function Pager({
  offset,
  pageSize,
  count,
  onOffset,
}: {
  offset: number
  pageSize: number
  count: number
  onOffset: (offset: number) => void
}) {
  const { t } = useTikkieT()
  if (count <= pageSize) return null
  return (
    <div className="flex items-center justify-between px-6 py-3">
      <Text size="small">{t("common.range", { from: offset + 1, to: Math.min(offset + pageSize, count), count })}</Text>
      <div className="flex gap-x-2">
        <Button
          size="small"
          variant="secondary"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - pageSize))}
        >
          {t("common.previous")}
        </Button>
        <Button
          size="small"
          variant="secondary"
          disabled={offset + pageSize >= count}
          onClick={() => onOffset(offset + pageSize)}
        >
          {t("common.next")}
        </Button>
      </div>
    </div>
  )
}
