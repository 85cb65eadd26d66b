import { Module } from "@medusajs/framework/utils"
import checkPaymentDependencies from "./loaders/check-payment-dependencies"
import checkProductionShape from "./loaders/check-production-shape"
import keepScheduledJobs from "./loaders/keep-scheduled-jobs"
import TikkieModuleService from "./service"

export const TIKKIE_MODULE = "tikkie"

/** The plugin's records, Tikkie clients and read budget, shared by its providers and its own code. */
export default Module(TIKKIE_MODULE, {
  service: TikkieModuleService,
  loaders: [checkProductionShape, checkPaymentDependencies, keepScheduledJobs],
})
