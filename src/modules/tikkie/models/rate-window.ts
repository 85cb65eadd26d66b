import { model } from "@medusajs/framework/utils"

/** Calls per wall-clock second per operation, shared by every instance: Tikkie's limit is per merchant. */
const RateWindow = model
  .define("tikkie_rate_window", {
    id: model.id({ prefix: "tkrw" }).primaryKey(),
    key: model.text(),
    /** Epoch seconds. */
    window: model.number(),
    count: model.number().default(0),
  })
  .indexes([{ on: ["key", "window"], unique: true }])

export default RateWindow
