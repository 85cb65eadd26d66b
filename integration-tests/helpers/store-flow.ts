import type { MedusaContainer } from "@medusajs/framework/types"
import { request } from "undici"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import seedDemo from "../../demo/seed"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { DEMO } from "../../demo/constants"

export interface SeededStore {
  publishableKey: string
  regionId: string
  variantIds: Record<string, string>
}

/**
 * Seeds the demo's Benelux store (NL 21%, BE 6%, PostNL €4.95, four products) into the test database,
 * unless it is there already (a store group seeds it once before its suites: store-suites.ts).
 */
export async function seedStore(container: MedusaContainer): Promise<SeededStore> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const publishableKeys = () =>
    query.graph({ entity: "api_key", fields: ["token"], filters: { title: DEMO.publishableKeyTitle } })
  let { data: keys } = await publishableKeys()
  if (!keys.length) {
    await seedDemo({ container, args: [] } as never)
    keys = (await publishableKeys()).data
  }
  const { data: regions } = await query.graph({ entity: "region", fields: ["id"], filters: { name: DEMO.regionName } })
  const { data: variants } = await query.graph({ entity: "product_variant", fields: ["id", "sku"] })
  return {
    publishableKey: (keys[0] as { token: string }).token,
    regionId: (regions[0] as { id: string }).id,
    variantIds: Object.fromEntries((variants as Array<{ id: string; sku: string }>).map((v) => [v.sku, v.id])),
  }
}

export const DUTCH_ADDRESS = {
  first_name: "Sanne",
  last_name: "de Vries",
  address_1: "Keizersgracht 1",
  postal_code: "1015 CJ",
  city: "Amsterdam",
  country_code: "nl",
}

export const BELGIAN_ADDRESS = {
  first_name: "Lotte",
  last_name: "Peeters",
  address_1: "Meir 50",
  postal_code: "2000",
  city: "Antwerpen",
  country_code: "be",
}

/** A Fast Checkout payer in Rotterdam, as the sandbox's pay control takes it. */
export const ROTTERDAM_PAYER = {
  firstName: "Daan",
  lastName: "Bakker",
  email: "daan.bakker@example.nl",
  shippingAddress: { street: "Coolsingel", houseNumber: "40", postalCode: "3011 AD", city: "Rotterdam", country: "NL" },
}

/** A Fast Checkout payer in Berlin: outside the demo's Benelux shipping zone. */
export const GERMAN_PAYER = {
  firstName: "Jonas",
  lastName: "Schmidt",
  email: "jonas.schmidt@example.de",
  shippingAddress: { street: "Unter den Linden", houseNumber: "5", postalCode: "10117", city: "Berlin", country: "DE" },
}

/** A Fast Checkout payer as the sandbox's pay control takes it: a company in Antwerp. */
export const BELGIAN_PAYER = {
  firstName: "Lotte",
  lastName: "Peeters",
  email: "lotte.peeters@example.be",
  phoneNumber: "+32470123456",
  companyName: "Peeters BV",
  shippingAddress: {
    street: "Meir",
    houseNumber: "50",
    addition: "bus 3",
    postalCode: "2000",
    city: "Antwerpen",
    country: "BE",
  },
}

/** The Store API calls a storefront makes, with the publishable key. */
export function storeApi(api: { get: Function; post: Function }, publishableKey: string) {
  const headers = { "x-publishable-api-key": publishableKey }
  return {
    async createCart(regionId: string, lines: Array<[string, number]>, address = DUTCH_ADDRESS) {
      // The lines go with the cart (one cart workflow instead of one per line, as a storefront may do it).
      const items = lines.map(([variant_id, quantity]) => ({ variant_id, quantity }))
      const { data } = await api.post(
        "/store/carts",
        { region_id: regionId, shipping_address: address, items },
        { headers }
      )
      const cartId = data.cart.id as string
      const { data: options } = await api.get(`/store/shipping-options?cart_id=${cartId}`, { headers })
      await api.post(
        `/store/carts/${cartId}/shipping-methods`,
        { option_id: options.shipping_options[0].id },
        { headers }
      )
      return this.getCart(cartId)
    },
    async getCart(cartId: string) {
      const { data } = await api.get(
        `/store/carts/${cartId}?fields=*items,+total,+payment_collection.*,+payment_collection.payment_sessions.*`,
        { headers }
      )
      return data.cart
    },
    async addItem(cartId: string, variant_id: string, quantity: number) {
      await api.post(`/store/carts/${cartId}/line-items`, { variant_id, quantity }, { headers })
    },
    async startFastCheckout(cartId: string) {
      const { data } = await api.post(`/store/carts/${cartId}/tikkie-fast-checkout`, {}, { headers })
      return data as { checkout_url: string; order_token: string; payment_session_id: string }
    },
    headers,
  }
}

/** Waits for a condition a background worker makes true (webhook → event bus → subscriber). */
export async function eventually<T>(fn: () => Promise<T | undefined>, timeoutMs = 20_000, stepMs = 100): Promise<T> {
  const until = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const v = await fn()
      if (v !== undefined && v !== null && v !== false) return v
    } catch (e) {
      last = e
    }
    if (Date.now() > until) throw new Error(`condition not met in ${timeoutMs} ms${last ? `: ${String(last)}` : ""}`)
    await new Promise((r) => setTimeout(r, stepMs))
  }
}

/** The Medusa order created for a cart, if any. */
export async function orderForCart(container: MedusaContainer, cartId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cartId },
  })
  const orderId = (links[0] as { order_id?: string } | undefined)?.order_id
  if (!orderId) return undefined
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "email",
      "total",
      "metadata",
      "shipping_address.*",
      "payment_collections.status",
      "payment_collections.payments.amount",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.data",
      "payment_collections.payments.captures.amount",
    ],
    filters: { id: orderId },
  })
  return data[0] as Record<string, any>
}

/** Waits until the plugin has turned a Fast Checkout order into a Medusa order; answers that order. */
export async function settledOrder(container: MedusaContainer, orderToken: string, cartId: string, timeoutMs = 20_000) {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  await eventually(
    async () => (await tikkie.listFastCheckoutOrders({ order_token: orderToken }))[0]?.medusa_order_id,
    timeoutMs
  )
  return (await orderForCart(container, cartId))!
}

/** How many Medusa orders were created for a cart (must never exceed one). */
export async function ordersForCartCount(container: MedusaContainer, cartId: string): Promise<number> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return data.length
}

/** The tests' usual cart: three packs of stroopwafels and a mug, shipped to a Dutch address. */
export function stroopwafelsAndMugCart(shop: ReturnType<typeof storeApi>, store: SeededStore) {
  return shop.createCart(store.regionId, [
    [store.variantIds["stroopwafels-1"], 3],
    [store.variantIds["delfts-blauw-mok-1"], 1],
  ])
}

/**
 * Carts ready for checkout (stroopwafelsAndMugCart), made once in the suite's `beforeAll`. A cart with its
 * items, address and shipping method costs Medusa's workflows 1-2 s on 2 cores, a third of the checkout
 * suites' time when every test made its own; the test runner puts the database back before every test
 * to what it was after the suite's hooks, so every test finds these carts again as they were made,
 * unpaid and without a payment session. A test that takes more than were made gets new ones.
 */
export function useReadyCarts(count: number) {
  type Cart = Awaited<ReturnType<typeof stroopwafelsAndMugCart>>
  const ready: Cart[] = []
  let taken = 0
  beforeEach(() => {
    taken = 0
  })
  return {
    /** Call in the suite's `beforeAll`, after the store is seeded. */
    async make(shop: ReturnType<typeof storeApi>, store: SeededStore) {
      for (let i = 0; i < count; i++) ready.push(await stroopwafelsAndMugCart(shop, store))
    },
    /** The test's next cart: a ready one while there are, then a new one. */
    take(shop: ReturnType<typeof storeApi>, store: SeededStore): Promise<Cart> {
      return taken < ready.length
        ? Promise.resolve(structuredClone(ready[taken++]))
        : stroopwafelsAndMugCart(shop, store)
    },
  }
}

/** A browser arriving at a return route: the redirect's status and where it points (not followed). */
export async function arriveAt(url: string): Promise<{ status: number; location: URL }> {
  const res = await request(url)
  await res.body.dump()
  return { status: res.statusCode, location: new URL(String(res.headers.location)) }
}
