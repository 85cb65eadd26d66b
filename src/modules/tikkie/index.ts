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

/**
 * The models' linkables for src/links, loosely typed: TypeScript gives up on this module's linkable type.
 * Query keeps one relation per name for all of a module's models: each link's name is its own.
 */
export const tikkieLinkable = (TikkieModule as unknown as { linkable: Record<string, any> }).linkable
