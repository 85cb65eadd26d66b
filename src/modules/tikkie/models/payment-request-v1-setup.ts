import { model } from "@medusajs/framework/utils"

/**
 * The v1 platform, user and bank account, set up once per provider and shared: Tikkie limits platforms
 * and couples an IBAN to one user. A change of `fingerprint` (the options' hash) sets up again.
 */
const PaymentRequestV1Setup = model.define("tikkie_payment_request_v1_setup", {
  id: model.id({ prefix: "tkv1" }).primaryKey(),
  provider_id: model.text().unique(),
  fingerprint: model.text(),
  platform_token: model.text().nullable(),
  user_token: model.text().nullable(),
  bank_account_token: model.text().nullable(),
  problem: model.text().nullable(),
})

export default PaymentRequestV1Setup
