/**
 * The demo storefront: a small node:http server with plain HTML pages and one vanilla JS file.
 *
 * The browser talks to the Medusa Store API directly (publishable key, CORS via STORE_CORS). The order
 * confirmation page is rendered here, server side, from the Admin API with a token obtained at start
 * with the seeded admin login: the Store API's order route needs a logged-in customer. The admin token
 * never reaches the browser.
 */
import fs from "node:fs"
import http, { type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import { readTikkieReturn, tikkieReturnMessage } from "../../src/storefront"
// A plain-JS script shared with the package build (scripts/build-package.js).
const { bundleStorefront } = require("../../scripts/bundle-storefront") as {
  bundleStorefront(opts: { entry: string; format: "esm" | "iife" }): Promise<string | undefined>
}

export interface StorefrontOptions {
  port: number
  host?: string
  storeUrl: string
  publishableKey: string
  regionId: string
  admin: { email: string; password: string }
}

export interface RunningStorefront {
  url: string
  close(): Promise<void>
}

const PUBLIC_DIR = path.join(__dirname, "public")
const STATIC: Record<string, [string, string]> = {
  "/app.js": ["app.js", "text/javascript; charset=utf-8"],
  "/style.css": ["style.css", "text/css; charset=utf-8"],
}

export async function startStorefront(opts: StorefrontOptions): Promise<RunningStorefront> {
  const adminApi = new AdminApi(opts.storeUrl, opts.admin)
  await adminApi.token() // fail early when the login does not work
  const clientBundle = (await bundleStorefront({ entry: "demo/storefront/client.ts", format: "iife" }))!

  const server = http.createServer((req, res) => {
    handle(req, res, opts, adminApi, clientBundle).catch((e) => {
      if (!res.headersSent) {
        sendHtml(res, 500, page("Error", `<h1>Something went wrong</h1><p class="error">${esc(errorText(e))}</p>`))
      } else res.end()
    })
  })
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(opts.port, opts.host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  opts: StorefrontOptions,
  adminApi: AdminApi,
  clientBundle: string
) {
  const url = new URL(req.url ?? "/", "http://storefront.local")
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD" }).end()
    return
  }
  if (url.pathname === "/tikkie-storefront.js") {
    res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" })
    res.end(clientBundle)
    return
  }
  const file = STATIC[url.pathname]
  if (file) {
    res.writeHead(200, { "content-type": file[1], "cache-control": "no-cache" })
    res.end(fs.readFileSync(path.join(PUBLIC_DIR, file[0])))
    return
  }
  switch (url.pathname) {
    case "/":
      return sendHtml(res, 200, page("Shop", shopBody(), opts))
    case "/checkout":
      return sendHtml(res, 200, page("Checkout", checkoutBody(url.searchParams), opts))
    case "/order/confirmed":
      return confirmation(res, url.searchParams, adminApi, opts)
    case "/health":
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}')
      return
    default:
      return sendHtml(res, 404, page("Not found", `<h1>Page not found</h1><p><a href="/">Back to the shop</a></p>`))
  }
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
  res.end(html)
}

function esc(v: unknown): string {
  return String(v ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

function page(title: string, body: string, opts?: StorefrontOptions): string {
  const config = opts
    ? `<script>window.DEMO = ${JSON.stringify({
        storeUrl: opts.storeUrl,
        publishableKey: opts.publishableKey,
        regionId: opts.regionId,
      }).replace(/</g, "\\u003c")}</script>
  <script src="/tikkie-storefront.js" defer></script>
  <script src="/app.js" defer></script>`
    : ""
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${esc(title)} · Tikkie Demo Winkel</title>
  <link rel="stylesheet" href="/style.css">
  ${config}
</head>
<body>
  <header class="top">
    <a class="brand" href="/"><span class="logo">T</span> Tikkie Demo Winkel</a>
    <nav><a href="/">Shop</a> <a href="/checkout" class="cart-link">Cart <span id="cart-count" class="badge">0</span></a></nav>
  </header>
  <main>
${body}
  </main>
  <footer>Demo store for <code>medusa-plugin-tikkie</code>. Payments go to the local Tikkie sandbox: no real money moves.</footer>
</body>
</html>`
}

function shopBody(): string {
  return `    <section class="hero">
      <h1>Dutch classics, paid with Tikkie</h1>
      <p>Add something to your cart and check out with Tikkie Fast Checkout: your name and address come from Tikkie.</p>
    </section>
    <p id="notice" class="notice" hidden></p>
    <section id="products" class="grid" aria-live="polite"><p class="muted">Loading products…</p></section>`
}

/** The banner of a return from Tikkie, in the words of the plugin's storefront helper. */
function checkoutBody(params: URLSearchParams): string {
  const state = readTikkieReturn(params)
  const said = tikkieReturnMessage(state)
  const status = state.kind === "not-paid" ? state.status : state.kind === "paid-not-placed" ? "PAID_NOT_COMPLETED" : ""
  const banner = status
    ? `<div class="alert" id="payment-failed" role="alert" data-status="${esc(status)}"><strong>${esc(said.title)}.</strong> ${esc(said.text)}</div>`
    : ""
  return `    <h1>Checkout</h1>
    ${banner}
    <div class="checkout">
      <section class="panel">
        <h2>Your cart</h2>
        <div id="cart-lines"><p class="muted">Loading cart…</p></div>
        <dl class="totals" id="totals"></dl>
        <div class="row promo">
          <label class="grow">Promotion code <input id="promo-code" name="promo_code" autocomplete="off"></label>
          <button type="button" id="apply-promo" class="btn secondary">Apply</button>
        </div>
        <p id="promo-error" class="error" role="alert" hidden></p>
        <div class="express">
          <button type="button" id="express-tikkie" class="btn tikkie" disabled>Fast checkout with Tikkie</button>
          <p id="express-shipping" class="muted small"></p>
          <p class="muted small">No form to fill in: Tikkie asks for your name, e-mail and address.</p>
          <p id="express-error" class="error" role="alert" hidden></p>
        </div>
      </section>
      <section class="panel">
        <form id="checkout-form" novalidate>
          <h2>Contact and delivery</h2>
          <p class="muted small">Optional with Tikkie: Fast Checkout fills in the email and address of the payer. Required for the test payment.</p>
          <label>Email <input type="email" name="email" autocomplete="email"></label>
          <div class="row">
            <label>First name <input name="first_name" autocomplete="given-name"></label>
            <label>Last name <input name="last_name" autocomplete="family-name"></label>
          </div>
          <div class="row">
            <label class="grow">Street and house number <input name="address_1" autocomplete="address-line1"></label>
          </div>
          <div class="row">
            <label>Postal code <input name="postal_code" autocomplete="postal-code"></label>
            <label>City <input name="city" autocomplete="address-level2"></label>
          </div>
          <div class="row">
            <label>Country
              <select name="country_code">
                <option value="nl">Netherlands (VAT 21%)</option>
                <option value="be">Belgium (VAT 6%)</option>
              </select>
            </label>
            <label>Phone <input name="phone" autocomplete="tel"></label>
          </div>
          <h2>Shipping</h2>
          <div id="shipping-options"><p class="muted">Loading shipping options…</p></div>
          <h2>Payment</h2>
          <p id="checkout-error" class="error" role="alert" hidden></p>
          <button type="button" id="pay-tikkie" class="btn tikkie">Pay with Tikkie</button>
          <p id="tikkie-note" class="muted small" hidden></p>
          <button type="button" id="pay-link" class="btn tikkie secondary" hidden>Pay with a Tikkie link</button>
          <div id="tikkie-link-panel" class="notice" hidden>
            <p><strong>Your Tikkie link is ready.</strong> Pay on Tikkie's page (it opens in a new tab), then come back here.</p>
            <p><a id="tikkie-link" class="btn tikkie" target="_blank" rel="noopener" href="#">Open the Tikkie payment page</a>
              <a id="tikkie-link-paid" class="btn secondary" href="#">I have paid</a></p>
          </div>
          <button type="button" id="pay-test" class="btn secondary" hidden>Pay (test, system provider)</button>
        </form>
      </section>
    </div>`
}

interface AdminOrder {
  id: string
  display_id?: number
  email?: string | null
  currency_code: string
  status?: string
  payment_status?: string
  created_at?: string
  total: number
  item_subtotal?: number
  shipping_subtotal?: number
  tax_total?: number
  items?: Array<{
    id: string
    title: string
    product_title?: string | null
    variant_title?: string | null
    quantity: number
    unit_price: number
    subtotal: number
    tax_lines?: Array<{ description?: string | null; rate?: number }>
  }>
  shipping_address?: {
    first_name?: string | null
    last_name?: string | null
    company?: string | null
    address_1?: string | null
    address_2?: string | null
    postal_code?: string | null
    city?: string | null
    country_code?: string | null
    phone?: string | null
  } | null
  shipping_methods?: Array<{ name: string; amount: number }>
}

const ORDER_FIELDS = [
  "id",
  "display_id",
  "email",
  "currency_code",
  "status",
  "payment_status",
  "created_at",
  "total",
  "item_subtotal",
  "shipping_subtotal",
  "tax_total",
  "*items",
  "*items.tax_lines",
  "*shipping_address",
  "*shipping_methods",
].join(",")

async function confirmation(res: ServerResponse, params: URLSearchParams, adminApi: AdminApi, opts: StorefrontOptions) {
  const back = readTikkieReturn(params)
  const orderId = back.kind === "order-placed" ? back.orderId : params.get("order_id") || ""
  if (back.kind === "confirming") {
    // Paid at Tikkie; the store is still placing the order. app.js asks the store again in a moment.
    return sendHtml(
      res,
      200,
      page(
        "Confirming your order",
        `<div class="confirmed" id="order-processing">
      <h1>Payment received: confirming your order…</h1>
      <p id="processing-status">Tikkie has your payment. This page updates by itself in a moment.</p>
    </div>`,
        opts
      )
    )
  }
  if (!/^order_[A-Za-z0-9]+$/.test(orderId)) {
    return sendHtml(
      res,
      400,
      page(
        "Order",
        `<h1>No order given</h1><p>This page needs an <code>order_id</code>.</p><p><a href="/">Back to the shop</a></p>`
      )
    )
  }
  const r = await adminApi.get(`/admin/orders/${orderId}?fields=${encodeURIComponent(ORDER_FIELDS)}`)
  if (r.status === 404) {
    return sendHtml(
      res,
      404,
      page("Order", `<h1>Order not found</h1><p>${esc(orderId)}</p><p><a href="/">Back to the shop</a></p>`)
    )
  }
  if (r.status !== 200) throw new Error(`Admin API answered ${r.status} for the order`)
  const order = (r.body as { order: AdminOrder }).order
  const money = (n: number | undefined) =>
    new Intl.NumberFormat("nl-NL", { style: "currency", currency: order.currency_code.toUpperCase() }).format(
      Number(n ?? 0)
    )
  const a = order.shipping_address
  const address = a
    ? [
        [a.company],
        [a.first_name, a.last_name],
        [a.address_1, a.address_2],
        [a.postal_code, a.city],
        [countryName(a.country_code)],
        [a.phone],
      ]
        .map((parts) => parts.filter(Boolean).join(" "))
        .filter(Boolean)
        .map((l) => `<span>${esc(l)}</span>`)
        .join("<br>")
    : `<span class="muted">none</span>`
  const lines = (order.items ?? [])
    .map(
      (i) => `<tr class="item"><td>${esc(i.product_title || i.title)}${
        i.variant_title ? ` <span class="muted">· ${esc(i.variant_title)}</span>` : ""
      }</td>
        <td class="num">${esc(i.quantity)} ×</td><td class="num">${money(i.unit_price)}</td><td class="num">${money(i.subtotal)}</td></tr>`
    )
    .join("")
  const body = `    <div class="confirmed" id="order-confirmation" data-order-id="${esc(order.id)}">
      <h1>Thank you! Your order is confirmed.</h1>
      <p>Order <strong id="order-number">#${esc(order.display_id ?? order.id)}</strong> · payment ${esc(order.payment_status ?? "")}</p>
      <div class="checkout">
        <section class="panel">
          <h2>Items</h2>
          <table class="lines"><tbody>${lines}</tbody></table>
          <dl class="totals">
            <dt>Items</dt><dd>${money(order.item_subtotal)}</dd>
            <dt>Shipping${order.shipping_methods?.[0] ? ` (${esc(order.shipping_methods[0].name)})` : ""}</dt><dd>${money(order.shipping_subtotal)}</dd>
            <dt>VAT${vatLabel(order.items ?? [])}</dt><dd>${money(order.tax_total)}</dd>
            <dt class="total">Total</dt><dd class="total" id="order-total">${money(order.total)}</dd>
          </dl>
        </section>
        <section class="panel">
          <h2>Confirmation sent to</h2>
          <p id="order-email">${esc(order.email ?? "")}</p>
          <h2>Shipping address</h2>
          <p id="order-address">${address}</p>
        </section>
      </div>
      <p><a class="btn secondary" href="/">Continue shopping</a></p>
    </div>`
  return sendHtml(res, 200, page("Order confirmed", body, opts))
}

/** The tax rates the order was charged, from its lines (" (BTW NL 21%)"): what was paid, whatever the address says. */
function vatLabel(items: Array<{ tax_lines?: Array<{ description?: string | null; rate?: number }> }>): string {
  const names = new Set(items.flatMap((i) => (i.tax_lines ?? []).map((t) => t.description || `${t.rate}%`)))
  return names.size ? ` (${esc([...names].join(", "))})` : ""
}

function countryName(code?: string | null): string {
  const names: Record<string, string> = { nl: "Netherlands", be: "Belgium" }
  return code ? (names[code.toLowerCase()] ?? code.toUpperCase()) : ""
}

/** Admin API access with a token from the seeded admin login; logs in again once when the token expired. */
class AdminApi {
  private current?: string
  constructor(
    private readonly storeUrl: string,
    private readonly login: { email: string; password: string }
  ) {}

  async token(refresh = false): Promise<string> {
    if (this.current && !refresh) return this.current
    const res = await fetch(`${this.storeUrl}/auth/user/emailpass`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(this.login),
    })
    const body = (await res.json().catch(() => ({}))) as { token?: string }
    if (!res.ok || !body.token) throw new Error(`storefront: admin login failed (HTTP ${res.status})`)
    this.current = body.token
    return body.token
  }

  async get(pathAndQuery: string): Promise<{ status: number; body: unknown }> {
    for (const refresh of [false, true]) {
      const res = await fetch(`${this.storeUrl}${pathAndQuery}`, {
        headers: { authorization: `Bearer ${await this.token(refresh)}` },
      })
      if (res.status === 401 && !refresh) continue
      return { status: res.status, body: await res.json().catch(() => ({})) }
    }
    throw new Error("unreachable")
  }
}
