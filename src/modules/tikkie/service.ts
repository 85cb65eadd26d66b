import { MedusaService } from "@medusajs/framework/utils"
import FastCheckoutOrder from "./models/fast-checkout-order"

class TikkieModuleService extends MedusaService({
  FastCheckoutOrder,
}) {}

export default TikkieModuleService
