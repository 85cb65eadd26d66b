import { request } from "undici"
import { FastCheckoutWebhookSchema } from "../../src"
import { eventually, orderBody, startHarness, startWebhookReceiver, type Harness } from "./helpers"

/** What a customer does: open checkoutUrl, fill in the form, press Pay or Cancel. */
async function openPage(url: string): Promise<{ status: number; html: string; contentType?: string }> {
  const res = await request(url)
  return { status: res.statusCode, html: await res.body.text(), contentType: res.headers["content-type"] as string }
}

async function submit(url: string, fields: Record<string, string>) {
  const res = await request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  })
  return { status: res.statusCode, location: res.headers.location as string | undefined, html: await res.body.text() }
}

const PAYER_FORM = {
  action: "pay",
  firstName: "Sanne",
  lastName: "de Vries",
  email: "sanne@example.nl",
  phoneNumber: "+31 6 12345678",
  companyName: "",
  street: "Oudegracht",
  houseNumber: "101",
  addition: "bis",
  postalCode: "3511 AK",
  city: "Utrecht",
  country: "NL",
}

/** The text inside the element with this id. */
function byId(html: string, id: string): string | undefined {
  const m = html.match(new RegExp(`id="${id}"[^>]*>([^<]*)<`))
  return m?.[1]
}

describe("Fast Checkout: checkout page", () => {
  let h: Harness
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>
  beforeAll(async () => {
    h = await startHarness({ deliveryBackoffMs: 20 })
    hook = await startWebhookReceiver()
  })
  afterAll(async () => {
    await hook.close()
    await h.close()
  })

  it("shows items with quantity, unit price and line total, shipping, discount and the total in euro", async () => {
    const { checkoutUrl } = await h.client.createOrder(orderBody({ discountInCents: 250 }))
    const page = await openPage(checkoutUrl)
    expect(page.status).toBe(200)
    expect(page.contentType).toMatch(/text\/html/)
    const rows = [...page.html.matchAll(/<tr class="item">(.*?)<\/tr>/g)].map((m) =>
      [...m[1].matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((c) => c[1])
    )
    expect(rows).toEqual([
      ["Stroopwafels", "2", "€ 2,99", "€ 5,98"],
      ["Drop", "1", "€ 1,50", "€ 1,50"],
    ])
    expect(byId(page.html, "shipping-amount")).toBe("€ 4,95")
    expect(byId(page.html, "discount-amount")).toBe("-€ 2,50")
    // 598 + 150 + 495 - 250 = 993
    expect(byId(page.html, "total-amount")).toBe("€ 9,93")
    expect(page.html).toMatch(/id="order-status" data-status="NEW"/)
  })

  it("has a payer form with stable names and ids, a country select with NL, BE and DE, and Pay and Cancel", async () => {
    const { checkoutUrl } = await h.client.createOrder(orderBody())
    const { html } = await openPage(checkoutUrl)
    for (const f of [
      "firstName",
      "lastName",
      "email",
      "phoneNumber",
      "companyName",
      "street",
      "houseNumber",
      "addition",
      "postalCode",
      "city",
    ]) {
      expect(html).toMatch(new RegExp(`<input [^>]*id="${f}" name="${f}"`))
    }
    expect(html).toMatch(/<select id="country" name="country"/)
    for (const code of ["NL", "BE", "DE"]) expect(html).toContain(`<option value="${code}"`)
    expect(html).toMatch(/<form id="payer-form" method="post">/)
    expect(html).toMatch(/<button type="submit" id="pay-button">Pay € /)
    expect(html).toMatch(/<form id="cancel-form" method="post">[\s\S]*id="cancel-button"/)
  })

  it("escapes what the shop sent, so an item name cannot inject markup", async () => {
    const { checkoutUrl } = await h.client.createOrder(
      orderBody({
        referenceId: "<b>ref</b>",
        items: [{ itemName: '<script>alert("x")</script>', priceInCents: 100, quantity: 1 }],
      })
    )
    const { html } = await openPage(checkoutUrl)
    expect(html).not.toContain("<script>")
    expect(html).toContain("&#60;script&#62;")
    expect(html).not.toContain("<b>ref</b>")
  })

  it("pays: 303 to redirectUrl, order PAID with the payer as entered, webhook {referenceId, orderToken, status}", async () => {
    const created = await h.client.createOrder(
      orderBody({
        referenceId: "page-pay-1",
        notificationUrl: hook.url,
        redirectUrl: "https://shop.example/thanks?o=page-pay-1",
      })
    )
    const res = await submit(created.checkoutUrl, PAYER_FORM)
    expect(res.status).toBe(303)
    expect(res.location).toBe("https://shop.example/thanks?o=page-pay-1")

    const order = await h.client.getOrder(created.orderToken)
    expect(order.status).toBe("PAID")
    expect(order.payer).toEqual({
      companyName: undefined,
      firstName: "Sanne",
      lastName: "de Vries",
      email: "sanne@example.nl",
      phoneNumber: "+31 6 12345678",
      shippingAddress: {
        street: "Oudegracht",
        houseNumber: "101",
        addition: "bis",
        postalCode: "3511 AK",
        city: "Utrecht",
        country: "NL",
      },
    })

    const webhook = await eventually(() => {
      const w = hook.received.find((r) => r.body?.orderToken === created.orderToken)
      expect(w).toBeDefined()
      return w!
    })
    expect(webhook.body).toEqual({ referenceId: "page-pay-1", orderToken: created.orderToken, status: "PAID" })
    expect(webhook.contentType).toMatch(/application\/json/)
    expect(FastCheckoutWebhookSchema.parse(webhook.body).status).toBe("PAID")
  })

  it("shows a paid order's state afterwards and does not offer or accept paying again", async () => {
    const created = await h.client.createOrder(orderBody({ notificationUrl: hook.url }))
    expect((await submit(created.checkoutUrl, PAYER_FORM)).status).toBe(303)
    const page = await openPage(created.checkoutUrl)
    expect(page.status).toBe(200)
    expect(page.html).toMatch(/data-status="PAID"/)
    expect(page.html).toMatch(/has been paid/)
    expect(page.html).not.toContain('id="payer-form"')
    expect(page.html).not.toContain('id="pay-button"')

    const again = await submit(created.checkoutUrl, { ...PAYER_FORM, firstName: "Someone", lastName: "Else" })
    expect(again.status).toBe(409)
    expect(again.html).toMatch(/data-status="PAID"/)
    const cancel = await submit(created.checkoutUrl, { action: "cancel" })
    expect(cancel.status).toBe(409)
    const order = await h.client.getOrder(created.orderToken)
    expect(order.status).toBe("PAID")
    expect(order.payer?.firstName).toBe("Sanne")
    await eventually(() =>
      expect(hook.received.filter((r) => r.body?.orderToken === created.orderToken)).toHaveLength(1)
    )
  })

  it("re-renders the form with a clear message and the values entered when required fields are missing", async () => {
    const created = await h.client.createOrder(orderBody({ notificationUrl: hook.url }))
    const res = await submit(created.checkoutUrl, {
      ...PAYER_FORM,
      firstName: "",
      street: "  ",
      email: "sanne@example.nl",
    })
    expect(res.status).toBe(400)
    expect(res.html).toMatch(/id="form-error" role="alert"/)
    expect(res.html).toContain("first name is required")
    expect(res.html).toContain("street is required")
    expect(res.html).toMatch(/id="lastName" name="lastName" value="de Vries"/)
    expect(res.html).toContain('id="payer-form"')
    expect((await h.client.getOrder(created.orderToken)).status).toBe("NEW")
  })

  it("refuses an email address that is not one, and a country outside the list", async () => {
    const created = await h.client.createOrder(orderBody())
    const bad = await submit(created.checkoutUrl, { ...PAYER_FORM, email: "sanne-at-example" })
    expect(bad.status).toBe(400)
    expect(bad.html).toContain("email must be a valid email address")
    const country = await submit(created.checkoutUrl, { ...PAYER_FORM, country: "XX" })
    expect(country.status).toBe(400)
    expect(country.html).toContain("choose a country from the list")
    expect((await h.client.getOrder(created.orderToken)).status).toBe("NEW")
  })

  it("cancels: 303 to redirectUrl, order CANCELLED without payer, webhook with status CANCELLED", async () => {
    const created = await h.client.createOrder(orderBody({ referenceId: "page-cancel-1", notificationUrl: hook.url }))
    const res = await submit(created.checkoutUrl, { action: "cancel" })
    expect(res.status).toBe(303)
    expect(res.location).toBe("https://shop.example/checkout/done")
    const order = await h.client.getOrder(created.orderToken)
    expect(order.status).toBe("CANCELLED")
    expect(order.payer).toBeUndefined()
    const w = await eventually(() => {
      const found = hook.received.find((r) => r.body?.orderToken === created.orderToken)
      expect(found).toBeDefined()
      return found!
    })
    expect(w.body).toEqual({ referenceId: "page-cancel-1", orderToken: created.orderToken, status: "CANCELLED" })
    expect((await openPage(created.checkoutUrl)).html).toMatch(/data-status="CANCELLED"[^>]*>This order was cancelled/)
  })

  it("answers a form without a known action with 400 and keeps the order NEW", async () => {
    const created = await h.client.createOrder(orderBody())
    const res = await submit(created.checkoutUrl, { action: "refund" })
    expect(res.status).toBe(400)
    expect(res.html).toContain("choose Pay or Cancel")
    expect((await h.client.getOrder(created.orderToken)).status).toBe("NEW")
  })

  it("answers an unknown checkout link with a 404 page, and survives a form post to it", async () => {
    const page = await openPage(`${h.sandbox.url}/checkout/fastcheckout/does-not-exist`)
    expect(page.status).toBe(404)
    expect(page.html).toContain("Order not found")
    expect((await submit(`${h.sandbox.url}/checkout/fastcheckout/does-not-exist`, PAYER_FORM)).status).toBe(404)
  })

  it("shows an order past its expiration as expired, and paying it is refused", async () => {
    const created = await h.client.createOrder(orderBody({ expiration: 60, notificationUrl: hook.url }))
    await h.control.advanceClock(61)
    const page = await openPage(created.checkoutUrl)
    expect(page.html).toMatch(/data-status="EXPIRED"/)
    expect(page.html).not.toContain('id="pay-button"')
    expect((await submit(created.checkoutUrl, PAYER_FORM)).status).toBe(409)
    expect((await h.client.getOrder(created.orderToken)).status).toBe("EXPIRED")
  })

  it("logs page views and submissions under their own operation names", async () => {
    const created = await h.client.createOrder(orderBody())
    await openPage(created.checkoutUrl)
    await submit(created.checkoutUrl, { action: "cancel" })
    const pages = await h.control.requests("fastCheckout.checkoutPage")
    const submits = await h.control.requests("fastCheckout.checkoutSubmit")
    expect(pages.at(-1)?.path).toBe(`/checkout/fastcheckout/${created.orderToken}`)
    expect(submits.at(-1)?.status).toBe(303)
  })
})
