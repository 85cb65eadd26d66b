import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createRegionsWorkflow, createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import { request } from "undici"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import {
  BELGIAN_PAYER,
  GERMAN_PAYER,
  eventually,
  orderForCart,
  settledOrder,
  type SeededStore,
  seedStore,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { storeSuite } from "../helpers/store-suites"

/** The type code checkout.spec.ts names as the shop's express choice (TIKKIE_EXPRESS_SHIPPING_OPTIONS). */
export const SHOPS_EXPRESS_CHOICE = "tikkie-express-choice"

/**
 * Express Fast Checkout (POST/GET /store/carts/:id/tikkie-express-checkout) over plain HTTP, as a browser's
 * storefront calls it: carts with items only (no address, no shipping method), as a shopper leaves the cart page.
 */
export default storeSuite("express-checkout", {
  testSuite: ({ getContainer, tikkie }) => {
    let store: SeededStore
    let zoneId = ""
    let profileId = ""
    const cents = (amount: number) => Math.round(amount * 100)

    const call = async (method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await request(`${tikkie.storeUrl}${path}`, {
        method,
        headers: {
          "x-publishable-api-key": store.publishableKey,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.statusCode, data: (await res.body.json()) as any }
    }
    const express = (cartId: string, country: string, headers: Record<string, string> = {}) =>
      call("POST", `/store/carts/${cartId}/tikkie-express-checkout`, { country_code: country }, headers)
    const preview = (cartId: string, country: string, headers: Record<string, string> = {}) =>
      call("GET", `/store/carts/${cartId}/tikkie-express-checkout?country_code=${country}`, undefined, headers)
    const cartOf = async (cartId: string) =>
      (
        await call(
          "GET",
          `/store/carts/${cartId}?fields=id,total,*shipping_address,*shipping_methods,+shipping_methods.shipping_option_id`
        )
      ).data.cart
    const sentToTikkie = async (orderToken: string) =>
      (await tikkie.control.get<{ orders: any[] }>("/_sandbox/fastcheckout/orders")).orders.find(
        (o) => o.orderToken === orderToken
      )
    /** What a shopper leaves on the cart page: items, nothing typed. */
    const cartPageCart = async (regionId = store.regionId) => {
      const { status, data } = await call("POST", "/store/carts", {
        region_id: regionId,
        items: [
          { variant_id: store.variantIds["stroopwafels-1"], quantity: 2 },
          { variant_id: store.variantIds["delfts-blauw-mok-1"], quantity: 1 },
        ],
      })
      expect(status).toBe(200)
      return data.cart.id as string
    }
    const addShippingOption = (name: string, amount: number, code: string) =>
      createShippingOptionsWorkflow(getContainer()).run({
        input: [
          {
            name,
            price_type: "flat",
            provider_id: "manual_manual",
            service_zone_id: zoneId,
            shipping_profile_id: profileId,
            type: { label: name, description: name, code },
            prices: [{ currency_code: "eur", amount }],
            rules: [
              { attribute: "enabled_in_store", value: "true", operator: "eq" },
              { attribute: "is_return", value: "false", operator: "eq" },
            ],
          },
        ],
      })

    beforeAll(async () => {
      store = await seedStore(getContainer())
      const fulfillment = getContainer().resolve(Modules.FULFILLMENT)
      const [option] = await fulfillment.listShippingOptions({ name: "PostNL" })
      zoneId = option.service_zone_id
      profileId = option.shipping_profile_id!
      // A cheaper option next to the demo's PostNL (€ 4.95): the express checkout's default pick.
      await addShippingOption("PostNL Brievenbuspakje", 3.25, "postnl-mailbox")
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
    })

    it("the cheapest option: the GET names it without changing the cart, the POST sets the storefront's country and that option, Tikkie's page states the tax country, and the order gets the payer's address", async () => {
      const cartId = await cartPageCart()
      const shown = await preview(cartId, "be", { "x-medusa-locale": "nl" })
      expect(shown.status).toBe(200)
      expect(shown.data).toEqual({
        country_code: "be",
        // € 3.25 and Belgian VAT (6 %): what the shopper pays for it.
        shipping_option: expect.objectContaining({
          name: "PostNL Brievenbuspakje",
          amount: 3.45,
          amount_in_cents: 345,
          currency_code: "eur",
        }),
      })
      const untouched = await cartOf(cartId)
      expect(untouched.shipping_address ?? null).toBeNull()
      expect(untouched.shipping_methods ?? []).toEqual([])

      const started = await express(cartId, "be", { "x-medusa-locale": "nl" })
      expect(started.status).toBe(200)
      expect(started.data.checkout_url).toContain(`/checkout/fastcheckout/${started.data.order_token}`)
      expect(started.data.shipping_option).toEqual(shown.data.shipping_option)
      const cart = await cartOf(cartId)
      expect(cart.shipping_address.country_code).toBe("be")
      expect(cart.shipping_methods.map((m: any) => m.shipping_option_id)).toEqual([shown.data.shipping_option.id])

      const sent = await sentToTikkie(started.data.order_token)
      expect(sent.shippingCostsInCents).toBe(345)
      expect(sent.items.at(-1)).toEqual({
        itemName: "Leveringsland: België (prijzen incl. btw van België)",
        priceInCents: 0,
        quantity: 1,
      })
      const items = sent.items.reduce((s: number, i: any) => s + i.priceInCents * i.quantity, 0)
      expect(items + sent.shippingCostsInCents - (sent.discountInCents ?? 0)).toBe(cents(cart.total))

      // A second click changes nothing and answers the same page.
      const again = await express(cartId, "be")
      expect(again.data.order_token).toBe(started.data.order_token)
      expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(1)

      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.data.order_token}/pay`, {
        payer: BELGIAN_PAYER,
      })
      const order = await settledOrder(getContainer(), started.data.order_token, cartId)
      expect(cents(order.total)).toBe(cents(cart.total))
      expect(order.email).toBe("lotte.peeters@example.be")
      expect(order.shipping_address).toEqual(
        expect.objectContaining({ address_1: "Meir 50", city: "Antwerpen", country_code: "be", first_name: "Lotte" })
      )
      expect(order.metadata.tikkie_fast_checkout).toEqual(
        expect.objectContaining({ tax_country: "be", tax_country_differs: false, delivery_review: null })
      )
    })

    it("the shop's option (expressShippingOptions, by type code) over a cheaper one, in the GET and the POST", async () => {
      await addShippingOption("PostNL Avondbezorging", 6.95, SHOPS_EXPRESS_CHOICE)
      const cartId = await cartPageCart()
      const shown = await preview(cartId, "nl")
      expect(shown.data.shipping_option).toEqual(
        expect.objectContaining({ name: "PostNL Avondbezorging", amount_in_cents: 841 }) // € 6.95 + 21 % VAT
      )
      const started = await express(cartId, "nl")
      expect(started.status).toBe(200)
      expect(started.data.shipping_option.name).toBe("PostNL Avondbezorging")
      expect((await sentToTikkie(started.data.order_token)).shippingCostsInCents).toBe(841)
      expect((await cartOf(cartId)).shipping_methods.map((m: any) => m.name)).toEqual(["PostNL Avondbezorging"])
    })

    it("a region whose country has no shipping option is refused clearly, in the shopper's language, and so is a country outside the cart's region; Tikkie is not called", async () => {
      const {
        result: [ireland],
      } = await createRegionsWorkflow(getContainer()).run({
        input: {
          regions: [
            {
              name: "Ireland",
              currency_code: "eur",
              countries: ["ie"],
              payment_providers: ["pp_tikkie-fast-checkout_tikkie"],
            },
          ],
        },
      })
      const irish = await cartPageCart(ireland.id)
      const before = await cartOf(irish)
      for (const ask of [preview, express]) {
        const en = await ask(irish, "ie")
        expect(en.status).toBe(400)
        expect(en.data).toEqual(
          expect.objectContaining({
            type: "not_allowed",
            message:
              "This shop has no shipping option to Ireland for this cart, so fast checkout is not possible. Please use the regular checkout.",
          })
        )
        const nl = await ask(irish, "ie", { "x-medusa-locale": "nl" })
        expect(nl.data.message).toBe(
          "Deze winkel heeft geen verzendoptie naar Ierland voor deze winkelwagen, dus snel afrekenen kan niet. Reken af via de gewone kassa."
        )
      }
      const dutchCart = await cartPageCart()
      const german = await express(dutchCart, "de")
      expect(german.status).toBe(400)
      expect(german.data.message).toBe(
        "This cart cannot be delivered to Germany from this shop's region. Please use the regular checkout."
      )
      const bad = await express(dutchCart, "nederland")
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/country_code must be a two-letter country code/)
      // A refusal leaves the cart as it was (Medusa gave a one-country region's cart that country).
      const cart = await cartOf(irish)
      expect(cart.shipping_address?.id).toBe(before.shipping_address?.id)
      expect(cart.shipping_methods ?? []).toEqual([])
      expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(0)
    })

    it("a payer address in another country than the storefront's is flagged for review, never silent", async () => {
      const cartId = await cartPageCart()
      const started = await express(cartId, "nl")
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.data.order_token}/pay`, {
        payer: GERMAN_PAYER,
      })
      const order = await settledOrder(getContainer(), started.data.order_token, cartId)
      expect(order.shipping_address).toEqual(expect.objectContaining({ city: "Berlin", country_code: "de" }))
      expect(order.metadata.tikkie_fast_checkout.delivery_review).toEqual({
        tax_country: "nl",
        payer_country: "de",
        tax_country_differs: true,
        shipping_options_outside_zone: ["PostNL Brievenbuspakje"],
      })
    })

    it("a cart that changed after the express start is paid but kept for the shop, and a new click answers 409: do not pay again", async () => {
      const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const error = jest.spyOn(logger, "error").mockImplementation(() => undefined as never)
      try {
        const cartId = await cartPageCart()
        const started = await express(cartId, "nl")
        await call("POST", `/store/carts/${cartId}/line-items`, {
          variant_id: store.variantIds["drop-1"],
          quantity: 1,
        })
        await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.data.order_token}/pay`)
        const kept = await eventually(async () => {
          const [r] = await records().listFastCheckoutOrders({ order_token: started.data.order_token })
          return r?.problem ? r : undefined
        })
        expect(kept.problem).toMatch(/cart changed after checkout started/)
        const again = await express(cartId, "nl", { "x-medusa-locale": "nl" })
        expect(again.status).toBe(409)
        expect(again.data.message).toMatch(/betaal niet opnieuw/)
        expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(1)
        expect(await orderForCart(getContainer(), cartId)).toBeUndefined()
      } finally {
        error.mockRestore()
      }
    })
  },
})
