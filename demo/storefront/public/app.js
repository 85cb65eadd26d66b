// Demo storefront: plain browser JavaScript against the Medusa Store API (no framework, no build step of
// its own). The Tikkie calls go through the plugin's storefront helper on Medusa's JS SDK
// (window.TikkieDemo, from /tikkie-storefront.js: demo/storefront/client.ts).
;(() => {
  "use strict"
  const D = window.DEMO
  const T = window.TikkieDemo
  const CART_KEY = "tikkie_demo_cart"
  const SESSION_KEY = "tikkie_demo_payment_session"
  const TRIES_KEY = "tikkie_demo_confirm_tries"
  const SYSTEM_PROVIDER = "pp_system_default"
  const TIKKIE_PROVIDER = "pp_tikkie-fast-checkout_tikkie"
  const LINK_PROVIDER = "pp_tikkie-payment-request_tikkie"
  // Which return route the "confirming your order" page asks again: "fast-checkout" or "payment-request".
  const RETURN_KEY = "tikkie_demo_return_kind"
  /** The payment link made for the cart {cartId, url, sessionId}: shown again when the shopper comes back unpaid. */
  const LINK_KEY = "tikkie_demo_payment_link"
  // Store cart routes answer with default fields; these add what the pages show.
  const CART_FIELDS = `fields=${encodeURIComponent("+items.subtotal,+shipping_methods.name,+discount_total,*promotions")}`
  const $ = (sel) => document.querySelector(sel)
  const money = (n) => new Intl.NumberFormat("nl-NL", { style: "currency", currency: "EUR" }).format(Number(n || 0))
  const esc = (v) => String(v == null ? "" : v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

  async function api(path, { method = "GET", body } = {}) {
    const res = await fetch(D.storeUrl + path, {
      method,
      headers: {
        "x-publishable-api-key": D.publishableKey,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    })
    const data = await res.json().catch(() => ({}))
    if (!res.ok) {
      const err = new Error(data.message || `The store answered HTTP ${res.status}`)
      err.status = res.status
      throw err
    }
    return data
  }

  // ---- cart ---------------------------------------------------------------------------------------
  async function loadCart() {
    const id = localStorage.getItem(CART_KEY)
    if (!id) return null
    try {
      const { cart } = await api(`/store/carts/${id}?${CART_FIELDS}`)
      if (cart.completed_at) throw new Error("completed")
      return cart
    } catch {
      localStorage.removeItem(CART_KEY)
      return null
    }
  }

  async function ensureCart() {
    const existing = await loadCart()
    if (existing) return existing
    const { cart } = await api(`/store/carts?${CART_FIELDS}`, {
      method: "POST",
      body: { region_id: D.regionId, shipping_address: { country_code: "nl" } },
    })
    localStorage.setItem(CART_KEY, cart.id)
    return cart
  }

  function showCount(cart) {
    const n = cart ? (cart.items || []).reduce((s, i) => s + i.quantity, 0) : 0
    const badge = $("#cart-count")
    if (badge) badge.textContent = String(n)
  }

  // ---- shop page ----------------------------------------------------------------------------------
  const TILE_COLORS = ["#ff6f3c", "#4b7bec", "#e84393", "#20bf6b", "#8854d0", "#f7b731"]

  async function shopPage() {
    const box = $("#products")
    const fields = "id,title,handle,description,*variants,*variants.calculated_price"
    const { products } = await api(
      `/store/products?region_id=${D.regionId}&limit=50&fields=${encodeURIComponent(fields)}`
    )
    if (!products.length) {
      box.innerHTML = `<p class="muted">No products yet.</p>`
      return
    }
    products.sort((a, b) => a.title.localeCompare(b.title, "nl"))
    box.innerHTML = products
      .map((p, i) => {
        const options = p.variants
          .slice()
          .sort((a, b) => String(a.sku).localeCompare(String(b.sku)))
          .map((v) => {
            const price = v.calculated_price ? v.calculated_price.calculated_amount : null
            return `<option value="${esc(v.id)}">${esc(v.title)} · ${price == null ? "n/a" : money(price)}</option>`
          })
          .join("")
        return `<article class="card product" data-handle="${esc(p.handle)}">
          <div class="tile" style="background:${TILE_COLORS[i % TILE_COLORS.length]}">${esc(p.title.charAt(0))}</div>
          <h2>${esc(p.title)}</h2>
          <p class="muted">${esc(p.description || "")}</p>
          <label class="small">Variant <select class="variant">${options}</select></label>
          <button type="button" class="btn add">Add to cart</button>
        </article>`
      })
      .join("")
    box.addEventListener("click", async (ev) => {
      const btn = ev.target.closest("button.add")
      if (!btn) return
      const card = btn.closest(".product")
      const variantId = card.querySelector("select.variant").value
      btn.disabled = true
      try {
        const cart = await ensureCart()
        const { cart: updated } = await api(`/store/carts/${cart.id}/line-items?${CART_FIELDS}`, {
          method: "POST",
          body: { variant_id: variantId, quantity: 1 },
        })
        showCount(updated)
        const notice = $("#notice")
        notice.innerHTML = `Added <strong>${esc(card.querySelector("h2").textContent)}</strong> to your cart. <a href="/checkout">Go to checkout →</a>`
        notice.hidden = false
      } catch (e) {
        alert(`Could not add to cart: ${e.message}`)
      } finally {
        btn.disabled = false
      }
    })
  }

  // ---- checkout page ------------------------------------------------------------------------------
  let cart = null

  function renderCart() {
    const lines = $("#cart-lines")
    const totals = $("#totals")
    if (!cart || !(cart.items || []).length) {
      lines.innerHTML = `<p class="muted">Your cart is empty. <a href="/">Go shopping</a></p>`
      totals.innerHTML = ""
      $("#pay-tikkie").disabled = true
      $("#pay-test").disabled = true
      $("#pay-link").disabled = true
      return
    }
    $("#pay-tikkie").disabled = false
    $("#pay-test").disabled = false
    $("#pay-link").disabled = false
    lines.innerHTML = `<table class="lines"><tbody>${cart.items
      .map(
        (i) => `<tr class="item" data-line="${esc(i.id)}">
          <td>${esc(i.product_title || i.title)} <span class="muted">· ${esc(i.variant_title || "")}</span></td>
          <td class="num"><input class="qty" type="number" min="0" max="99" value="${i.quantity}" aria-label="Quantity"></td>
          <td class="num">${money(i.subtotal)}</td>
          <td><button type="button" class="link remove" title="Remove">✕</button></td>
        </tr>`
      )
      .join("")}</tbody></table>`
    const shipping = cart.shipping_methods && cart.shipping_methods[0]
    totals.innerHTML = `
      <dt>Items</dt><dd>${money(cart.item_subtotal)}</dd>
      <dt>Shipping${shipping ? ` (${esc(shipping.name)})` : ""}</dt><dd>${shipping ? money(cart.shipping_subtotal) : "choose below"}</dd>
      ${cart.discount_total > 0 ? `<dt>Discount${promotionLabel(cart.promotions)}</dt><dd id="cart-discount">−${money(cart.discount_total)}</dd>` : ""}
      <dt>VAT${vatLabel(cart.items)}</dt><dd>${money(cart.tax_total)}</dd>
      <dt class="total">Total</dt><dd class="total" id="cart-total">${money(cart.total)}</dd>`
  }

  /** The codes applied, e.g. " (TIKKIE15)". */
  function promotionLabel(promotions) {
    const codes = (promotions || []).map((p) => p.code).filter(Boolean)
    return codes.length ? ` (${esc(codes.join(", "))})` : ""
  }

  /** Applies the code the shopper typed (Medusa's promotion module checks it); Tikkie is then asked for the discounted total. */
  async function applyPromotion() {
    const box = $("#promo-error")
    box.hidden = true
    const code = ($("#promo-code").value || "").trim()
    if (!code) return
    try {
      ;({ cart } = await api(`/store/carts/${cart.id}/promotions?${CART_FIELDS}`, {
        method: "POST",
        body: { promo_codes: [code] },
      }))
      if (!(cart.promotions || []).some((p) => p.code === code))
        throw new Error(`The code ${code} does not apply to this cart.`)
      renderCart()
    } catch (e) {
      box.textContent = e && e.message ? e.message : String(e)
      box.hidden = false
    }
  }

  /** The rates the cart is taxed at, from its lines, e.g. " (BTW NL 21%)". */
  function vatLabel(items) {
    const names = new Set()
    for (const i of items || []) for (const t of i.tax_lines || []) names.add(t.description || `${t.rate}%`)
    return names.size ? ` (${esc([...names].join(", "))})` : ""
  }

  function formValues() {
    const form = $("#checkout-form")
    const get = (n) => (form.elements[n].value || "").trim()
    return {
      email: get("email"),
      address: {
        first_name: get("first_name"),
        last_name: get("last_name"),
        address_1: get("address_1"),
        postal_code: get("postal_code"),
        city: get("city"),
        country_code: get("country_code"),
        phone: get("phone"),
      },
    }
  }

  function fillForm() {
    const form = $("#checkout-form")
    const a = cart.shipping_address || {}
    if (cart.email) form.elements.email.value = cart.email
    for (const k of ["first_name", "last_name", "address_1", "postal_code", "city", "phone"]) {
      if (a[k]) form.elements[k].value = a[k]
    }
    form.elements.country_code.value = a.country_code === "be" ? "be" : "nl"
  }

  /** Saves what the shopper filled in (only non-empty fields: Tikkie may supply the rest). */
  async function saveForm() {
    const { email, address } = formValues()
    const shipping_address = {}
    for (const [k, v] of Object.entries(address)) if (v) shipping_address[k] = v
    const body = { shipping_address }
    if (email) body.email = email
    ;({ cart } = await api(`/store/carts/${cart.id}?${CART_FIELDS}`, { method: "POST", body }))
  }

  async function loadShippingOptions() {
    const box = $("#shipping-options")
    const { shipping_options } = await api(`/store/shipping-options?cart_id=${cart.id}`)
    if (!shipping_options.length) {
      box.innerHTML = `<p class="error">No shipping option for this address.</p>`
      return
    }
    const chosen = cart.shipping_methods && cart.shipping_methods[0] && cart.shipping_methods[0].shipping_option_id
    box.innerHTML = shipping_options
      .map(
        (o, i) =>
          `<label class="option"><input type="radio" name="shipping_option" value="${esc(o.id)}" ${
            chosen === o.id || (!chosen && i === 0) ? "checked" : ""
          }> ${esc(o.name)} <span class="muted">${esc((o.type && o.type.description) || "")}</span> <strong>${money(o.amount)}</strong></label>`
      )
      .join("")
    box.onchange = () => setShipping().catch(showError)
    if (!chosen) await setShipping()
  }

  async function setShipping() {
    const input = document.querySelector("input[name=shipping_option]:checked")
    if (!input) throw new Error("Choose a shipping option.")
    const current = cart.shipping_methods && cart.shipping_methods[0]
    if (!current || current.shipping_option_id !== input.value) {
      ;({ cart } = await api(`/store/carts/${cart.id}/shipping-methods?${CART_FIELDS}`, {
        method: "POST",
        body: { option_id: input.value },
      }))
    }
    renderCart()
  }

  function showError(e) {
    const box = $("#checkout-error")
    box.textContent = e && e.message ? e.message : String(e)
    box.hidden = false
  }

  function busy(on) {
    for (const b of document.querySelectorAll("#checkout-form button")) b.disabled = on
    document.body.classList.toggle("busy", on)
  }

  async function payWithTikkie() {
    $("#checkout-error").hidden = true
    busy(true)
    try {
      await saveForm()
      await setShipping()
      let data
      try {
        data = await T.startFastCheckout(cart.id)
      } catch (e) {
        if (e && e.status === 404)
          throw new Error("Tikkie Fast Checkout is not available in this store yet (the plugin route answered 404).")
        throw e
      }
      // Kept so the "confirming your payment" page can ask the store again (see processingPage).
      localStorage.setItem(SESSION_KEY, data.payment_session_id)
      localStorage.setItem(RETURN_KEY, "fast-checkout")
      sessionStorage.removeItem(TRIES_KEY)
      location.assign(data.checkout_url)
    } catch (e) {
      showError(e)
      busy(false)
    }
  }

  // ---- express: from the cart to Tikkie, nothing typed (the store sets country and shipping) ----------
  /** The demo shop sells from the Netherlands: the storefront's country, unless the cart has another. */
  function expressCountry() {
    return (cart && cart.shipping_address && cart.shipping_address.country_code) || "nl"
  }

  /** Next to the button: the shipping option the express checkout uses, with its cost. */
  async function showExpress() {
    const button = $("#express-tikkie")
    const error = $("#express-error")
    button.textContent = T.expressLabel
    error.hidden = true
    button.disabled = true
    $("#express-shipping").textContent = ""
    if (!cart || !(cart.items || []).length) return
    try {
      $("#express-shipping").textContent = await T.expressShipping(cart.id, expressCountry())
      button.disabled = false
    } catch (e) {
      error.textContent = e && e.message ? e.message : String(e)
      error.hidden = false
    }
  }

  async function expressCheckout() {
    const button = $("#express-tikkie")
    const error = $("#express-error")
    button.disabled = true
    error.hidden = true
    try {
      const data = await T.startExpress(cart.id, expressCountry())
      localStorage.setItem(SESSION_KEY, data.payment_session_id)
      localStorage.setItem(RETURN_KEY, "fast-checkout")
      sessionStorage.removeItem(TRIES_KEY)
      location.assign(data.checkout_url)
    } catch (e) {
      error.textContent = e && e.message ? e.message : String(e)
      error.hidden = false
      button.disabled = false
    }
  }

  /** What the shopper must fill in when the payment brings no address (the test payment, a payment link). */
  function missingFields() {
    const { email, address } = formValues()
    const missing = []
    if (!email) missing.push("email")
    for (const [k, label] of [
      ["first_name", "first name"],
      ["last_name", "last name"],
      ["address_1", "street and house number"],
      ["postal_code", "postal code"],
      ["city", "city"],
    ]) {
      if (!address[k]) missing.push(label)
    }
    return missing
  }

  async function payWithSystemProvider() {
    $("#checkout-error").hidden = true
    const missing = missingFields()
    if (missing.length) return showError(new Error(`For the test payment, fill in: ${missing.join(", ")}.`))
    busy(true)
    try {
      await saveForm()
      await setShipping()
      const { payment_collection } = await api("/store/payment-collections", {
        method: "POST",
        body: { cart_id: cart.id },
      })
      await api(`/store/payment-collections/${payment_collection.id}/payment-sessions`, {
        method: "POST",
        body: { provider_id: SYSTEM_PROVIDER },
      })
      const result = await api(`/store/carts/${cart.id}/complete`, { method: "POST" })
      if (result.type !== "order")
        throw new Error((result.error && result.error.message) || "The order was not placed.")
      localStorage.removeItem(CART_KEY)
      location.assign(`/order/confirmed?order_id=${encodeURIComponent(result.order.id)}`)
    } catch (e) {
      showError(e)
      busy(false)
    }
  }

  /**
   * Pay by link: the store makes a Tikkie payment request for the cart's total. Tikkie's page has no way
   * back to the shop (payment requests take no redirect URL), so the page opens in a new tab and this
   * page offers "I have paid", which goes through the store's return route: it settles the payment at
   * once and redirects to the confirmation (or back here, saying what Tikkie reports).
   */
  async function payWithLink() {
    $("#checkout-error").hidden = true
    const missing = missingFields()
    if (missing.length) return showError(new Error(`A Tikkie link brings no address: fill in ${missing.join(", ")}.`))
    busy(true)
    try {
      await saveForm()
      await setShipping()
      const { payment_url, payment_session_id } = await T.startPaymentLink(cart.id)
      localStorage.setItem(
        LINK_KEY,
        JSON.stringify({ cartId: cart.id, url: payment_url, sessionId: payment_session_id })
      )
      localStorage.setItem(SESSION_KEY, payment_session_id)
      localStorage.setItem(RETURN_KEY, "payment-request")
      sessionStorage.removeItem(TRIES_KEY)
      showLink()
    } catch (e) {
      showError(e)
    } finally {
      busy(false)
    }
  }

  function showLink() {
    let link
    try {
      link = JSON.parse(localStorage.getItem(LINK_KEY) || "null")
    } catch {
      link = null
    }
    if (!link || !cart || link.cartId !== cart.id) return
    $("#tikkie-link").href = link.url
    $("#tikkie-link-paid").href = T.returnRouteUrl("payment-request", link.sessionId)
    $("#tikkie-link-panel").hidden = false
  }

  /**
   * Paid at Tikkie, but the store is still confirming (the return route said PROCESSING): go through the
   * store's return route again after a moment; it redirects to the confirmation once the order exists.
   */
  function processingPage() {
    const sessionId = localStorage.getItem(SESSION_KEY)
    const tries = Number(sessionStorage.getItem(TRIES_KEY) || "0")
    const status = $("#processing-status")
    if (!sessionId || tries >= 10) {
      status.textContent =
        "Your payment is received; the order confirmation is taking longer than usual. It will be confirmed automatically: no need to pay again."
      return
    }
    sessionStorage.setItem(TRIES_KEY, String(tries + 1))
    setTimeout(
      () => {
        const kind = localStorage.getItem(RETURN_KEY) === "payment-request" ? "payment-request" : "fast-checkout"
        location.assign(T.returnRouteUrl(kind, sessionId))
      },
      1500 + tries * 500
    )
  }

  async function checkoutPage() {
    // Back from Tikkie with the cart the payment was for: keep using it.
    const back = T.readReturn()
    if (back.cartId) localStorage.setItem(CART_KEY, back.cartId)
    cart = await loadCart()
    renderCart()
    showCount(cart)
    if (!cart || !(cart.items || []).length) {
      $("#shipping-options").innerHTML = ""
      return
    }
    fillForm()
    $("#express-tikkie").addEventListener("click", expressCheckout)
    showExpress()
    $("#apply-promo").addEventListener("click", applyPromotion)
    $("#pay-tikkie").addEventListener("click", payWithTikkie)
    $("#pay-test").addEventListener("click", payWithSystemProvider)
    $("#pay-link").addEventListener("click", payWithLink)
    const { payment_providers } = await api(`/store/payment-providers?region_id=${cart.region_id}`)
    const ids = payment_providers.map((p) => p.id)
    $("#pay-test").hidden = !ids.includes(SYSTEM_PROVIDER)
    $("#pay-link").hidden = !ids.includes(LINK_PROVIDER)
    if (ids.includes(LINK_PROVIDER)) showLink()
    if (!ids.includes(TIKKIE_PROVIDER)) {
      $("#tikkie-note").textContent = "Tikkie Fast Checkout is not enabled in this store's region yet."
      $("#tikkie-note").hidden = false
    }
    await loadShippingOptions()

    $("#checkout-form").elements.country_code.addEventListener("change", async (ev) => {
      try {
        ;({ cart } = await api(`/store/carts/${cart.id}?${CART_FIELDS}`, {
          method: "POST",
          body: { shipping_address: { country_code: ev.target.value } },
        }))
        renderCart()
        await loadShippingOptions()
        showExpress()
      } catch (e) {
        showError(e)
      }
    })
    $("#cart-lines").addEventListener("change", async (ev) => {
      const input = ev.target.closest("input.qty")
      if (!input) return
      const line = input.closest("tr").dataset.line
      const quantity = Math.max(0, Math.min(99, Number(input.value) || 0))
      try {
        if (quantity === 0) await api(`/store/carts/${cart.id}/line-items/${line}`, { method: "DELETE" })
        else await api(`/store/carts/${cart.id}/line-items/${line}`, { method: "POST", body: { quantity } })
        cart = await loadCart()
        renderCart()
        showCount(cart)
        showExpress()
      } catch (e) {
        showError(e)
      }
    })
    $("#cart-lines").addEventListener("click", async (ev) => {
      const btn = ev.target.closest("button.remove")
      if (!btn) return
      try {
        await api(`/store/carts/${cart.id}/line-items/${btn.closest("tr").dataset.line}`, { method: "DELETE" })
        cart = await loadCart()
        renderCart()
        showCount(cart)
        showExpress()
      } catch (e) {
        showError(e)
      }
    })
  }

  async function start() {
    try {
      if (document.getElementById("products")) await shopPage()
      else if (document.getElementById("checkout-form")) await checkoutPage()
      else if (document.getElementById("order-processing")) processingPage()
      if (document.getElementById("order-confirmation")) {
        localStorage.removeItem(SESSION_KEY)
        localStorage.removeItem(LINK_KEY)
        localStorage.removeItem(RETURN_KEY)
        sessionStorage.removeItem(TRIES_KEY)
      }
      if (!document.getElementById("checkout-form")) showCount(await loadCart())
      document.body.dataset.ready = "1"
    } catch (e) {
      const box = document.querySelector("#products, #cart-lines")
      if (box) box.innerHTML = `<p class="error">Could not reach the store: ${esc(e.message)}</p>`
      document.body.dataset.ready = "error"
    }
  }
  start()
})()
