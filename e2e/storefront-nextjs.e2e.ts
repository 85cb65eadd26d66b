/**
 * docs/storefront-nextjs.md, tested where it breaks: a Next.js 15 storefront shaped like Medusa's Next.js
 * starter (e2e/nextjs-storefront: App Router, Server Components and Server Actions, the starter's cart
 * cookie with sameSite "strict", moduleResolution "node" in its tsconfig), whose Tikkie files are the
 * guide's code blocks as written, with the plugin installed by the guide's own install line
 * (`npm install medusa-plugin-tikkie`) from a registry on this machine (Verdaccio, scripts/registry.js, to
 * which the three packages are published first, as a release publishes them: scripts/publish.js), built with
 * `next build`, run with `next start`, and driven in Debian's Chromium against the demo store. The Tikkie
 * sandbox listens on 127.0.0.1 and the storefront on localhost: the way back from Tikkie starts on another
 * site, as in production.
 *
 *   npm run test:nextjs        (e2e/install-chromium.sh installs Chromium when it is missing)
 *
 * Env: TIKKIE_REGISTRY_URL (a running registry that already has the packages: no registry is started and
 * nothing published), E2E_KEEP=1 (keep the demo's
 * data directory), CHROMIUM_PATH, E2E_HEADED=1. The last line printed is "N passed, N failed".
 */
import assert from "node:assert/strict"
import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import type { BrowserContextOptions, Page } from "playwright-core"
import { DEMO } from "../demo/constants"
import { adminLogin, ROOT, startDemo, type RunningDemo } from "../demo/run"
import { BrowserRunner } from "./browser-runner"
import { cancelAtTikkie, payTikkieLink, payWithTikkie } from "./sandbox-pages"
import { guideInstallLine, missingAdditions, NEXTJS_APP, writeGuideFiles } from "./storefront-guide"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require("../scripts/embedded-db") as { freePort(): Promise<number> }
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startRegistry } = require("../scripts/registry") as {
  startRegistry(dir: string, opts: { log(m: string): void }): Promise<{ url: string; stop(): void; version: string }>
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { publishAll } = require("../scripts/publish") as {
  publishAll(
    opts: { registry: string; anonymous: boolean },
    io: { stdio: "pipe" }
  ): Array<{ name: string; version: string; command: string }>
}

const runner = new BrowserRunner({ artifacts: path.join(ROOT, "e2e", ".artifacts", "nextjs"), testTimeoutMs: 150_000 })
const CART_COOKIE = "_medusa_cart_id"
let demo: RunningDemo
let storefrontUrl: string

function step(what: string) {
  process.stdout.write(`nextjs: ${what}\n`)
}

/** Runs a command to its end; its output is shown only when it fails. */
function run(cmd: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): string {
  const started = Date.now()
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  if (r.status !== 0)
    throw new Error(
      `${cmd} ${args.join(" ")} failed (${r.status}):\n${(r.stdout ?? "") + (r.stderr ?? "")}`.slice(0, 20_000)
    )
  step(`${cmd} ${args.slice(0, 3).join(" ")}: ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return r.stdout
}

/**
 * The registry a shop's storefront installs from: one started here with the three packages published to it
 * (the package test's registry is gone when it ends), or TIKKIE_REGISTRY_URL's.
 */
async function registryWithPackages(tmp: string): Promise<{ url: string; stop(): void }> {
  if (process.env.TIKKIE_REGISTRY_URL) return { url: process.env.TIKKIE_REGISTRY_URL, stop: () => {} }
  const registry = await startRegistry(path.join(tmp, "registry"), { log: step })
  try {
    for (const p of publishAll({ registry: registry.url, anonymous: true }, { stdio: "pipe" }))
      step(`published ${p.name}@${p.version}: ${p.command}`)
  } catch (e) {
    registry.stop()
    throw e
  }
  return registry
}

function prepareApp(registryUrl: string) {
  const missing = missingAdditions()
  assert.deepEqual(missing, [], "the guide's additions to starter files must stand in the test app's copies")
  step(`the guide's files written: ${writeGuideFiles().join(", ")}`)
  run("npm", ["install", "--no-audit", "--no-fund"], { cwd: NEXTJS_APP })
  // The guide's install line as written, with npm pointed at the registry (as a shop's .npmrc would). It
  // saves the plugin into the app's package.json and lock: both are put back, the app is checked in.
  const [cmd, ...args] = guideInstallLine()
  assert.deepEqual([cmd, ...args], ["npm", "install", "medusa-plugin-tikkie"], "the guide's install line")
  const manifests = ["package.json", "package-lock.json"].map((f) => path.join(NEXTJS_APP, f))
  const saved = manifests.map((f) => fs.readFileSync(f))
  try {
    step(`ran: ${[cmd, ...args].join(" ")} (npm_config_registry=${registryUrl})`)
    run(cmd, [...args, "--no-audit", "--no-fund"], { cwd: NEXTJS_APP, env: { npm_config_registry: registryUrl } })
    const lock = JSON.parse(fs.readFileSync(manifests[1], "utf8")).packages as Record<
      string,
      { version?: string; integrity?: string }
    >
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }
    // The tarballs the registry serves (npm writes no `resolved` URL for them; none is on the public registry).
    for (const name of ["medusa-plugin-tikkie", "tikkie-client"]) {
      const served = run("npm", ["view", `${name}@${version}`, "dist.integrity"], {
        cwd: NEXTJS_APP,
        env: { npm_config_registry: registryUrl },
      }).trim()
      const entry = lock[`node_modules/${name}`]
      assert.equal(entry?.version, version, `${name} installed at the released version`)
      assert.equal(entry?.integrity, served, `${name} is the registry's tarball`)
    }
    step(`installed by name from ${registryUrl}: medusa-plugin-tikkie and tikkie-client ${version}`)
  } finally {
    manifests.forEach((f, i) => fs.writeFileSync(f, saved[i]))
  }
  // The starter's tsconfig (moduleResolution "node") must find the helper's types: `next build` below
  // checks types too, but the starter turns that off, so this is the check a starter's developer runs.
  run("npx", ["tsc", "--noEmit"], { cwd: NEXTJS_APP })
}

function nextEnv(): NodeJS.ProcessEnv {
  return {
    NEXT_TELEMETRY_DISABLED: "1",
    MEDUSA_BACKEND_URL: demo.storeUrl,
    NEXT_PUBLIC_MEDUSA_BACKEND_URL: demo.storeUrl,
    NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: demo.publishableKey,
    // Ireland: a default region whose code is in "tikkie" (the starter's middleware, e2e/nextjs-storefront).
    NEXT_PUBLIC_DEFAULT_REGION: "ie",
  }
}

async function startNext(port: number): Promise<ChildProcess> {
  const child = spawn("npx", ["next", "start", "-p", String(port), "-H", "localhost"], {
    cwd: NEXTJS_APP,
    env: { ...process.env, ...nextEnv(), NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let output = ""
  child.stdout!.on("data", (d) => (output += d))
  child.stderr!.on("data", (d) => (output += d))
  const until = Date.now() + 60_000
  for (;;) {
    const ok = await fetch(`http://localhost:${port}/nl/cart`).then(
      (r) => r.ok,
      () => false
    )
    if (ok) return child
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`next start did not answer:\n${output.slice(-4000)}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

async function storeApi<T>(pathAndQuery: string, body?: unknown): Promise<T> {
  const res = await fetch(`${demo.storeUrl}${pathAndQuery}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "x-publishable-api-key": demo.publishableKey, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json().catch(() => ({}))) as T
  if (!res.ok) throw new Error(`${pathAndQuery}: HTTP ${res.status} ${JSON.stringify(json)}`)
  return json
}

async function adminApi<T>(pathAndQuery: string, body?: unknown): Promise<T> {
  const token = await adminLogin(demo.storeUrl)
  const res = await fetch(`${demo.storeUrl}${pathAndQuery}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json().catch(() => ({}))) as T
  if (!res.ok) throw new Error(`${pathAndQuery}: HTTP ${res.status} ${JSON.stringify(json)}`)
  return json
}

let irelandRegionId = ""

/**
 * A second region, as a shop selling abroad has one: "Ireland" (EUR, VAT 23%, the same Tikkie providers),
 * and Ireland in the shipping zone of the demo's PostNL option.
 */
async function addIrelandRegion() {
  const { region: benelux } = await adminApi<{ region: { payment_providers: Array<{ id: string }> } }>(
    `/admin/regions/${demo.regionId}?fields=id,*payment_providers`
  )
  const { region } = await adminApi<{ region: { id: string } }>("/admin/regions", {
    name: "Ireland",
    currency_code: "eur",
    countries: ["ie"],
    automatic_taxes: true,
    payment_providers: benelux.payment_providers.map((p) => p.id),
  })
  irelandRegionId = region.id
  await adminApi("/admin/tax-regions", {
    country_code: "ie",
    provider_id: "tp_system",
    default_tax_rate: { rate: 23, code: "ie-vat-23", name: "VAT IE 23%" },
  })
  const { stock_locations } = await adminApi<{
    stock_locations: Array<{
      fulfillment_sets?: Array<{
        id: string
        service_zones: Array<{ id: string; geo_zones: Array<{ id: string; type: string; country_code: string }> }>
      }>
    }>
  }>(
    "/admin/stock-locations?fields=id,*fulfillment_sets,*fulfillment_sets.service_zones,*fulfillment_sets.service_zones.geo_zones"
  )
  const set = stock_locations.flatMap((l) => l.fulfillment_sets ?? [])[0]!
  const zone = set.service_zones[0]
  await adminApi(`/admin/fulfillment-sets/${set.id}/service-zones/${zone.id}`, {
    geo_zones: [
      ...zone.geo_zones.map((g) => ({ id: g.id, type: g.type, country_code: g.country_code })),
      { type: "country", country_code: "ie" },
    ],
  })
}

const ADDRESSES = {
  nl: {
    first_name: "Sanne",
    last_name: "de Vries",
    address_1: "Prinsengracht 263",
    postal_code: "1016 GV",
    city: "Amsterdam",
  },
  be: { first_name: "Lotte", last_name: "Peeters", address_1: "Meir 50", postal_code: "2000", city: "Antwerpen" },
  ie: {
    first_name: "Aoife",
    last_name: "Murphy",
    address_1: "12 Grafton Street",
    postal_code: "D02 X285",
    city: "Dublin",
  },
}

/**
 * A cart ready to pay, as the starter's address and delivery steps leave it: items, addresses, shipping.
 * Its country is the shopper's: the starter's address step moves the shopper to that country's URLs.
 */
async function readyCart(country: keyof typeof ADDRESSES = "nl"): Promise<string> {
  const address = { ...ADDRESSES[country], country_code: country }
  const { cart } = await storeApi<{ cart: { id: string } }>("/store/carts", {
    region_id: country === "ie" ? irelandRegionId : demo.regionId,
    email: "sanne@example.nl",
    shipping_address: address,
    billing_address: address,
  })
  const { products } = await storeApi<{ products: Array<{ handle: string; variants: Array<{ id: string }> }> }>(
    "/store/products?fields=handle,*variants"
  )
  for (const handle of ["stroopwafels", "delfts-blauw-mok"]) {
    const variant = products.find((p) => p.handle === handle)!.variants[0]
    await storeApi(`/store/carts/${cart.id}/line-items`, { variant_id: variant.id, quantity: 1 })
  }
  const { shipping_options } = await storeApi<{ shipping_options: Array<{ id: string; name: string }> }>(
    `/store/shipping-options?cart_id=${cart.id}`
  )
  const option = shipping_options.find((o) => o.name === DEMO.shippingOptionName)!
  await storeApi(`/store/carts/${cart.id}/shipping-methods`, { option_id: option.id })
  return cart.id
}

/** Someone else's order: a cart paid with Medusa's system provider and completed through the Store API. */
async function someoneElsesOrder(): Promise<string> {
  const cartId = await readyCart("be")
  const { payment_collection } = await storeApi<{ payment_collection: { id: string } }>("/store/payment-collections", {
    cart_id: cartId,
  })
  await storeApi(`/store/payment-collections/${payment_collection.id}/payment-sessions`, {
    provider_id: DEMO.systemProvider,
  })
  const completed = await storeApi<{ type: string; order?: { id: string } }>(`/store/carts/${cartId}/complete`, {})
  assert.equal(completed.type, "order")
  return completed.order!.id
}

async function cartState(cartId: string) {
  const { cart } = await storeApi<{ cart: { completed_at: string | null } }>(
    `/store/carts/${cartId}?fields=completed_at`
  )
  return cart
}

/** A shopper's browser with the starter's cart cookie (httpOnly, sameSite strict) for this cart. */
async function shopperWithCart(label: string, cartId: string, context: BrowserContextOptions = {}): Promise<Page> {
  const page = await runner.newPage(label, context)
  await page
    .context()
    .addCookies([{ name: CART_COOKIE, value: cartId, url: storefrontUrl, httpOnly: true, sameSite: "Strict" }])
  return page
}

async function cartCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies(storefrontUrl)).find((c) => c.name === CART_COOKIE)?.value
}

/** Payment step: pick the provider by its title, continue to the review step. */
async function choosePayment(page: Page, countryCode: string, title: string) {
  await page.goto(`${storefrontUrl}/${countryCode}/checkout?step=payment`)
  await page.getByLabel(title, { exact: true }).check()
  await page.getByTestId("submit-payment-button").click()
  await page.waitForURL(/step=review/)
}

/** On the starter's confirmation page, in the shopper's country, with the cart forgotten; answers the order id. */
async function expectConfirmation(page: Page, cartId: string, countryCode = "nl"): Promise<string> {
  await page.waitForURL(/\/order\/order_\w+\/confirmed$/, { timeout: 60_000 })
  await page.getByText("Your order was placed successfully.").waitFor()
  assert.equal(new URL(page.url()).pathname.split("/")[1], countryCode, "back in the shopper's country")
  const orderId = new URL(page.url()).pathname.split("/")[3]
  const { order } = await storeApi<{ order: { display_id: number } }>(`/store/orders/${orderId}?fields=display_id`)
  assert.equal(await page.getByTestId("order-id").innerText(), String(order.display_id))
  assert.ok((await cartState(cartId)).completed_at, "the cart became the order")
  // The cart is forgotten: no cookie, and the shop's own pages show an empty cart.
  assert.equal(await cartCookie(page), undefined)
  await page.goto(`${storefrontUrl}/nl/cart`)
  await page.getByTestId("empty-cart-message").waitFor()
  assert.equal(await page.getByTestId("nav-cart-link").innerText(), "Cart (0)")
  return orderId
}

/** A Dutch shopper with a ready cart who picks Tikkie and presses its button: on Tikkie's page (another site). */
async function onTikkiesCheckoutPage(label: string): Promise<{ cartId: string; page: Page }> {
  const cartId = await readyCart()
  const page = await shopperWithCart(label, cartId)
  await choosePayment(page, "nl", "Tikkie")
  await page.getByRole("button", { name: "Betalen met Tikkie" }).click()
  await page.waitForURL((u) => u.hostname === "127.0.0.1")
  return { cartId, page }
}

/**
 * What a shopper leaves on the starter's cart page: a cart of the storefront's region with items, no
 * address, no e-mail, no shipping method (the starter makes the cart with the region of the URL's country).
 */
async function cartPageCart(country: "nl" | "ie"): Promise<string> {
  const { products } = await storeApi<{ products: Array<{ handle: string; variants: Array<{ id: string }> }> }>(
    "/store/products?fields=handle,*variants"
  )
  const items = ["stroopwafels", "delfts-blauw-mok"].map((handle) => ({
    variant_id: products.find((p) => p.handle === handle)!.variants[0].id,
    quantity: 1,
  }))
  const { cart } = await storeApi<{ cart: { id: string } }>("/store/carts", {
    region_id: country === "ie" ? irelandRegionId : demo.regionId,
    items,
  })
  return cart.id
}

/** Paths measured for the guide's table (step 9): milliseconds from the cart to Tikkie's page and to the order. */
const measured: Record<string, { toTikkie: number; toOrder: number }> = {}

/**
 * Express from the cart page: the option and its cost next to the button, one click to Tikkie's page with
 * nothing typed, paid → the starter's confirmation in the shopper's country, the payer's address on the order.
 */
async function expressFromCartPage(country: "nl" | "ie", words: { button: string; shipping: string }) {
  const cartId = await cartPageCart(country)
  const page = await shopperWithCart(`express-${country}`, cartId)
  const started = Date.now()
  await page.goto(`${storefrontUrl}/${country}/cart`)
  const cartPage = page.getByTestId("cart-container")
  const shipping = cartPage.getByTestId("tikkie-express-shipping")
  await shipping.waitFor()
  assert.equal((await shipping.innerText()).replace(/[\u00a0\u202f]/g, " "), words.shipping)
  let typed = 0
  page.on("request", (r) => {
    if (
      r.method() === "POST" &&
      r.url().startsWith(storefrontUrl) &&
      /first_name|address_1|email/.test(r.postData() ?? "")
    )
      typed++
  })
  await cartPage.getByRole("button", { name: words.button }).click()
  await page.waitForURL((u) => u.hostname === "127.0.0.1")
  const toTikkie = Date.now() - started
  assert.equal(typed, 0, "nothing typed on the shop's side")
  await payWithTikkie(page)
  const orderId = await expectConfirmation(page, cartId, country)
  measured[`express-${country}`] = { toTikkie, toOrder: Date.now() - started }
  const { order } = await storeApi<{
    order: { shipping_address: { address_1: string; country_code: string }; shipping_methods: Array<{ name: string }> }
  }>(`/store/orders/${orderId}?fields=*shipping_address,*shipping_methods`)
  assert.equal(order.shipping_address.address_1, "Damrak 12", "the payer's address, as Tikkie gave it")
  assert.deepEqual(
    order.shipping_methods.map((m) => m.name),
    [DEMO.shippingOptionName]
  )
}

async function runTests() {
  let paidCartId = ""

  await runner.test(
    "Express from the cart page, Dutch: 'Snel afrekenen met Tikkie' with PostNL € 5,99 (€ 4.95 and 21 % VAT) next to it (and in the cart dropdown), one click to Tikkie, nothing typed → paid → the starter's confirmation",
    async () => {
      await expressFromCartPage("nl", { button: "Snel afrekenen met Tikkie", shipping: "Verzending: PostNL, € 5,99" })
      // The cart dropdown offers the same button.
      const cartId = await cartPageCart("nl")
      const page = await shopperWithCart("express-dropdown", cartId)
      await page.goto(`${storefrontUrl}/nl/cart`)
      await page.getByTestId("nav-cart-link").hover()
      const dropdown = page.getByTestId("nav-cart-dropdown")
      await dropdown.getByTestId("tikkie-express-shipping").waitFor()
      assert.equal(await dropdown.getByRole("button", { name: "Snel afrekenen met Tikkie" }).isEnabled(), true)
    }
  )

  await runner.test(
    "Express from the cart page, English (an Irish shopper on /ie): 'Fast checkout with Tikkie' with PostNL €6.09 (Irish VAT, 23 %), one click to Tikkie → paid → /ie's confirmation",
    async () => {
      await expressFromCartPage("ie", { button: "Fast checkout with Tikkie", shipping: "Shipping: PostNL, €6.09" })
    }
  )

  await runner.test(
    "Fast Checkout, Dutch: pay at Tikkie → the starter's confirmation page with the order number, cart cleared",
    async () => {
      const started = Date.now()
      const { cartId, page } = await onTikkiesCheckoutPage("fast-checkout")
      const toTikkie = Date.now() - started
      await payWithTikkie(page)
      await expectConfirmation(page, cartId)
      measured["checkout-nl"] = { toTikkie, toOrder: Date.now() - started }
      paidCartId = cartId
    }
  )

  await runner.test(
    "a link to any order's return from another site keeps the shopper's cart (it is not that order's, nor completed)",
    async () => {
      const otherOrderId = await someoneElsesOrder()
      const cartId = await readyCart()
      const page = await shopperWithCart("foreign-return-link", cartId)
      // A page on another site (the sandbox's address) with a link to the shop's return route.
      await page.goto(`${demo.sandboxUrl}/_sandbox/fastcheckout/orders`)
      await page.evaluate((href) => {
        window.location.href = href
      }, `${storefrontUrl}/nl/tikkie/return?order_id=${otherOrderId}`)
      await page.waitForURL(new RegExp(`/nl/order/${otherOrderId}/confirmed$`), { timeout: 60_000 })
      assert.equal(await cartCookie(page), cartId, "the shopper's cart cookie is still there")
      await page.goto(`${storefrontUrl}/nl/checkout?step=payment`)
      assert.equal(await page.getByTestId("checkout-cart-id").innerText(), cartId)
    }
  )

  await runner.test(
    "Fast Checkout in another region, English (an Irish shopper on /ie): cancelled → back on /ie's payment step; paid → /ie's confirmation",
    async () => {
      const cartId = await readyCart("ie")
      const page = await shopperWithCart("fast-checkout-ireland", cartId)
      await choosePayment(page, "ie", "Tikkie")
      await page.getByRole("button", { name: "Pay with Tikkie" }).click()
      await page.waitForURL((u) => u.hostname === "127.0.0.1")
      await cancelAtTikkie(page)
      const notice = page.getByTestId("tikkie-return-notice")
      await notice.waitFor({ timeout: 60_000 })
      assert.match(await notice.innerText(), /Payment not completed[\s\S]*You cancelled the payment at Tikkie\./)
      await page.waitForURL((u) => u.pathname === "/ie/checkout" && !u.searchParams.has("tikkie_status"))
      assert.equal(await page.getByTestId("checkout-cart-id").innerText(), cartId)

      await page.getByLabel("Tikkie", { exact: true }).check()
      await page.getByTestId("submit-payment-button").click()
      await page.waitForURL(/step=review/)
      await page.getByRole("button", { name: "Pay with Tikkie" }).click()
      await page.waitForURL((u) => u.hostname === "127.0.0.1")
      await payWithTikkie(page)
      await expectConfirmation(page, cartId, "ie")
    }
  )

  await runner.test(
    "Fast Checkout cancelled, Dutch: back on the payment step with the cart, told why once; paying again works",
    async () => {
      const { cartId, page } = await onTikkiesCheckoutPage("fast-checkout-cancel")
      await cancelAtTikkie(page)
      const notice = page.getByTestId("tikkie-return-notice")
      await notice.waitFor({ timeout: 60_000 })
      assert.match(
        await notice.innerText(),
        /Betaling niet afgerond[\s\S]*Je hebt de betaling bij Tikkie geannuleerd\. Er is niets afgeschreven\./
      )
      assert.equal(await page.getByTestId("checkout-cart-id").innerText(), cartId)
      // tikkie_status leaves the URL: the review step and a reload do not say it again.
      await page.waitForURL((u) => u.searchParams.get("step") === "payment" && !u.searchParams.has("tikkie_status"))
      // The cancelled session is no longer pending: the shopper picks Tikkie again, as in the starter.
      await page.getByLabel("Tikkie", { exact: true }).check()
      await page.getByTestId("submit-payment-button").click()
      await page.waitForURL(/step=review/)
      assert.equal(await page.getByTestId("tikkie-return-notice").count(), 0)

      await page.getByRole("button", { name: "Betalen met Tikkie" }).click()
      await page.waitForURL((u) => u.hostname === "127.0.0.1")
      await payWithTikkie(page)
      await expectConfirmation(page, cartId)
    }
  )

  await runner.test(
    "payment link, English (a Belgian shopper on /be): 'I have paid' too early says no payment yet, on /be; paid, it confirms the order on /be",
    async () => {
      const cartId = await readyCart("be")
      const page = await shopperWithCart("payment-link", cartId)
      await choosePayment(page, "be", "Tikkie payment link")
      await page.getByRole("button", { name: "Pay with a Tikkie link" }).click()
      const open = page.getByRole("link", { name: "Open Tikkie's payment page" })
      const paid = page.getByRole("link", { name: "I have paid" })
      await open.waitFor()
      // Links styled as buttons, not buttons inside links.
      assert.equal(await page.locator("a button, button a").count(), 0)

      await paid.click()
      const notice = page.getByTestId("tikkie-return-notice")
      await notice.waitFor({ timeout: 60_000 })
      assert.match(
        await notice.innerText(),
        /Tikkie has no payment for your link yet\. Pay on Tikkie's page first, then press “I have paid”\./
      )
      await page.waitForURL(
        (u) =>
          u.pathname === "/be/checkout" &&
          u.searchParams.get("step") === "payment" &&
          !u.searchParams.has("tikkie_status")
      )

      await page.getByTestId("submit-payment-button").click()
      await page.waitForURL(/step=review/)
      await page.getByRole("button", { name: "Pay with a Tikkie link" }).click()
      const [payer] = await Promise.all([page.context().waitForEvent("page"), open.click()])
      runner.pages.push(payer)
      await payTikkieLink(payer, { name: "Lotte Peeters" })
      await paid.click()
      await expectConfirmation(page, cartId, "be")
    }
  )

  await runner.test(
    "a store error reaches the shopper as its message, in Dutch, and the button stays off (a cart already paid)",
    async () => {
      assert.ok(paidCartId, "the first test paid a cart")
      const page = await shopperWithCart("store-error", paidCartId)
      await page.goto(`${storefrontUrl}/nl/checkout?step=review`)
      const button = page.getByRole("button", { name: "Betalen met Tikkie" })
      await button.click()
      const error = page.getByTestId("tikkie-payment-error-message")
      await error.waitFor()
      assert.equal(
        await error.innerText(),
        "Van deze winkelwagen is al een bestelling gemaakt. Er valt niets meer te betalen."
      )
      assert.equal(await button.isDisabled(), true)
    }
  )
}

async function main(): Promise<number> {
  const started = Date.now()
  const keep = process.env.E2E_KEEP === "1"
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tikkie-nextjs-"))
  // Embedded Postgres runs as the user "postgres" when we are root: it must reach the demo's data directory.
  fs.chmodSync(tmp, 0o755)
  let next: ChildProcess | undefined
  let registry: { url: string; stop(): void } | undefined
  try {
    registry = await registryWithPackages(tmp)
    prepareApp(registry.url)
    const nextPort = await freePort()
    storefrontUrl = `http://localhost:${nextPort}`
    step("starting the demo store")
    demo = await startDemo({
      dataDir: path.join(tmp, "demo"),
      storePort: await freePort(),
      storefrontPort: await freePort(),
      sandboxPort: await freePort(),
      admin: false,
      // Both providers send the shopper back to the Next.js storefront's return route (the guide's step 2).
      env: {
        TIKKIE_SUCCESS_URL: `${storefrontUrl}/{country_code}/tikkie/return`,
        TIKKIE_FAILURE_URL: `${storefrontUrl}/{country_code}/tikkie/return`,
      },
      log: (l) => process.stdout.write(`  [demo] ${l}\n`),
    })
    await addIrelandRegion()
    assert.match(demo.sandboxUrl, /^http:\/\/127\.0\.0\.1:/, "the sandbox is another site than the storefront")
    run("npx", ["next", "build"], { cwd: NEXTJS_APP, env: nextEnv() })
    next = await startNext(nextPort)
    step(`storefront on ${storefrontUrl}, store on ${demo.storeUrl}, sandbox on ${demo.sandboxUrl}`)
    await runner.launch()
    await runTests()
    for (const [path, ms] of Object.entries(measured))
      step(`measured ${path}: to Tikkie's page ${ms.toTikkie} ms, to the confirmation ${ms.toOrder} ms`)
  } finally {
    await runner.close()
    if (next?.pid) {
      try {
        process.kill(-next.pid, "SIGTERM")
      } catch {
        // already gone
      }
    }
    await demo?.stop()
    registry?.stop()
    if (keep) step(`kept ${tmp}`)
    else fs.rmSync(tmp, { recursive: true, force: true })
  }
  step(`${((Date.now() - started) / 1000).toFixed(1)} s in all`)
  process.stdout.write(`\n${runner.count("passed")} passed, ${runner.count("failed")} failed\n`)
  return runner.count("failed")
}

main().then(
  (failed) => process.exit(failed ? 1 : 0),
  (e) => {
    process.stderr.write(`nextjs: ${e instanceof Error ? e.stack || e.message : String(e)}\n`)
    process.stdout.write(`0 passed, 1 failed\n`)
    process.exit(1)
  }
)
