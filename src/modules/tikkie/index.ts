import { Module } from "@medusajs/framework/utils"
import checkProductionShape from "./loaders/check-production-shape"
import keepScheduledJobs from "./loaders/keep-scheduled-jobs"
import TikkieModuleService from "./service"

export const TIKKIE_MODULE = "tikkie"

/** The plugin's own records: Fast Checkout orders it created and what became of them. */
export default Module(TIKKIE_MODULE, {
  service: TikkieModuleService,
  loaders: [checkProductionShape, keepScheduledJobs],
})
