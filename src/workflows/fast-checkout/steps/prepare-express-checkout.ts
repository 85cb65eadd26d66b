import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { loadOpenCart } from "../../checkout/utils/load-open-cart"
import type { ShopperLanguage } from "../../checkout/utils/shopper-messages"
import {
  chooseExpressShipping,
  countryNotInRegionError,
  expressShippingView,
  noExpressShippingError,
  regionHasCountry,
  shippingTaxRate,
  type ExpressShipping,
  type OfferedShippingOption,
} from "../utils/express-shipping"

export interface ExpressCheckoutInput {
  cartId: string
  /** The storefront's country: the cart's shipping and tax country. */
  country: string
  customerId?: string
  providerId?: string
  language: ShopperLanguage
}

export interface PreparedExpressCheckout {
  setCountry: boolean
  currentOptionIds: string[]
  preference: string[]
  currencyCode: string
}

type ExpressCart = {
  id: string
  completed_at?: string | null
  currency_code: string
  region?: { countries?: Array<{ iso_2?: string | null }> } | null
  shipping_address?: { country_code?: string | null } | null
  shipping_methods?: Array<{ shipping_option_id?: string | null }> | null
}

/**
 * Checks the cart may start an express checkout before anything of it changes: open (409 once completed)
 * and the storefront's country one of its region's. Its earlier payments are settled before this step.
 */
export const prepareExpressCheckoutStep = createStep(
  "tikkie-prepare-express-checkout",
  async (input: ExpressCheckoutInput, { container }) => {
    const cart = await loadOpenCart<ExpressCart>(
      container,
      input.cartId,
      [
        "id",
        "completed_at",
        "currency_code",
        "region.countries.iso_2",
        "shipping_address.country_code",
        "shipping_methods.shipping_option_id",
      ],
      input.language
    )
    if (!regionHasCountry(cart, input.country)) throw countryNotInRegionError(input.country, input.language)
    return new StepResponse<PreparedExpressCheckout>({
      setCountry: cart.shipping_address?.country_code?.toLowerCase() !== input.country,
      currentOptionIds: (cart.shipping_methods ?? []).map((m) => m.shipping_option_id ?? ""),
      preference: container.resolve<TikkieModuleService>(TIKKIE_MODULE).expressShippingPreference(),
      currencyCode: cart.currency_code,
    })
  }
)

export interface ChosenExpressShipping {
  shipping: ExpressShipping
  add: boolean
}

/** Picks the express option from what Medusa offers the cart (refused when nothing delivers there). */
export const chooseExpressShippingStep = createStep(
  "tikkie-choose-express-shipping",
  async (
    input: { offered: OfferedShippingOption[]; prepared: PreparedExpressCheckout; express: ExpressCheckoutInput },
    { container }
  ) => {
    const chosen = chooseExpressShipping(input.offered, input.prepared.preference)
    if (!chosen) throw noExpressShippingError(input.express.country, input.express.language)
    const { currencyCode } = input.prepared
    const rate = await shippingTaxRate(container, chosen, input.express.country, currencyCode)
    const { setCountry, currentOptionIds } = input.prepared
    const add = setCountry || currentOptionIds.length !== 1 || currentOptionIds[0] !== chosen.id
    return new StepResponse<ChosenExpressShipping>({
      shipping: expressShippingView(chosen, currencyCode, rate),
      add,
    })
  }
)
