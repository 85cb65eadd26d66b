import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { ShopperLanguage } from "../../checkout/utils/shopper-messages"

/**
 * Tikkie collects the address after the amount (and its VAT) is fixed, and takes no country restriction:
 * so Fast Checkout states the tax country on its page, and a paid order delivered elsewhere gets a
 * delivery review (docs/fast-checkout.md, "VAT and the payer's address").
 */

export type DeliveryReview = {
  /** Lower case ISO 3166, as stated on Tikkie's page. */
  tax_country: string
  payer_country: string
  tax_country_differs: boolean
  shipping_options_outside_zone: string[]
}

const TEXT: Record<ShopperLanguage, { noCountry: string; statement: (country: string) => string }> = {
  en: {
    noCountry:
      "Add a shipping address before paying with Tikkie: the VAT in the price depends on the country the order is delivered to.",
    statement: (country) => `Delivery country: ${country} (prices incl. VAT of ${country})`,
  },
  nl: {
    noCountry:
      "Vul eerst een verzendadres in voordat je met Tikkie betaalt: de btw in de prijs hangt af van het land waar de bestelling naartoe gaat.",
    statement: (country) => `Leveringsland: ${country} (prijzen incl. btw van ${country})`,
  },
}

export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code.toUpperCase()) ?? code.toUpperCase()
  } catch {
    return code.toUpperCase()
  }
}

/** Refused (400) without a shipping country: Medusa computes no VAT without one, so none could be stated. */
export function taxCountryForFastCheckout(
  cart: { shipping_address?: { country_code?: string | null } | null },
  language: ShopperLanguage = "en"
): string {
  const country = cart.shipping_address?.country_code?.trim().toLowerCase()
  if (!country) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, TEXT[language].noCountry)
  return country
}

export function deliveryStatementItem(taxCountry: string, language: ShopperLanguage = "en") {
  return { itemName: TEXT[language].statement(countryName(taxCountry, language)), priceInCents: 0, quantity: 1 }
}

/** Undefined when everything matches (or nothing can be compared). */
export function reviewDelivery(input: {
  taxCountry: string | null | undefined
  payerCountry: string
  shippingOptions: Array<{ name: string; countries: string[] }>
}): DeliveryReview | undefined {
  const payer = input.payerCountry.toLowerCase()
  const tax = input.taxCountry?.toLowerCase()
  const outside = input.shippingOptions
    .filter((o) => o.countries.length > 0 && !o.countries.includes(payer))
    .map((o) => o.name)
  const differs = !!tax && tax !== payer
  if (!differs && !outside.length) return undefined
  return {
    tax_country: tax ?? payer,
    payer_country: payer,
    tax_country_differs: differs,
    shipping_options_outside_zone: outside,
  }
}

/** Empty countries: no country zone. */
export async function orderShippingZones(
  container: MedusaContainer,
  shippingMethods: Array<{ name?: string | null; shipping_option_id?: string | null }>
): Promise<Array<{ name: string; countries: string[] }>> {
  const ids = shippingMethods.map((m) => m.shipping_option_id).filter((id): id is string => !!id)
  if (!ids.length) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "name", "service_zone.geo_zones.type", "service_zone.geo_zones.country_code"],
    filters: { id: ids },
    withDeleted: true,
  })
  const options = data as Array<{
    id: string
    name: string
    service_zone?: { geo_zones?: Array<{ country_code?: string | null }> } | null
  }>
  return options.map((o) => ({
    name: shippingMethods.find((m) => m.shipping_option_id === o.id)?.name || o.name,
    countries: [
      ...new Set(
        (o.service_zone?.geo_zones ?? []).map((z) => z.country_code?.toLowerCase()).filter((c): c is string => !!c)
      ),
    ],
  }))
}
