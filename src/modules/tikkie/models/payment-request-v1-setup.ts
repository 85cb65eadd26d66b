import { model } from "@medusajs/framework/utils"

/**
 * What the legacy payment requests v1 API needs before a request can be made, set up once per
 * provider from its options and kept here so every store instance and every later start re-uses it:
 * the platform, the user and the user's bank account (Tikkie allows a few platforms per API key and
 * couples an IBAN to one user only, so creating them again on each start would soon be refused).
 * `fingerprint` is a hash of the options they were made from: changed options set up again.
 * A failed setup keeps the reason in `problem` for the admin (GET /admin/tikkie/payment-requests/v1-setup).
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
