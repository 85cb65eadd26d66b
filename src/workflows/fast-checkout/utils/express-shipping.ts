import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MathBN,
  MedusaError,
  Modules,
  remoteQueryObjectFromString,
} from "@medusajs/framework/utils"
import type { ShopperLanguage } from "../../checkout/utils/shopper-messages"
import { loadOpenCart } from "../../checkout/utils/load-open-cart"
import { fromCents, toCents } from "../../../utils/medusa-money"
import { countryName } from "./delivery-country"

/** A shipping option as Medusa offers it for a cart (listShippingOptionsForCartWorkflow's fields). */
export interface OfferedShippingOption {
  id: string
  name: string
  amount?: BigNumberInput | null
  is_tax_inclusive?: boolean
  type?: { code?: string | null } | null
}

/** What the express button shows: `amount` incl. the country's VAT, as Medusa's store routes answer amounts. */
export interface ExpressShipping {
  id: string
  name: string
  amount: number
  amount_in_cents: number
  currency_code: string
}

const TEXT: Record<
  ShopperLanguage,
  { noOption: (country: string) => string; notInRegion: (country: string) => string }
> = {
  en: {
    noOption: (c) =>
      `This shop has no shipping option to ${c} for this cart, so fast checkout is not possible. Please use the regular checkout.`,
    notInRegion: (c) =>
      `This cart cannot be delivered to ${c} from this shop's region. Please use the regular checkout.`,
  },
  nl: {
    noOption: (c) =>
      `Deze winkel heeft geen verzendoptie naar ${c} voor deze winkelwagen, dus snel afrekenen kan niet. Reken af via de gewone kassa.`,
    notInRegion: (c) =>
      `Deze winkelwagen kan vanuit de regio van de winkel niet naar ${c} worden geleverd. Reken af via de gewone kassa.`,
  },
}

export function noExpressShippingError(country: string, language: ShopperLanguage): MedusaError {
  return new MedusaError(MedusaError.Types.NOT_ALLOWED, TEXT[language].noOption(countryName(country, language)))
}

export function countryNotInRegionError(country: string, language: ShopperLanguage): MedusaError {
  return new MedusaError(MedusaError.Types.NOT_ALLOWED, TEXT[language].notInRegion(countryName(country, language)))
}

/**
 * The option for the express checkout: of the first preference (an option id or a type code) that
 * Medusa offers, the cheapest; with none offered, the cheapest of all. Options without a price are
 * left out (Medusa refuses them as shipping methods). Ties go by name, then id: the same every time.
 */
export function chooseExpressShipping<T extends OfferedShippingOption>(
  offered: T[],
  preference: string[]
): T | undefined {
  const priced = offered.filter((o) => o.amount !== null && o.amount !== undefined)
  const cheapest = (options: T[]) =>
    [...options].sort((a, b) => {
      const byAmount = MathBN.convert(a.amount!).comparedTo(MathBN.convert(b.amount!))
      return byAmount || a.name.localeCompare(b.name) || a.id.localeCompare(b.id)
    })[0]
  for (const wanted of preference) {
    const matching = priced.filter((o) => o.id === wanted || o.type?.code === wanted)
    if (matching.length) return cheapest(matching)
  }
  return priced.length ? cheapest(priced) : undefined
}

/** Shown with the VAT the cart pays on it (`taxRate` in percent; none when the price includes it), in whole cents. */
export function expressShippingView(
  option: OfferedShippingOption,
  currencyCode: string,
  taxRate: BigNumberInput
): ExpressShipping {
  const net = MathBN.convert(option.amount!)
  const cents = toCents(option.is_tax_inclusive ? net : MathBN.mult(net, MathBN.add(1, MathBN.div(taxRate, 100))))
  return {
    id: option.id,
    name: option.name,
    amount: fromCents(cents),
    amount_in_cents: cents,
    currency_code: currencyCode,
  }
}

/** The VAT rate (percent) of a shipping option delivered to `country`, from Medusa's tax module. */
export async function shippingTaxRate(
  container: MedusaContainer,
  option: OfferedShippingOption,
  country: string,
  currencyCode: string
): Promise<BigNumberInput> {
  if (option.is_tax_inclusive) return 0
  const lines = await container
    .resolve(Modules.TAX)
    .getTaxLines(
      [{ id: option.id, shipping_option_id: option.id, unit_price: option.amount!, currency_code: currencyCode }],
      { address: { country_code: country } }
    )
  return lines.reduce((sum, l) => MathBN.add(sum, l.rate ?? 0), MathBN.convert(0))
}

type PreviewCart = {
  id: string
  completed_at?: string | null
  sales_channel_id?: string | null
  currency_code: string
  region_id?: string | null
  item_total?: BigNumberInput
  total?: BigNumberInput
  locale?: string | null
  email?: string | null
  customer?: { id: string; groups?: Array<{ id: string }> } | null
  region?: { countries?: Array<{ iso_2?: string | null }> } | null
}

const PREVIEW_CART_FIELDS = [
  "id",
  "completed_at",
  "sales_channel_id",
  "currency_code",
  "region_id",
  "item_total",
  "total",
  "locale",
  "email",
  "customer.id",
  "customer.groups.id",
  "region.countries.iso_2",
]

export function regionHasCountry(cart: Pick<PreviewCart, "region">, country: string): boolean {
  return (cart.region?.countries ?? []).some((c) => c.iso_2?.toLowerCase() === country)
}

/**
 * What the express checkout would ship the cart with to `country`, without changing the cart (the GET
 * of the express route: the button shows it). The same query as Medusa's listShippingOptionsForCartWorkflow,
 * its address being the country only; the POST then lists the options with that workflow itself.
 */
export async function previewExpressShipping(
  container: MedusaContainer,
  input: { cartId: string; country: string; preference: string[]; language: ShopperLanguage }
): Promise<ExpressShipping> {
  const cart = await loadOpenCart<PreviewCart>(container, input.cartId, PREVIEW_CART_FIELDS, input.language)
  if (!regionHasCountry(cart, input.country)) throw countryNotInRegionError(input.country, input.language)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: channels } = await query.graph({
    entity: "sales_channels",
    fields: ["stock_locations.fulfillment_sets.id"],
    filters: { id: cart.sales_channel_id ?? "" },
  })
  const fulfillmentSetIds = [
    ...new Set(
      (
        (channels[0] as { stock_locations?: Array<{ fulfillment_sets?: Array<{ id: string }> }> })?.stock_locations ??
        []
      )
        .flatMap((l) => l.fulfillment_sets ?? [])
        .map((f) => f.id)
    ),
  ]
  const offered: OfferedShippingOption[] = fulfillmentSetIds.length
    ? await container
        .resolve(ContainerRegistrationKeys.REMOTE_QUERY)(
          remoteQueryObjectFromString({
            entryPoint: "shipping_options",
            fields: ["id", "name", "type.code", "calculated_price.*"],
            variables: {
              context: { is_return: "false", enabled_in_store: "true" },
              filters: { fulfillment_set_id: fulfillmentSetIds, address: { country_code: input.country } },
              calculated_price: {
                context: {
                  id: cart.id,
                  sales_channel_id: cart.sales_channel_id,
                  currency_code: cart.currency_code,
                  region_id: cart.region_id,
                  item_total: cart.item_total,
                  total: cart.total,
                  locale: cart.locale,
                  email: cart.email,
                  customer_id: cart.customer?.id,
                  customer: cart.customer,
                  shipping_address: { country_code: input.country },
                },
              },
            },
          })
        )
        .then((rows: Array<OfferedShippingOption & { calculated_price?: { calculated_amount?: BigNumberInput } }>) =>
          rows.map((o) => ({ ...o, amount: o.calculated_price?.calculated_amount }))
        )
    : []
  const chosen = chooseExpressShipping(offered, input.preference)
  if (!chosen) throw noExpressShippingError(input.country, input.language)
  const rate = await shippingTaxRate(container, chosen, input.country, cart.currency_code)
  return expressShippingView(chosen, cart.currency_code, rate)
}
