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

  // Biased towards valid values, so that both outcomes (created and refused) are exercised.
  const validDescription = fc.string({ minLength: 1, maxLength: 35 }).filter((d) => d.trim() !== "")
  const validOrNot = <T, U>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<U>) =>
    fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: other, weight: 2 })
  const fields = {
    description: validOrNot(validDescription, fc.oneof(fc.string(), fc.jsonValue())),
    amountInCents: validOrNot(
      fc.integer({ min: 1, max: 2_000 }),
      fc.oneof(fc.integer(), fc.double(), fc.string(), fc.jsonValue())
    ),
    expiryDate: validOrNot(
      fc.constant("2099-01-31"),
      fc.oneof(
        fc.string(),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
      )
    ),
    referenceId: validOrNot(fc.stringMatching(/^[a-z0-9-]{1,35}$/), fc.string()),
    url: validOrNot(fc.constant("https://shop.example.com/hook"), fc.oneof(fc.webUrl(), fc.string(), fc.jsonValue())),
    unknown: fc.jsonValue(),
  }
  type Field = keyof typeof fields
  /**
   * Mostly the operation's own fields (required ones present but maybe invalid, optional ones maybe
   * absent), sometimes any JSON at all, sometimes with an unknown field.
   */
  const bodyOf = (required: Field[], optional: Field[]): fc.Arbitrary<unknown> => {
    const shape = Object.fromEntries([...required, ...optional].map((n) => [n, fields[n]]))
    return fc.oneof(
      { arbitrary: fc.record(shape, { requiredKeys: required }), weight: 6 },
      { arbitrary: fc.record(shape, { requiredKeys: [] }), weight: 1 },
      { arbitrary: fc.jsonValue(), weight: 1 },
      { arbitrary: fc.record({ ...shape, unknown: fields.unknown }), weight: 1 }
    )
  }

  it.each([
    [
      "create payment request",
      (): string => "/v2/pay/paymentrequests",
      bodyOf(["description"], ["amountInCents", "expiryDate", "referenceId"]),
    ],
    ["create refund", (): string => refundsPath, bodyOf(["amountInCents", "description"], ["referenceId"])],
    ["subscribe", (): string => "/v2/pay/paymentrequestssubscription", bodyOf(["url"], [])],
  ] as const)("%s: random bodies answer 201 or a 400 with a code, never a crash", async (_name, path, anyBody) => {
    const outcomes = new Set<number>()
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        const res = await raw(env.sandbox.url, "POST", path(), { headers: appHeaders(env.appToken), json: body })
        outcomes.add(res.status)
        if (res.status === 201) return
        expect(res.status).toBe(400)
        expect((res.body as { errors: Array<{ code: string; traceId: string }> }).errors[0]).toEqual(
          expect.objectContaining({ code: expect.stringMatching(/^[A-Z_]+$/), traceId: res.traceId })
        )
      }),
      { numRuns: 200 }
    )
    expect([...outcomes].sort()).toEqual([201, 400])
  })

  it("random list queries answer 200 or a 400 with a code", async () => {
    const param = fc.oneof(fc.string(), fc.integer().map(String), fc.constant(""))
    await fc.assert(
      fc.asyncProperty(param, param, param, async (pageNumber, pageSize, fromDateTime) => {
        const q = new URLSearchParams({ pageNumber, pageSize, fromDateTime }).toString()
        const res = await raw(env.sandbox.url, "GET", `/v2/pay/paymentrequests?${q}`, {
          headers: appHeaders(env.appToken),
        })
        expect([200, 400]).toContain(res.status)
        if (res.status === 400) expect((res.body as { errors: unknown[] }).errors).toHaveLength(1)
      }),
      { numRuns: 150 }
    )
  })

  it("forgets apps, requests and subscriptions on POST /_sandbox/reset", async () => {
    await env.client.subscribeNotifications("https://shop.example.com/hooks")
    await env.control.reset()
    const res = await raw(env.sandbox.url, "GET", "/v2/pay/paymentrequests?pageNumber=0&pageSize=1", {
      headers: appHeaders(env.appToken),
    })
    expect(res.status).toBe(401)
    expect(
      (await env.control.get<{ paymentRequests: unknown[] }>("/_sandbox/paymentrequests")).paymentRequests
    ).toEqual([])
  })
})
