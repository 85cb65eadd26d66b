/**
 * Seeds the demo store: `npx medusa exec ./demo/seed.ts` (the demo runner does this once, on a fresh
 * database). Every step looks for what it would create first, so running it again changes nothing.
 *
 * - store currency EUR, sales channel, publishable API key linked to it
 * - one region "Nederland & België" (EUR, nl + be) with the system payment provider and, when the store
 *   registers them, the Tikkie Fast Checkout and payment request (pay by link) providers
 * - tax regions nl 21% and be 6% (different on purpose: a Belgian payer address changes the total)
 * - stock location in Amsterdam with a fulfillment set whose service zone covers nl and be, a shipping
 *   profile and a flat-rate "PostNL" shipping option (EUR 4.95)
 * - a few products with variants, EUR prices and stock
 *
 * When DEMO_SEED_OUT is set, the publishable key and ids are written there as JSON.
 */
import fs from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  createPromotionsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateRegionsWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
import { DEMO, DEMO_PRODUCTS, DEMO_PROMOTIONS } from "./constants"

const COUNTRIES = ["nl", "be"] as const

export default async function seedDemo({ container }: ExecArgs): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const storeModule = container.resolve(Modules.STORE)
  const salesChannelModule = container.resolve(Modules.SALES_CHANNEL)
  const regionModule = container.resolve(Modules.REGION)
  const taxModule = container.resolve(Modules.TAX)
  const stockLocationModule = container.resolve(Modules.STOCK_LOCATION)
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)
  const productModule = container.resolve(Modules.PRODUCT)
  const apiKeyModule = container.resolve(Modules.API_KEY)
  const paymentModule = container.resolve(Modules.PAYMENT)

  // Sales channel
  let [salesChannel] = await salesChannelModule.listSalesChannels({ name: DEMO.salesChannelName })
  if (!salesChannel) {
    const { result } = await createSalesChannelsWorkflow(container).run({
      input: { salesChannelsData: [{ name: DEMO.salesChannelName, description: "De demo-webwinkel" }] },
    })
    salesChannel = result[0]
    logger.info(`seed: sales channel ${salesChannel.id}`)
  }

  // Store: EUR only, the demo sales channel as default
  const [store] = await storeModule.listStores()
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        name: DEMO.storeName,
        supported_currencies: [{ currency_code: "eur", is_default: true }],
        default_sales_channel_id: salesChannel.id,
      },
    },
  })

  // Payment providers: the system one always, the Tikkie ones when medusa-config registers them
  const registered = await paymentModule.listPaymentProviders({
    id: [DEMO.systemProvider, DEMO.tikkieProvider, DEMO.paymentRequestProvider],
  })
  const providers = [DEMO.systemProvider as string]
  if (registered.some((p) => p.id === DEMO.tikkieProvider)) providers.push(DEMO.tikkieProvider)
  if (registered.some((p) => p.id === DEMO.paymentRequestProvider)) providers.push(DEMO.paymentRequestProvider)

  // Region
  let [region] = await regionModule.listRegions({ name: DEMO.regionName })
  if (!region) {
    const { result } = await createRegionsWorkflow(container).run({
      input: {
        regions: [
          {
            name: DEMO.regionName,
            currency_code: "eur",
            countries: [...COUNTRIES],
            payment_providers: providers,
            automatic_taxes: true,
          },
        ],
      },
    })
    region = result[0]
    logger.info(`seed: region ${region.id} with ${providers.join(", ")}`)
  } else {
    await updateRegionsWorkflow(container).run({
      input: { selector: { id: region.id }, update: { payment_providers: providers } },
    })
  }
  await updateStoresWorkflow(container).run({
    input: { selector: { id: store.id }, update: { default_region_id: region.id } },
  })

  // Tax regions
  for (const country_code of COUNTRIES) {
    const existing = await taxModule.listTaxRegions({ country_code })
    if (existing.some((r) => !r.parent_id)) continue
    const rate = DEMO.taxRates[country_code]
    await createTaxRegionsWorkflow(container).run({
      input: [
        {
          country_code,
          provider_id: "tp_system",
          default_tax_rate: {
            rate,
            code: `${country_code}-vat-${rate}`,
            name: `BTW ${country_code.toUpperCase()} ${rate}%`,
          },
        },
      ],
    })
    logger.info(`seed: tax region ${country_code} ${rate}%`)
  }

  // Stock location, linked to the manual fulfillment provider and the sales channel
  let [location] = await stockLocationModule.listStockLocations({ name: DEMO.stockLocationName })
  if (!location) {
    const { result } = await createStockLocationsWorkflow(container).run({
      input: {
        locations: [
          {
            name: DEMO.stockLocationName,
            address: {
              address_1: "Gustav Mahlerlaan 10",
              postal_code: "1082 PP",
              city: "Amsterdam",
              country_code: "NL",
            },
          },
        ],
      },
    })
    location = result[0]
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
    })
    await linkSalesChannelsToStockLocationWorkflow(container).run({
      input: { id: location.id, add: [salesChannel.id] },
    })
    logger.info(`seed: stock location ${location.id}`)
  }

  // Shipping profile
  let [profile] = await fulfillmentModule.listShippingProfiles({ type: "default" })
  if (!profile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Standaard", type: "default" }] },
    })
    profile = result[0]
  }

  // Fulfillment set with a service zone for nl and be, and the flat-rate shipping option
  const fulfillmentSetName = `${DEMO.stockLocationName} verzending`
  let [fulfillmentSet] = await fulfillmentModule.listFulfillmentSets(
    { name: fulfillmentSetName },
    { relations: ["service_zones"] }
  )
  if (!fulfillmentSet) {
    fulfillmentSet = await fulfillmentModule.createFulfillmentSets({
      name: fulfillmentSetName,
      type: "shipping",
      service_zones: [
        { name: "Benelux", geo_zones: COUNTRIES.map((country_code) => ({ type: "country" as const, country_code })) },
      ],
    })
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
      [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
    })
  }
  const options = await fulfillmentModule.listShippingOptions({ name: DEMO.shippingOptionName })
  if (!options.length) {
    await createShippingOptionsWorkflow(container).run({
      input: [
        {
          name: DEMO.shippingOptionName,
          price_type: "flat",
          provider_id: "manual_manual",
          service_zone_id: fulfillmentSet.service_zones[0].id,
          shipping_profile_id: profile.id,
          type: { label: "Standaard", description: "Bezorgd in 1-2 werkdagen.", code: "postnl-standard" },
          prices: [
            { currency_code: "eur", amount: DEMO.shippingPrice },
            { region_id: region.id, amount: DEMO.shippingPrice },
          ],
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" },
            { attribute: "is_return", value: "false", operator: "eq" },
          ],
        },
      ],
    })
    logger.info(`seed: shipping option ${DEMO.shippingOptionName} EUR ${DEMO.shippingPrice}`)
  }

  // Publishable API key linked to the sales channel
  let [apiKey] = await apiKeyModule.listApiKeys({ title: DEMO.publishableKeyTitle, type: "publishable" })
  if (!apiKey) {
    const { result } = await createApiKeysWorkflow(container).run({
      input: { api_keys: [{ title: DEMO.publishableKeyTitle, type: "publishable", created_by: "" }] },
    })
    apiKey = result[0]
    await linkSalesChannelsToApiKeyWorkflow(container).run({
      input: { id: apiKey.id, add: [salesChannel.id] },
    })
    logger.info(`seed: publishable key ${apiKey.token}`)
  }

  // Products with variants, prices and stock
  const handles = DEMO_PRODUCTS.map((p) => p.handle)
  const existing = await productModule.listProducts({ handle: handles }, { select: ["handle"] })
  const missing = DEMO_PRODUCTS.filter((p) => !existing.some((e) => e.handle === p.handle))
  if (missing.length) {
    await createProductsWorkflow(container).run({
      input: {
        products: missing.map((p) => ({
          title: p.title,
          handle: p.handle,
          description: p.description,
          status: ProductStatus.PUBLISHED,
          shipping_profile_id: profile.id,
          options: [{ title: p.option, values: p.variants.map(([v]) => v) }],
          variants: p.variants.map(([title, price], i) => ({
            title,
            sku: `${p.handle}-${i + 1}`,
            manage_inventory: true,
            options: { [p.option]: title },
            prices: [{ currency_code: "eur", amount: price }],
          })),
          sales_channels: [{ id: salesChannel.id }],
        })),
      },
    })
    const skus = missing.flatMap((p) => p.variants.map(([, , stock], i) => [`${p.handle}-${i + 1}`, stock] as const))
    const { data: items } = await query.graph({
      entity: "inventory_item",
      fields: ["id", "sku"],
      filters: { sku: skus.map(([sku]) => sku) },
    })
    await createInventoryLevelsWorkflow(container).run({
      input: {
        inventory_levels: items.map((item: { id: string; sku?: string | null }) => ({
          inventory_item_id: item.id,
          location_id: location.id,
          stocked_quantity: skus.find(([sku]) => sku === item.sku)?.[1] ?? 100,
        })),
      },
    })
    logger.info(`seed: ${missing.length} products`)
  }

  // Promotions: what a shop's codes do to a cart paid with Tikkie (the discount must reach Tikkie to the cent).
  const promotionCodes = Object.values(DEMO_PROMOTIONS).map((p) => p.code)
  const existingPromotions = await container
    .resolve(Modules.PROMOTION)
    .listPromotions({ code: promotionCodes }, { select: ["code"] })
  const missingPromotions = [
    {
      code: DEMO_PROMOTIONS.percentage.code,
      application_method: {
        type: "percentage",
        target_type: "order",
        allocation: "across",
        value: DEMO_PROMOTIONS.percentage.percent,
      },
    },
    {
      code: DEMO_PROMOTIONS.fixed.code,
      application_method: {
        type: "fixed",
        target_type: "order",
        allocation: "across",
        value: DEMO_PROMOTIONS.fixed.amount,
        currency_code: "eur",
      },
    },
    {
      code: DEMO_PROMOTIONS.freeShipping.code,
      application_method: { type: "percentage", target_type: "shipping_methods", allocation: "across", value: 100 },
    },
  ].filter((p) => !existingPromotions.some((e) => e.code === p.code))
  if (missingPromotions.length) {
    await createPromotionsWorkflow(container).run({
      input: {
        promotionsData: missingPromotions.map((p) => ({
          ...p,
          type: "standard",
          status: "active",
          is_automatic: false,
        })) as never,
      },
    })
    logger.info(`seed: promotions ${missingPromotions.map((p) => p.code).join(", ")}`)
  }

  const out = {
    publishableKey: apiKey.token,
    regionId: region.id,
    salesChannelId: salesChannel.id,
    stockLocationId: location.id,
    paymentProviders: providers,
  }
  if (process.env.DEMO_SEED_OUT) fs.writeFileSync(process.env.DEMO_SEED_OUT, JSON.stringify(out, null, 2))
  logger.info(`seed: done ${JSON.stringify(out)}`)
}
