import { Module } from "@medusajs/framework/utils"
import checkPaymentDependencies from "./loaders/check-payment-dependencies"
import checkProductionShape from "./loaders/check-production-shape"
import keepScheduledJobs from "./loaders/keep-scheduled-jobs"
import TikkieModuleService from "./service"

export const TIKKIE_MODULE = "tikkie"

/** The plugin's records, Tikkie clients and read budget, shared by its providers and its own code. */
const TikkieModule = Module(TIKKIE_MODULE, {
  service: TikkieModuleService,
  loaders: [checkProductionShape, checkPaymentDependencies, keepScheduledJobs],
})
export default TikkieModule

// For src/links, loosely typed (TypeScript gives up on this module's linkable type).
export const tikkieLinkable = (TikkieModule as unknown as { linkable: Record<string, any> }).linkable
