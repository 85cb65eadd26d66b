import Medusa from "@medusajs/js-sdk"

// As the starter's src/lib/config.ts: the server reaches the store at MEDUSA_BACKEND_URL.
let MEDUSA_BACKEND_URL = "http://localhost:9000"
if (process.env.MEDUSA_BACKEND_URL) MEDUSA_BACKEND_URL = process.env.MEDUSA_BACKEND_URL

export const sdk = new Medusa({
  baseUrl: MEDUSA_BACKEND_URL,
  debug: false,
  publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY,
})
