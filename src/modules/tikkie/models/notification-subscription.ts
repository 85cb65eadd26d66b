import { model } from "@medusajs/framework/utils"

/**
 * The payment request notification subscription of one provider (one Tikkie app): Tikkie keeps one per
 * app and answers a new subscriptionId each time. Kept in the database so every store instance checks
 * incoming notifications against the same id.
 */
const NotificationSubscription = model.define("tikkie_notification_subscription", {
  id: model.id({ prefix: "tkns" }).primaryKey(),
  provider_id: model.text().unique(),
  subscription_id: model.text(),
  url: model.text(),
})

export default NotificationSubscription
