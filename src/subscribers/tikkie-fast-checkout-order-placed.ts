import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { importFastCheckoutPayer } from "../workflows/fast-checkout/utils/import-payer"

/** Whoever completed the cart (webhook, return, poll, or the storefront itself), the payer is imported. */
export default async function tikkieFastCheckoutOrderPlaced({ event, container }: SubscriberArgs<{ id: string }>) {
  await importFastCheckoutPayer(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "tikkie-fast-checkout-import-payer" },
}
