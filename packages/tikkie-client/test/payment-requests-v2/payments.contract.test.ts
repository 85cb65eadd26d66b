import { isDutchIban } from "../../src/core/dutch-iban"
import { appHeaders, caught, expectErrorBody, pay, raw, received, startV2, type V2Env } from "./helpers"

/** Paying: the payment page a person uses, the pay control, and reading payments back. */
describe("payment requests v2: payment page and payments", () => {
  let env: V2Env
  beforeAll(async () => {
    env = await startV2()
  })
  afterAll(() => env.close())

  const paymentTokenIn = (html: string) => /data-payment-token="([^"]+)"/.exec(html)?.[1]

  it("shows a fixed-amount request with its description and amount in euro, and a form to pay", async () => {
    const pr = await env.client.createPaymentRequest({ description: "Tom & Jerry <b>tickets</b>", amountInCents: 1250 })
    const page = await raw(env.sandbox.url, "GET", new URL(pr.url).pathname)
    expect(page.status).toBe(200)
    expect(page.contentType).toMatch(/^text\/html/)
    expect(page.text).toContain('<h1 id="description">Tom &#38; Jerry &#60;b&#62;tickets&#60;/b&#62;</h1>')
    expect(page.text).not.toContain("<b>tickets</b>")
    expect(page.text).toContain('id="amount-due">€ 12,50<')
    expect(page.text).toMatch(/<input id="counterPartyName" name="counterPartyName"/)
    expect(page.text).toMatch(/<button id="pay-button" type="submit">Pay<\/button>/)
    expect(page.text).not.toContain('name="amount"')
    const log = await env.control.requests("paymentRequestsV2.paymentPage")
    expect(log[log.length - 1]).toEqual(expect.objectContaining({ status: 200 }))
  })

  it("records a payment when the form is posted, shows it paid, and the API reads it back", async () => {
    const pr = await env.client.createPaymentRequest({ description: "Dinner", amountInCents: 4200 })
    const path = new URL(pr.url).pathname
    const done = await raw(env.sandbox.url, "POST", path, { form: { counterPartyName: "Anna de Vries" } })
    expect(done.status).toBe(200)
    expect(done.text).toMatch(/id="payment-confirmation"/)
    expect(done.text).toMatch(/<strong>Paid<\/strong> <span id="paid-amount">€ 42,00<\/span>/)
    const paymentToken = paymentTokenIn(done.text)!

    const payment = await env.client.getPayment(pr.paymentRequestToken, paymentToken)
    expect(payment).toEqual({
      paymentToken,
      tikkieId: expect.stringMatching(/^\d{12}$/),
      counterPartyName: "Anna de Vries",
      counterPartyAccountNumber: expect.stringMatching(/^NL\d{2}[A-Z]{4}\d{10}$/),
      amountInCents: 4200,
      description: "Dinner",
      createdDateTime: expect.stringMatching(/Z$/),
      refunds: [],
    })
    expect(isDutchIban(payment.counterPartyAccountNumber!)).toBe(true)
    expect(done.text).toContain(`<span id="tikkie-id">${payment.tikkieId}</span>`)

    const read = await env.client.getPaymentRequest(pr.paymentRequestToken)
    expect({ status: read.status, n: read.numberOfPayments, total: read.totalAmountPaidInCents }).toEqual({
      status: "MAX_SUCCESSFUL_PAYMENTS_REACHED",
      n: 1,
      total: 4200,
    })

    const again = await raw(env.sandbox.url, "GET", path)
    expect(again.status).toBe(410)
    expect(again.text).toMatch(/id="payment-unavailable"[^>]*>This payment request has already been paid\./)
    const second = await raw(env.sandbox.url, "POST", path, { form: { counterPartyName: "Bram" } })
    expect(second.status).toBe(410)
    expect((await env.client.getPaymentRequest(pr.paymentRequestToken)).numberOfPayments).toBe(1)
  })

  it("lets the payer choose an open amount: '12,50' and '12.5' are both 1250 cents", async () => {
    const pr = await env.client.createPaymentRequest({ description: "Gift" })
    const path = new URL(pr.url).pathname
    const page = await raw(env.sandbox.url, "GET", path)
    expect(page.text).toMatch(/<input id="amount" name="amount" type="text" inputmode="decimal"/)
    expect(page.text).not.toContain('id="amount-due"')

    const first = await raw(env.sandbox.url, "POST", path, { form: { amount: "12,50", counterPartyName: "Piet" } })
    const second = await raw(env.sandbox.url, "POST", path, { form: { amount: " 12.5 ", counterPartyName: "Kees" } })
    expect([first.status, second.status]).toEqual([200, 200])
    expect(first.text).toContain('id="paid-amount">€ 12,50<')
    const amounts = (
      await env.client.listPayments(pr.paymentRequestToken, { pageNumber: 0, pageSize: 10 })
    ).payments.map((p) => [p.counterPartyName, p.amountInCents])
    expect(amounts).toEqual([
      ["Kees", 1250],
      ["Piet", 1250],
    ])
    expect((await env.client.getPaymentRequest(pr.paymentRequestToken)).status).toBe("OPEN")
  })

  it.each([
    ["an amount with three decimals", { amount: "12,505", counterPartyName: "Jan" }, /amount like 12,50/],
    ["a thousands separator", { amount: "1.250,00", counterPartyName: "Jan" }, /amount like 12,50/],
    ["no amount", { amount: "", counterPartyName: "Jan" }, /enter the amount/],
    ["a zero amount", { amount: "0,00", counterPartyName: "Jan" }, /above € 0,00/],
    ["no name", { amount: "5", counterPartyName: "  " }, /enter your name/],
  ])("refuses %s on the page with the form and the reason, and records nothing", async (_name, form, reason) => {
    const pr = await env.client.createPaymentRequest({ description: "Open" })
    const res = await raw(env.sandbox.url, "POST", new URL(pr.url).pathname, { form })
    expect(res.status).toBe(400)
    expect(res.text).toMatch(/id="payment-error"/)
    expect(res.text).toMatch(reason)
    expect(res.text).toContain(`value="${form.amount}"`)
    expect((await env.client.getPaymentRequest(pr.paymentRequestToken)).numberOfPayments).toBe(0)
  })

  it("answers an unknown payment link with a 404 page", async () => {
    const res = await raw(env.sandbox.url, "GET", "/pay/v2/AAAAAAAAAAAAAAAAAAAAAA")
    expect(res.status).toBe(404)
    expect(res.text).toMatch(/id="payment-unavailable"/)
    expect(
      (await raw(env.sandbox.url, "POST", "/pay/v2/AAAAAAAAAAAAAAAAAAAAAA", { form: { counterPartyName: "X" } })).status
    ).toBe(404)
  })

  it("the pay control follows the page's rules and answers the payment", async () => {
    const fixed = await env.client.createPaymentRequest({ description: "Fixed", amountInCents: 500 })
    const open = await env.client.createPaymentRequest({ description: "Open" })
    const ctl = (token: string, json: unknown) =>
      raw(env.sandbox.url, "POST", `/_sandbox/paymentrequests/${token}/pay`, { json })

    expectErrorBody(await ctl(open.paymentRequestToken, {}), 400, "AMOUNT_IN_CENTS_MISSING")
    expectErrorBody(await ctl(open.paymentRequestToken, { amountInCents: "5" }), 400, "AMOUNT_IN_CENTS_INVALID")
    expectErrorBody(await ctl(fixed.paymentRequestToken, { amountInCents: 499 }), 400, "AMOUNT_IN_CENTS_INVALID")
    expectErrorBody(await ctl("AAAAAAAAAAAAAAAAAAAAAA", {}), 404, "PAYMENT_REQUEST_NOT_FOUND")
    expectErrorBody(await ctl(fixed.paymentRequestToken, { tip: 1 }), 400, "ERR_1100_004")

    const paid = await ctl(fixed.paymentRequestToken, { counterPartyName: "Control Payer" })
    expect(paid.status).toBe(201)
    expect(paid.body).toEqual(
      expect.objectContaining({ amountInCents: 500, counterPartyName: "Control Payer", refunds: [] })
    )
    expectErrorBody(await ctl(fixed.paymentRequestToken, {}), 409, "PAYMENT_REQUEST_NOT_OPEN")
  })

  it("caps an open amount at 999,999 cents in total: MAX_YIELD_REACHED", async () => {
    const open = await env.client.createPaymentRequest({ description: "Big collection" })
    await pay(env.control, open.paymentRequestToken, { amountInCents: 999_000 })
    const over = await raw(env.sandbox.url, "POST", `/_sandbox/paymentrequests/${open.paymentRequestToken}/pay`, {
      json: { amountInCents: 1_000 },
    })
    expectErrorBody(over, 400, "PAYMENT_REQUEST_MAX_AMOUNT_EXCEEDED")
    await pay(env.control, open.paymentRequestToken, { amountInCents: 999 })
    const read = await env.client.getPaymentRequest(open.paymentRequestToken)
    expect({ status: read.status, total: read.totalAmountPaidInCents }).toEqual({
      status: "MAX_YIELD_REACHED",
      total: 999_999,
    })
  })

  it("get payment: PAYMENT_TOKEN_INVALID (local and sandbox) and PAYMENT_NOT_FOUND, also for another request's payment", async () => {
    const a = await env.client.createPaymentRequest({ description: "A", amountInCents: 100 })
    const b = await env.client.createPaymentRequest({ description: "B", amountInCents: 100 })
    const paidA = await pay(env.control, a.paymentRequestToken)

    const before = await received(env.control, "paymentRequestsV2.getPayment")
    const local = await caught(() => env.client.getPayment(a.paymentRequestToken, "not a token"))
    expect({ kind: local.kind, code: local.code }).toEqual({ kind: "local", code: "PAYMENT_TOKEN_INVALID" })
    expect(await received(env.control, "paymentRequestsV2.getPayment")).toBe(before)

    const h = { headers: appHeaders(env.appToken) }
    expectErrorBody(
      await raw(env.sandbox.url, "GET", `/v2/pay/paymentrequests/${a.paymentRequestToken}/payments/bad%20token`, h),
      400,
      "PAYMENT_TOKEN_INVALID"
    )
    expectErrorBody(
      await raw(
        env.sandbox.url,
        "GET",
        `/v2/pay/paymentrequests/${b.paymentRequestToken}/payments/${paidA.paymentToken}`,
        h
      ),
      404,
      "PAYMENT_NOT_FOUND"
    )
    const e = await caught(() => env.client.getPayment(a.paymentRequestToken, "BBBBBBBBBBBBBBBBBBBBBB"))
    expect({ kind: e.kind, code: e.code, status: e.status }).toEqual({
      kind: "service",
      code: "PAYMENT_NOT_FOUND",
      status: 404,
    })
  })

  it("GET /_sandbox/paymentrequests shows every request with its app and payments", async () => {
    const pr = await env.client.createPaymentRequest({ description: "Overview", amountInCents: 300 })
    const p = await pay(env.control, pr.paymentRequestToken)
    const res = await raw(env.sandbox.url, "GET", `/_sandbox/paymentrequests?appToken=${env.appToken}`)
    const all = (
      res.body as {
        paymentRequests: Array<{
          paymentRequestToken: string
          appToken: string
          payments: Array<{ paymentToken: string }>
        }>
      }
    ).paymentRequests
    expect(all[0]).toEqual(
      expect.objectContaining({
        paymentRequestToken: pr.paymentRequestToken,
        appToken: env.appToken,
        status: "MAX_SUCCESSFUL_PAYMENTS_REACHED",
        payments: [expect.objectContaining({ paymentToken: p.paymentToken })],
      })
    )
  })
})

describe("payment requests v2: payment page of an expired request", () => {
  let env: V2Env
  beforeAll(async () => {
    env = await startV2()
  })
  afterAll(() => env.close())

  it("says it has expired instead of offering a form", async () => {
    const pr = await env.client.createPaymentRequest({ description: "Late", amountInCents: 100 })
    await env.control.advanceClock(20 * 86_400)
    const res = await raw(env.sandbox.url, "GET", new URL(pr.url).pathname)
    expect(res.status).toBe(410)
    expect(res.text).toMatch(/This payment request has expired\./)
    expect(res.text).not.toContain("<form")
  })
})
