import fc from "fast-check"
import { appHeaders, pay, raw, startV2, type V2Env } from "./helpers"

/** Whatever a caller sends, the sandbox answers in the documented shape and never fails with a 500. */
describe("payment requests v2: robustness", () => {
  let env: V2Env
  let refundsPath: string
  beforeAll(async () => {
    env = await startV2()
    const pr = await env.client.createPaymentRequest({ description: "Fuzz target", amountInCents: 1000 })
    const p = await pay(env.control, pr.paymentRequestToken)
    refundsPath = `/v2/pay/paymentrequests/${pr.paymentRequestToken}/payments/${p.paymentToken}/refunds`
  })
  afterAll(() => env.close())

  const anyBody = fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        description: fc.oneof(fc.string(), fc.jsonValue()),
        amountInCents: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.jsonValue()),
        expiryDate: fc.oneof(fc.string(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))),
        referenceId: fc.string(),
        url: fc.oneof(fc.webUrl(), fc.string()),
      },
      { requiredKeys: [] }
    )
  )

  it.each([
    ["create payment request", () => "/v2/pay/paymentrequests", [201]],
    ["create refund", () => refundsPath, [201]],
    ["subscribe", () => "/v2/pay/paymentrequestssubscription", [201]],
  ] as const)("%s: random bodies answer success or a 400 with a code, never a crash", async (_name, path, okStatuses) => {
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        const res = await raw(env.sandbox.url, "POST", path(), { headers: appHeaders(env.appToken), json: body })
        if ((okStatuses as readonly number[]).includes(res.status)) return
        expect(res.status).toBe(400)
        expect((res.body as { errors: Array<{ code: string; traceId: string }> }).errors[0]).toEqual(
          expect.objectContaining({ code: expect.stringMatching(/^[A-Z_]+$/), traceId: res.traceId })
        )
      }),
      { numRuns: 150 }
    )
  })

  it("random list queries answer 200 or a 400 with a code", async () => {
    const param = fc.oneof(fc.string(), fc.integer().map(String), fc.constant(""))
    await fc.assert(
      fc.asyncProperty(param, param, param, async (pageNumber, pageSize, fromDateTime) => {
        const q = new URLSearchParams({ pageNumber, pageSize, fromDateTime }).toString()
        const res = await raw(env.sandbox.url, "GET", `/v2/pay/paymentrequests?${q}`, { headers: appHeaders(env.appToken) })
        expect([200, 400]).toContain(res.status)
        if (res.status === 400) expect((res.body as { errors: unknown[] }).errors).toHaveLength(1)
      }),
      { numRuns: 150 }
    )
  })

  it("forgets apps, requests and subscriptions on POST /_sandbox/reset", async () => {
    await env.client.subscribeNotifications("https://shop.example.com/hooks")
    await env.control.reset()
    const res = await raw(env.sandbox.url, "GET", "/v2/pay/paymentrequests?pageNumber=0&pageSize=1", { headers: appHeaders(env.appToken) })
    expect(res.status).toBe(401)
    expect((await env.control.get<{ paymentRequests: unknown[] }>("/_sandbox/paymentrequests")).paymentRequests).toEqual([])
  })
})
