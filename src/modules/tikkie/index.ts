import { Module } from "@medusajs/framework/utils"
import checkPaymentDependencies from "./loaders/check-payment-dependencies"
import checkProductionShape from "./loaders/check-production-shape"
import keepScheduledJobs from "./loaders/keep-scheduled-jobs"
import TikkieModuleService from "./service"

export const TIKKIE_MODULE = "tikkie"

/**
 * The plugin's own records, and what its providers and its own code share through it: the Tikkie
 * clients, the store's GET order budget and the reads settlements keep (docs/development/architecture.md).
 */
export default Module(TIKKIE_MODULE, {
  service: TikkieModuleService,
  loaders: [checkProductionShape, checkPaymentDependencies, keepScheduledJobs],
})
