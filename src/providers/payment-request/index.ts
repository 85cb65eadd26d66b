import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { TikkiePaymentRequestProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [TikkiePaymentRequestProviderService],
})
