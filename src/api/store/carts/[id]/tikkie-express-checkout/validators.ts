import { z } from "@medusajs/framework/zod"
import { fastCheckoutProviderIdField } from "../../../../utils/validators"

/** The storefront's country: the cart's shipping and tax country (lower case ISO 3166-1 alpha-2). */
const countryCodeField = z
  .string({ error: "country_code is required" })
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, "country_code must be a two-letter country code (ISO 3166-1 alpha-2)")

export const ExpressCheckoutQuerySchema = z.strictObject({
  country_code: countryCodeField,
  /** Medusa reads `?locale=` as the request's locale (the answers' language). */
  locale: z.string().max(35).optional(),
})
export type ExpressCheckoutQuery = z.output<typeof ExpressCheckoutQuerySchema>

export const StartExpressCheckoutBodySchema = z.strictObject({
  country_code: countryCodeField,
  provider_id: fastCheckoutProviderIdField.optional(),
})
export type StartExpressCheckoutBody = z.output<typeof StartExpressCheckoutBodySchema>
