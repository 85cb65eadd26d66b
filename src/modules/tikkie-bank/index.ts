import { Module } from "@medusajs/framework/utils"
import validateTikkieBankOptions from "./loaders/validate-options"
import TikkieBankModuleService from "./service"

export const TIKKIE_BANK_MODULE = "tikkieBank"

/** The connected bank account, its transactions, and the payouts the plugin expects on it. */
export default Module(TIKKIE_BANK_MODULE, {
  service: TikkieBankModuleService,
  loaders: [validateTikkieBankOptions],
})
