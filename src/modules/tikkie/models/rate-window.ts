import { model } from "@medusajs/framework/utils"

/**
 * Calls started per wall-clock second, per limited operation ("fastCheckout.getOrder"), counted in the
 * database every store instance shares: Tikkie's limit of 250 GET order calls a second is per merchant,
 * not per process.
 */
const RateWindow = model
  .define("tikkie_rate_window", {
    id: model.id({ prefix: "tkrw" }).primaryKey(),
    key: model.text(),
    /** Start of the window, epoch seconds. */
    window: model.number(),
    count: model.number().default(0),
  })
  .indexes([{ on: ["key", "window"], unique: true }])

export default RateWindow
