import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { ShopperLanguage } from "../../checkout/utils/shopper-messages"

/**
 * The delivery-country rule of Fast Checkout (docs/fast-checkout.md, "VAT and the payer's address").
 *
 * Tikkie collects the shipping address on its own page, after the amount (and so the VAT in it) is fixed,
 * and takes no country restriction. So:
 * 1. a cart starts Fast Checkout only with a known tax country (its shipping address country, which
 *    Medusa taxes by), and that country is stated on Tikkie's page as a € 0.00 line the payer reads
 *    before paying ("Leveringsland: België (prijzen incl. btw van België)");
 * 2. once paid, an address in another country than the tax country, or outside the service zone of the
 *    cart's shipping option, is never silent: the order keeps what was paid and gets a delivery review
 *    naming both countries, shown on the order's Tikkie widget and in the Tikkie page's list of reviews
 *    until an admin marks it reviewed.
 * Any way of starting Fast Checkout (the cart route, Medusa's payment-session route, an express button)
 * goes through taxCountryForFastCheckout and deliveryStatementItem; any settlement through reviewDelivery.
 */

/** What differs between what was paid for and where the payer wants it delivered (a type: stored as JSON). */
export type DeliveryReview = {
  /** The country the cart was taxed for (lower case ISO 3166), as stated on Tikkie's page. */
  tax_country: string
  /** The country of the shipping address the payer gave on Tikkie's page. */
  payer_country: string
  tax_country_differs: boolean
  /** Shipping options of the order whose service zone does not include the payer's country. */
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

/** A country's name in the given language ("BE" → "België" / "Belgium"); the code when unknown. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code.toUpperCase()) ?? code.toUpperCase()
  } catch {
    return code.toUpperCase()
  }
}

/**
 * The country the cart is taxed for: its shipping address country. Refused (400, in the shopper's
 * language) without one: Medusa computes no VAT for a cart without an address, and Tikkie would take a
 * price whose VAT no country can be named for.
 */
export function taxCountryForFastCheckout(
  cart: { shipping_address?: { country_code?: string | null } | null },
  language: ShopperLanguage = "en"
): string {
  const country = cart.shipping_address?.country_code?.trim().toLowerCase()
  if (!country) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, TEXT[language].noCountry)
  return country
}

/** The € 0.00 line that states the tax country on Tikkie's checkout page, in the shopper's language. */
export function deliveryStatementItem(taxCountry: string, language: ShopperLanguage = "en") {
  return { itemName: TEXT[language].statement(countryName(taxCountry, language)), priceInCents: 0, quantity: 1 }
}

/**
 * Compares the payer's country with the tax country and with the service zones of the order's shipping
 * options; undefined when everything matches (or nothing can be compared).
 */
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

/** The order's shipping options with the countries of their service zones (empty: no country zone). */
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
