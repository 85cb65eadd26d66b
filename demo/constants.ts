/**
 * Names and values the demo seed, the demo runner, the storefront and the e2e test share.
 */
export const DEMO = {
  storeName: "Tikkie Demo Winkel",
  salesChannelName: "Tikkie demo webshop",
  publishableKeyTitle: "Tikkie demo storefront",
  regionName: "Nederland & België",
  stockLocationName: "Magazijn Amsterdam",
  shippingOptionName: "PostNL",
  /** Flat shipping price in euros (Medusa v2 stores major units). */
  shippingPrice: 4.95,
  /** Tax rates in percent. They differ on purpose: a payer address in Belgium changes the cart total. */
  taxRates: { nl: 21, be: 6 },
  adminEmail: "admin@tikkie-demo.local",
  adminPassword: "tikkie-demo",
  systemProvider: "pp_system_default",
  tikkieProvider: "pp_tikkie-fast-checkout_tikkie",
  /** Tikkie payment requests (pay by link), registered when TIKKIE_APP_TOKEN is set (the demo makes one). */
  paymentRequestProvider: "pp_tikkie-payment-request_tikkie",
} as const

/**
 * Promotion codes the demo seeds (demo/seed.ts) and the tests pay with: a percentage of the order, a fixed
 * amount off the order, and free shipping. Amounts in euros, as Medusa stores them.
 */
export const DEMO_PROMOTIONS = {
  percentage: { code: "TIKKIE15", percent: 15 },
  fixed: { code: "KORTING250", amount: 2.5 },
  freeShipping: { code: "GRATISVERZENDING" },
} as const

export interface DemoProductSeed {
  title: string
  handle: string
  description: string
  option: string
  /** [variant title, price in euros, stock] */
  variants: Array<[string, number, number]>
}

export const DEMO_PRODUCTS: DemoProductSeed[] = [
  {
    title: "Stroopwafels",
    handle: "stroopwafels",
    description: "Verse Goudse stroopwafels met karamelstroop, ambachtelijk gebakken.",
    option: "Verpakking",
    variants: [
      ["8 stuks", 3.95, 500],
      ["16 stuks", 6.95, 500],
    ],
  },
  {
    title: "Delfts Blauw mok",
    handle: "delfts-blauw-mok",
    description: "Handbeschilderde mok in Delfts Blauw, vaatwasserbestendig.",
    option: "Maat",
    variants: [
      ["Klein (250 ml)", 12.5, 100],
      ["Groot (400 ml)", 16.5, 100],
    ],
  },
  {
    title: "Tulpenbollen",
    handle: "tulpenbollen",
    description: "Tien bollen uit de Bollenstreek, plant ze in het najaar.",
    option: "Kleur",
    variants: [
      ["Rood", 7.99, 250],
      ["Geel", 7.99, 250],
      ["Gemengd", 8.99, 250],
    ],
  },
  {
    title: "Drop",
    handle: "drop",
    description: "Hollandse drop in een blik van 250 gram.",
    option: "Smaak",
    variants: [
      ["Zoet", 4.25, 300],
      ["Zout", 4.25, 300],
    ],
  },
]

/**
 * The ready banner's bank line: the admin's tabs and buttons by the names the admin shows (in English),
 * and what the demo does by itself (startDemoPayouts: the sandbox pays out every 30 seconds).
 */
export const BANK_BANNER = (adminUrl: string) =>
  `${adminUrl}/tikkie: Bank → Connect; the demo has the sandbox pay out every 30 s; then Reconciliation → Run now (demo/README.md)`
