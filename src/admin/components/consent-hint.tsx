import { Text } from "@medusajs/ui"

/** Shown after Connect: where the consent page is, in case the browser blocked the new tab. */
export function ConsentHint({ url }: { url: string }) {
  return (
    <div className="px-6 py-4">
      <Text size="small">
        The consent page opened in a new tab (if not,{" "}
        <a className="text-ui-fg-interactive" href={url} target="_blank" rel="noopener noreferrer">
          open it here
        </a>
        ). After approving, come back and press Refresh.
      </Text>
    </div>
  )
}
