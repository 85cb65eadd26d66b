import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { TikkieFastCheckoutProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [TikkieFastCheckoutProviderService],
})
