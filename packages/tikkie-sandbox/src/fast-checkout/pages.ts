import { amountToPayInCents } from "tikkie-client/fast-checkout/money"
import { escapeHtml, euro } from "../http-kit"
import { CHECKOUT_COUNTRIES, PAYER_FORM_FIELDS, type PayerFormValues } from "./payer"
import type { StoredOrder } from "./state"

/**
 * The checkout page a customer lands on from checkoutUrl. Plain HTML without scripts, so it works in
 * any browser and in an HTML-reading test. Stable hooks for browser tests:
 * - `#order-status` (`data-status` = the order's status), `#items` (one `tr.item` per item),
 *   `#shipping-amount`, `#discount-amount`, `#total-amount`, `#form-error` (validation message);
 * - the pay form `#payer-form` with inputs named and id'd after the payer fields (firstName, lastName,
 *   email, phoneNumber, companyName, street, houseNumber, addition, postalCode, city, country) and the
 *   button `#pay-button`; the cancel form `#cancel-form` with `#cancel-button`.
 * Both forms post to the page's own URL (no action attribute), so the page works behind any publicUrl.
 */

const LABELS: Record<(typeof PAYER_FORM_FIELDS)[number], string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phoneNumber: "Phone number (optional)",
  companyName: "Company (optional)",
  street: "Street",
  houseNumber: "House number",
  addition: "Addition (optional)",
  postalCode: "Postal code",
  city: "City",
  country: "Country",
}

const REQUIRED = new Set(["firstName", "lastName", "email", "street", "houseNumber", "postalCode", "city", "country"])

const STATUS_TEXT: Record<string, string> = {
  NEW: "Waiting for payment",
  PAID: "This order has been paid.",
  CANCELLED: "This order was cancelled.",
  EXPIRED: "This order has expired and can no longer be paid.",
  ERROR: "Something went wrong with this order; it can no longer be paid.",
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#222}
table{width:100%;border-collapse:collapse}td,th{padding:.3rem;border-bottom:1px solid #ddd;text-align:left}
td.num,th.num{text-align:right}label{display:block;margin-top:.6rem}input,select{width:100%;padding:.4rem}
.error{background:#fde8e8;border:1px solid #e0a0a0;padding:.6rem;margin:1rem 0}
.status{font-weight:bold}button{margin-top:1rem;padding:.6rem 1.2rem}
</style>
</head>
<body>
<p><small>Tikkie sandbox: no real money is moved.</small></p>
${body}
</body>
</html>`
}

function summary(order: StoredOrder): string {
  const rows = order.items
    .map(
      (i) =>
        `<tr class="item"><td>${escapeHtml(i.itemName)}</td><td class="num">${i.quantity}</td>` +
        `<td class="num">${escapeHtml(euro(i.priceInCents))}</td>` +
        `<td class="num">${escapeHtml(euro(i.priceInCents * i.quantity))}</td></tr>`
    )
    .join("\n")
  return `<h1>Checkout</h1>
<p>Order reference: <span id="reference-id">${escapeHtml(order.referenceId)}</span></p>
<p class="status" id="order-status" data-status="${escapeHtml(order.status)}">${escapeHtml(STATUS_TEXT[order.status])}</p>
<table id="items">
<thead><tr><th>Item</th><th class="num">Quantity</th><th class="num">Unit price</th><th class="num">Total</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr><td colspan="3">Shipping</td><td class="num" id="shipping-amount">${escapeHtml(euro(order.shippingCostsInCents))}</td></tr>
<tr><td colspan="3">Discount</td><td class="num" id="discount-amount">${escapeHtml(euro(-(order.discountInCents ?? 0)))}</td></tr>
<tr><th colspan="3">Total</th><th class="num" id="total-amount">${escapeHtml(euro(amountToPayInCents(order)))}</th></tr>
</tfoot>
</table>`
}

function field(name: (typeof PAYER_FORM_FIELDS)[number], values: PayerFormValues): string {
  const label = `<label for="${name}">${escapeHtml(LABELS[name])}</label>`
  const req = REQUIRED.has(name) ? " required" : ""
  if (name === "country") {
    const chosen = values.country ?? "NL"
    const options = CHECKOUT_COUNTRIES.map(
      (c) => `<option value="${c.code}"${c.code === chosen ? " selected" : ""}>${escapeHtml(c.name)}</option>`
    ).join("")
    return `${label}<select id="country" name="country"${req}>${options}</select>`
  }
  const type = name === "email" ? "email" : name === "phoneNumber" ? "tel" : "text"
  return `${label}<input type="${type}" id="${name}" name="${name}" value="${escapeHtml(values[name] ?? "")}"${req}>`
}

/** The page of a NEW order, optionally with the problems of a refused form and the values entered. */
export function checkoutPage(order: StoredOrder, values: PayerFormValues = {}, problems: string[] = []): string {
  if (order.status !== "NEW") return finalPage(order)
  const error = problems.length
    ? `<div class="error" id="form-error" role="alert"><p>Please correct the following:</p><ul>${problems
        .map((p) => `<li>${escapeHtml(p)}</li>`)
        .join("")}</ul></div>`
    : ""
  return layout(
    "Checkout",
    `${summary(order)}
${error}
<form id="payer-form" method="post">
<input type="hidden" name="action" value="pay">
<h2>Your details</h2>
${PAYER_FORM_FIELDS.map((f) => field(f, values)).join("\n")}
<button type="submit" id="pay-button">Pay ${escapeHtml(euro(amountToPayInCents(order)))}</button>
</form>
<form id="cancel-form" method="post">
<input type="hidden" name="action" value="cancel">
<button type="submit" id="cancel-button">Cancel</button>
</form>`
  )
}

/** A paid, cancelled, expired or failed order: its state and no way to pay again. */
export function finalPage(order: StoredOrder): string {
  return layout(`Order ${order.status.toLowerCase()}`, summary(order))
}

export function notFoundPage(): string {
  return layout(
    "Order not found",
    `<h1>Order not found</h1><p class="status" id="order-status" data-status="NOT_FOUND">This checkout link is not valid.</p>`
  )
}
