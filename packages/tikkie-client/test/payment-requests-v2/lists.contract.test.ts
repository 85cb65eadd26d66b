import { appHeaders, caught, expectErrorBody, pay, raw, received, startV2, type V2Env } from "./helpers"

/** Lists, paging, date filters and the async iterators of payment requests v2. */
describe("payment requests v2: lists and paging", () => {
  let env: V2Env
  /** Tokens in creation order (oldest first). */
  const created: string[] = []

  beforeAll(async () => {
    env = await startV2()
    for (let i = 0; i < 120; i++) {
      created.push(
        (await env.client.createPaymentRequest({ description: `Request ${i}`, amountInCents: 100 + i }))
          .paymentRequestToken
      )
    }
  })
  afterAll(() => env.close())

  it("answers pages newest first, pageNumber counting from 0, with totalElementCount", async () => {
    const first = await env.client.listPaymentRequests({ pageNumber: 0, pageSize: 50 })
    expect(first.totalElementCount).toBe(120)
    expect(first.paymentRequests.map((p) => p.paymentRequestToken)).toEqual(created.slice(70).reverse())
    expect(first.paymentRequests[0]).toEqual(
      expect.objectContaining({
        description: "Request 119",
        amountInCents: 219,
        numberOfPayments: 0,
        totalAmountPaidInCents: 0,
      })
    )
    const last = await env.client.listPaymentRequests({ pageNumber: 2, pageSize: 50 })
    expect(last.paymentRequests.map((p) => p.paymentRequestToken)).toEqual(created.slice(0, 20).reverse())
    const past = await env.client.listPaymentRequests({ pageNumber: 3, pageSize: 50 })
    expect(past).toEqual({ paymentRequests: [], totalElementCount: 120 })
  })

  it("iterates all 120 requests through the async iterator in three calls of 50", async () => {
    const before = await received(env.control, "paymentRequestsV2.listPaymentRequests")
    const seen: string[] = []
    for await (const pr of env.client.paymentRequests()) seen.push(pr.paymentRequestToken)
    expect(seen).toEqual([...created].reverse())
    expect(await received(env.control, "paymentRequestsV2.listPaymentRequests")).toBe(before + 3)
  })

  it("yields no request twice when new ones are created while iterating", async () => {
    const it = env.client.paymentRequests()
    const seen: string[] = []
    for (let i = 0; i < 50; i++) seen.push((await it.next()).value!.paymentRequestToken)
    const extra: string[] = []
    for (let i = 0; i < 3; i++)
      extra.push((await env.client.createPaymentRequest({ description: `Late ${i}` })).paymentRequestToken)
    for (let r = await it.next(); !r.done; r = await it.next()) seen.push(r.value.paymentRequestToken)
    expect(new Set(seen).size).toBe(seen.length)
    expect(new Set(seen)).toEqual(new Set(created))
    expect(seen.some((t) => extra.includes(t))).toBe(false)
  })

  const badQueries: Array<[string, string, string]> = [
    ["no pageNumber", "pageSize=10", "PAGE_NUMBER_MISSING"],
    ["a negative pageNumber", "pageNumber=-1&pageSize=10", "PAGE_NUMBER_MISSING"],
    ["a pageNumber that is not a number", "pageNumber=first&pageSize=10", "PAGE_NUMBER_MISSING"],
    ["no pageSize", "pageNumber=0", "PAGE_SIZE_MISSING"],
    ["pageSize 0", "pageNumber=0&pageSize=0", "PAGE_SIZE_MISSING"],
    ["pageSize 51", "pageNumber=0&pageSize=51", "PAGE_SIZE_TOO_LARGE"],
    ["a fromDateTime without a time", "pageNumber=0&pageSize=10&fromDateTime=2024-05-01", "FROM_DATE_TIME_INVALID"],
    ["a fromDateTime that is not a date", "pageNumber=0&pageSize=10&fromDateTime=yesterday", "FROM_DATE_TIME_INVALID"],
    ["a toDateTime without a zone", "pageNumber=0&pageSize=10&toDateTime=2024-05-01T10:00:00", "TO_DATE_TIME_INVALID"],
    [
      "a toDateTime before fromDateTime",
      "pageNumber=0&pageSize=10&fromDateTime=2024-05-02T00:00:00Z&toDateTime=2024-05-01T00:00:00Z",
      "TO_DATE_TIME_INVALID",
    ],
  ]

  it.each(badQueries)("the sandbox refuses %s with 400 %s", async (_name, query, code) => {
    expectErrorBody(
      await raw(env.sandbox.url, "GET", `/v2/pay/paymentrequests?${query}`, { headers: appHeaders(env.appToken) }),
      400,
      code
    )
  })

  it.each(badQueries)("the client refuses %s locally and sends nothing", async (_name, query, code) => {
    const q: Record<string, unknown> = Object.fromEntries(new URLSearchParams(query))
    for (const k of ["pageNumber", "pageSize"])
      if (q[k] !== undefined && /^-?\d+$/.test(q[k] as string)) q[k] = Number(q[k])
    const before = await received(env.control, "paymentRequestsV2.listPaymentRequests")
    const e = await caught(() => env.client.listPaymentRequests(q as never))
    expect({ kind: e.kind, code: e.code }).toEqual({ kind: "local", code })
    expect(await received(env.control, "paymentRequestsV2.listPaymentRequests")).toBe(before)
  })

  it("answers pageSize 1 and 50, the bounds, normally", async () => {
    expect((await env.client.listPaymentRequests({ pageNumber: 0, pageSize: 1 })).paymentRequests).toHaveLength(1)
    expect((await env.client.listPaymentRequests({ pageNumber: 1, pageSize: 50 })).paymentRequests).toHaveLength(50)
  })
})

describe("payment requests v2: date filters", () => {
  let env: V2Env
  beforeAll(async () => {
    env = await startV2()
  })
  afterAll(() => env.close())

  it("filters on createdDateTime: fromDateTime inclusive, toDateTime exclusive; Date objects are accepted", async () => {
    const a = await env.client.createPaymentRequest({ description: "A" })
    await env.control.advanceClock(3_600)
    const b = await env.client.createPaymentRequest({ description: "B" })
    await env.control.advanceClock(3_600)
    const c = await env.client.createPaymentRequest({ description: "C" })

    const names = (l: { paymentRequests: Array<{ description: string }> }) =>
      l.paymentRequests.map((p) => p.description)
    const fromB = await env.client.listPaymentRequests({ pageNumber: 0, pageSize: 50, fromDateTime: b.createdDateTime })
    expect(names(fromB)).toEqual(["C", "B"])
    expect(fromB.totalElementCount).toBe(2)
    const toC = await env.client.listPaymentRequests({
      pageNumber: 0,
      pageSize: 50,
      toDateTime: new Date(c.createdDateTime),
    })
    expect(names(toC)).toEqual(["B", "A"])
    const onlyB = await env.client.listPaymentRequests({
      pageNumber: 0,
      pageSize: 50,
      fromDateTime: b.createdDateTime,
      toDateTime: c.createdDateTime,
    })
    expect(names(onlyB)).toEqual(["B"])
    const viaIterator: string[] = []
    for await (const pr of env.client.paymentRequests({ toDateTime: b.createdDateTime }))
      viaIterator.push(pr.description)
    expect(viaIterator).toEqual(["A"])
    expect(a.description).toBe("A")
  })
})

describe("payment requests v2: payment lists", () => {
  let env: V2Env
  beforeAll(async () => {
    env = await startV2()
  })
  afterAll(() => env.close())

  it("lists an open request's 60 payments newest first, and iterates them in two calls", async () => {
    const pr = await env.client.createPaymentRequest({ description: "Collection" })
    const paid: string[] = []
    for (let i = 1; i <= 60; i++)
      paid.push(
        (await pay(env.control, pr.paymentRequestToken, { amountInCents: i, counterPartyName: `Payer ${i}` }))
          .paymentToken
      )

    const first = await env.client.listPayments(pr.paymentRequestToken, { pageNumber: 0, pageSize: 10 })
    expect(first.totalElementCount).toBe(60)
    expect(first.payments.map((p) => p.paymentToken)).toEqual(paid.slice(50).reverse())
    expect(first.payments[0]).toEqual(
      expect.objectContaining({ amountInCents: 60, counterPartyName: "Payer 60", refunds: [] })
    )

    const before = await received(env.control, "paymentRequestsV2.listPayments")
    const all: number[] = []
    for await (const p of env.client.payments(pr.paymentRequestToken)) all.push(p.amountInCents)
    expect(all).toEqual(Array.from({ length: 60 }, (_, i) => 60 - i))
    expect(await received(env.control, "paymentRequestsV2.listPayments")).toBe(before + 2)

    const read = await env.client.getPaymentRequest(pr.paymentRequestToken)
    expect({ n: read.numberOfPayments, total: read.totalAmountPaidInCents, status: read.status }).toEqual({
      n: 60,
      total: (60 * 61) / 2,
      status: "OPEN",
    })
  })

  it("leaves refunds out when includeRefunds is false, and includes them by default", async () => {
    const pr = await env.client.createPaymentRequest({ description: "With refund", amountInCents: 1000 })
    const p = await pay(env.control, pr.paymentRequestToken)
    await env.client.createRefund(pr.paymentRequestToken, p.paymentToken, {
      amountInCents: 100,
      description: "Part back",
    })

    const withRefunds = await env.client.listPayments(pr.paymentRequestToken, { pageNumber: 0, pageSize: 10 })
    expect(withRefunds.payments[0].refunds).toEqual([
      expect.objectContaining({ amountInCents: 100, status: "PENDING" }),
    ])
    const without = await raw(
      env.sandbox.url,
      "GET",
      `/v2/pay/paymentrequests/${pr.paymentRequestToken}/payments?pageNumber=0&pageSize=10&includeRefunds=false`,
      { headers: appHeaders(env.appToken) }
    )
    expect(without.status).toBe(200)
    expect((without.body as { payments: Array<Record<string, unknown>> }).payments[0]).not.toHaveProperty("refunds")
    const viaClient = await env.client.listPayments(pr.paymentRequestToken, {
      pageNumber: 0,
      pageSize: 10,
      includeRefunds: false,
    })
    expect(viaClient.payments[0].refunds).toBeUndefined()
  })

  it("refuses bad payment list queries with the list codes, and an unknown request with 404", async () => {
    const pr = await env.client.createPaymentRequest({ description: "Queries" })
    const base = `/v2/pay/paymentrequests/${pr.paymentRequestToken}/payments`
    const h = { headers: appHeaders(env.appToken) }
    expectErrorBody(await raw(env.sandbox.url, "GET", `${base}?pageSize=10`, h), 400, "PAGE_NUMBER_MISSING")
    expectErrorBody(
      await raw(env.sandbox.url, "GET", `${base}?pageNumber=0&pageSize=99`, h),
      400,
      "PAGE_SIZE_TOO_LARGE"
    )
    expectErrorBody(
      await raw(env.sandbox.url, "GET", `${base}?pageNumber=0&pageSize=5&includeRefunds=maybe`, h),
      400,
      "INCLUDE_REFUNDS_INVALID"
    )
    expectErrorBody(
      await raw(
        env.sandbox.url,
        "GET",
        `/v2/pay/paymentrequests/AAAAAAAAAAAAAAAAAAAAAA/payments?pageNumber=0&pageSize=5`,
        h
      ),
      404,
      "PAYMENT_REQUEST_NOT_FOUND"
    )
    const e = await caught(() => env.client.listPayments(pr.paymentRequestToken, { pageNumber: 0, pageSize: 0 }))
    expect({ kind: e.kind, code: e.code }).toEqual({ kind: "local", code: "PAGE_SIZE_MISSING" })
  })
})
