import { Module } from "@medusajs/framework/utils"
import checkProductionShape from "./loaders/check-production-shape"
import keepScheduledJobs from "./loaders/keep-scheduled-jobs"
import TikkieModuleService from "./service"

export const TIKKIE_MODULE = "tikkie"

/** The plugin's own records: Fast Checkout orders it created and what became of them. */
const TikkieModule = Module(TIKKIE_MODULE, {
  service: TikkieModuleService,
  loaders: [checkProductionShape, keepScheduledJobs],
})
export default TikkieModule

// For src/links, loosely typed (TypeScript gives up on this module's linkable type).
export const tikkieLinkable = (TikkieModule as unknown as { linkable: Record<string, any> }).linkable
