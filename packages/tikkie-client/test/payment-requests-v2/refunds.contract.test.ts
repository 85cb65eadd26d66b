import { appHeaders, caught, expectErrorBody, pay, raw, received, startV2, type V2Env } from "./helpers"

/** Refunds: create, the paid + 25.00 euro rule, read, and paying out through the control. */
describe("payment requests v2: refunds", () => {
  let env: V2Env
  beforeAll(async () => {
    env = await startV2()
  })
  afterAll(() => env.close())

  async function paidPayment(amountInCents = 1000) {
    const pr = await env.client.createPaymentRequest({ description: "Refundable", amountInCents })
    const p = await pay(env.control, pr.paymentRequestToken)
    return { pr: pr.paymentRequestToken, payment: p.paymentToken }
  }
  const refundsPath = (t: { pr: string; payment: string }) =>
    `/v2/pay/paymentrequests/${t.pr}/payments/${t.payment}/refunds`

  it("creates a partial refund: 201, PENDING, and GET refund and GET payment read it back", async () => {
    const t = await paidPayment(1000)
    const res = await raw(env.sandbox.url, "POST", refundsPath(t), {
      headers: appHeaders(env.appToken),
      json: { amountInCents: 300, description: "Broken cup", referenceId: "rma-17" },
    })
    expect(res.status).toBe(201)
    const refund = res.body as Record<string, unknown>
    expect(refund).toEqual({
      refundToken: expect.stringMatching(/^[A-Za-z0-9]{22}$/),
      amountInCents: 300,
      description: "Broken cup",
      referenceId: "rma-17",
      createdDateTime: expect.stringMatching(/Z$/),
      status: "PENDING",
    })
    expect(await env.client.getRefund(t.pr, t.payment, refund.refundToken as string)).toEqual(refund)
    expect((await env.client.getPayment(t.pr, t.payment)).refunds).toEqual([refund])
  })

  it("allows repeated refunds up to exactly the amount paid plus 2,500 cents, and refuses one cent more", async () => {
    const t = await paidPayment(1000)
    await env.client.createRefund(t.pr, t.payment, { amountInCents: 1000, description: "Full amount" })
    await env.client.createRefund(t.pr, t.payment, { amountInCents: 2000, description: "Compensation" })
    const last = await env.client.createRefund(t.pr, t.payment, { amountInCents: 500, description: "Shipping back" })
    expect(last.status).toBe("PENDING")

    const e = await caught(() =>
      env.client.createRefund(t.pr, t.payment, { amountInCents: 1, description: "One cent" })
    )
    expect({ kind: e.kind, code: e.code, status: e.status }).toEqual({
      kind: "service",
      code: "REFUND_AMOUNT_IS_TOO_HIGH",
      status: 400,
    })
    const res = await raw(env.sandbox.url, "POST", refundsPath(t), {
      headers: appHeaders(env.appToken),
      json: { amountInCents: 1, description: "One cent" },
    })
    expectErrorBody(res, 400, "REFUND_AMOUNT_IS_TOO_HIGH")
    expect((await env.client.getPayment(t.pr, t.payment)).refunds!.map((r) => r.amountInCents)).toEqual([
      1000, 2000, 500,
    ])
  })

  it("counts paid refunds as well as pending ones against the limit", async () => {
    const t = await paidPayment(100)
    const r = await env.client.createRefund(t.pr, t.payment, { amountInCents: 2600, description: "All of it" })
    await env.control.post(`/_sandbox/refunds/${r.refundToken}/pay`)
    const e = await caught(() => env.client.createRefund(t.pr, t.payment, { amountInCents: 1, description: "More" }))
    expect(e.code).toBe("REFUND_AMOUNT_IS_TOO_HIGH")
  })

  it("checks the limit locally when told what was paid and refunded, and then sends nothing", async () => {
    const t = await paidPayment(1000)
    const before = await received(env.control, "paymentRequestsV2.createRefund")
    const e = await caught(() =>
      env.client.createRefund(
        t.pr,
        t.payment,
        { amountInCents: 2501, description: "Too much" },
        { paidInCents: 1000, refundedInCents: 1000 }
      )
    )
    expect({ kind: e.kind, code: e.code, status: e.status }).toEqual({
      kind: "local",
      code: "REFUND_AMOUNT_IS_TOO_HIGH",
      status: 400,
    })
    expect(await received(env.control, "paymentRequestsV2.createRefund")).toBe(before)
    const ok = await env.client.createRefund(
      t.pr,
      t.payment,
      { amountInCents: 3500, description: "Exactly the limit" },
      { paidInCents: 1000, refundedInCents: 0 }
    )
    expect(ok.amountInCents).toBe(3500)
  })

  const badBodies: Array<[string, unknown, string]> = [
    ["no amountInCents", { description: "d" }, "AMOUNT_IN_CENTS_MISSING"],
    ["amountInCents 0", { amountInCents: 0, description: "d" }, "AMOUNT_IN_CENTS_INVALID"],
    ["a fractional amount", { amountInCents: 1.5, description: "d" }, "AMOUNT_IN_CENTS_INVALID"],
    ["no description", { amountInCents: 100 }, "DESCRIPTION_MISSING"],
    [
      "a 36-character description",
      { amountInCents: 100, description: "y".repeat(36) },
      "DESCRIPTION_MAX_LENGTH_EXCEEDED",
    ],
    ["a bad referenceId", { amountInCents: 100, description: "d", referenceId: "ref;1" }, "REFERENCE_ID_INVALID"],
    ["an unknown field", { amountInCents: 100, description: "d", currency: "EUR" }, "UNKNOWN_FIELD"],
  ]

  it.each(badBodies)(
    "refuses a refund with %s: locally (nothing sent) and in the sandbox",
    async (_name, body, code) => {
      const t = await paidPayment()
      const before = await received(env.control, "paymentRequestsV2.createRefund")
      const e = await caught(() => env.client.createRefund(t.pr, t.payment, body as never))
      expect({ kind: e.kind, code: e.code }).toEqual({ kind: "local", code })
      expect(await received(env.control, "paymentRequestsV2.createRefund")).toBe(before)
      expectErrorBody(
        await raw(env.sandbox.url, "POST", refundsPath(t), { headers: appHeaders(env.appToken), json: body }),
        400,
        code
      )
    }
  )

  it("answers PAYMENT_NOT_FOUND for a refund of an unknown payment", async () => {
    const t = await paidPayment()
    const res = await raw(env.sandbox.url, "POST", refundsPath({ pr: t.pr, payment: "BBBBBBBBBBBBBBBBBBBBBB" }), {
      headers: appHeaders(env.appToken),
      json: { amountInCents: 100, description: "d" },
    })
    expectErrorBody(res, 404, "PAYMENT_NOT_FOUND")
  })

  it("get refund: REFUND_TOKEN_INVALID (local and sandbox) and REFUND_NOT_FOUND", async () => {
    const t = await paidPayment()
    const local = await caught(() => env.client.getRefund(t.pr, t.payment, "no/slashes"))
    expect({ kind: local.kind, code: local.code }).toEqual({ kind: "local", code: "REFUND_TOKEN_INVALID" })
    const h = { headers: appHeaders(env.appToken) }
    expectErrorBody(
      await raw(env.sandbox.url, "GET", `${refundsPath(t)}/${"x".repeat(65)}`, h),
      400,
      "REFUND_TOKEN_INVALID"
    )
    expectErrorBody(
      await raw(env.sandbox.url, "GET", `${refundsPath(t)}/CCCCCCCCCCCCCCCCCCCCCC`, h),
      404,
      "REFUND_NOT_FOUND"
    )
  })

  it("a refund becomes PAID only through the control, and paying it twice changes nothing", async () => {
    const t = await paidPayment()
    const r = await env.client.createRefund(t.pr, t.payment, { amountInCents: 100, description: "Back" })
    await env.control.advanceClock(30 * 86_400)
    expect((await env.client.getRefund(t.pr, t.payment, r.refundToken)).status).toBe("PENDING")

    const first = await raw(env.sandbox.url, "POST", `/_sandbox/refunds/${r.refundToken}/pay`)
    expect(first.status).toBe(200)
    expect(first.body).toEqual(expect.objectContaining({ refundToken: r.refundToken, status: "PAID" }))
    expect((await raw(env.sandbox.url, "POST", `/_sandbox/refunds/${r.refundToken}/pay`)).status).toBe(200)
    expect((await env.client.getRefund(t.pr, t.payment, r.refundToken)).status).toBe("PAID")
    expectErrorBody(
      await raw(env.sandbox.url, "POST", "/_sandbox/refunds/CCCCCCCCCCCCCCCCCCCCCC/pay"),
      404,
      "REFUND_NOT_FOUND"
    )
  })
})
