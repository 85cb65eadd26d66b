import {
  acquireLockStep,
  addShippingMethodToCartWorkflow,
  listShippingOptionsForCartWorkflow,
  releaseLockStep,
  updateCartWorkflow,
} from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { settleEarlierPaymentsForStart } from "../checkout/settle-earlier-payments"
import type { CheckoutStartResult } from "../checkout/utils/start-checkout-session"
import { startSettledFastCheckoutWorkflow, type StartedFastCheckout } from "./start-fast-checkout"
import {
  chooseExpressShippingStep,
  prepareExpressCheckoutStep,
  type ExpressCheckoutInput,
} from "./steps/prepare-express-checkout"
import type { ExpressShipping, OfferedShippingOption } from "./utils/express-shipping"

export type { ExpressCheckoutInput } from "./steps/prepare-express-checkout"

export interface StartedExpressCheckout extends StartedFastCheckout {
  shipping: ExpressShipping
  country: string
}

export type ExpressCheckoutResult = CheckoutStartResult<StartedExpressCheckout>

export const startExpressCheckoutWorkflowId = "tikkie-start-express-checkout"

/**
 * Express Fast Checkout from the cart: its earlier payments settled first (a refusal skips every later step),
 * the storefront's country becomes the cart's shipping country (Medusa's updateCartWorkflow), the shop's or
 * the cheapest shipping option for it its shipping method (listShippingOptionsForCartWorkflow,
 * addShippingMethodToCartWorkflow), then Fast Checkout starts as from the checkout. A second click changes
 * nothing and gets the same Tikkie page. One express start per cart at a time; a failure undoes the cart's
 * changes (compensation).
 */
export const startExpressCheckoutWorkflow = createWorkflow(
  startExpressCheckoutWorkflowId,
  (input: WorkflowData<ExpressCheckoutInput>) => {
    const lockKey = transform({ input }, ({ input }) => `tikkie:fast-checkout:express:${input.cartId}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
    const refused = settleEarlierPaymentsForStart(input, "tikkie-express")
    const prepared = when("tikkie-express-prepare", { refused }, ({ refused }) => !refused).then(() =>
      prepareExpressCheckoutStep(input)
    )
    when("tikkie-express-set-country", { prepared }, ({ prepared }) => !!prepared?.setCountry).then(() => {
      updateCartWorkflow.runAsStep({
        input: transform({ input }, ({ input }) => ({
          id: input.cartId,
          shipping_address: { country_code: input.country },
        })),
      })
    })
    const offered = when("tikkie-express-list-shipping", { prepared }, ({ prepared }) => !!prepared).then(() =>
      listShippingOptionsForCartWorkflow.runAsStep({
        input: transform({ input }, ({ input }) => ({ cart_id: input.cartId, is_return: false })),
      })
    )
    const chosen = when("tikkie-express-choose-shipping", { prepared }, ({ prepared }) => !!prepared).then(() =>
      chooseExpressShippingStep(
        transform({ offered, prepared, input }, ({ offered, prepared, input }) => ({
          offered: offered as unknown as OfferedShippingOption[],
          prepared: prepared!,
          express: input,
        }))
      )
    )
    when("tikkie-express-add-shipping", { chosen }, ({ chosen }) => !!chosen?.add).then(() => {
      addShippingMethodToCartWorkflow.runAsStep({
        input: transform({ input, chosen }, ({ input, chosen }) => ({
          cart_id: input.cartId,
          options: [{ id: chosen!.shipping.id }],
        })),
      })
    })
    const started = when("tikkie-express-start", { chosen }, ({ chosen }) => !!chosen).then(() =>
      startSettledFastCheckoutWorkflow.runAsStep({
        input: transform({ input }, ({ input }) => ({
          cartId: input.cartId,
          customerId: input.customerId,
          providerId: input.providerId,
          language: input.language,
        })),
      })
    )
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(
      transform({ refused, started, chosen, input }, ({ refused, started, chosen, input }): ExpressCheckoutResult => {
        const fastCheckout = started as CheckoutStartResult<StartedFastCheckout>
        if (refused || fastCheckout.refused) return { refused: (refused ?? fastCheckout.refused)! }
        return { ...fastCheckout, shipping: chosen!.shipping, country: input.country }
      })
    )
  }
)
