import type { RateLimiter } from "../../src"
import { caught, orderBody, startHarness, type Harness } from "./helpers"

/**
 * GET order's rate limit is taken per attempt (Fast Checkout specification, "Rate limits": at most 250
 * GET order calls a second): a retry is a call Tikkie counts like any other, so it takes a slot of the
 * limiter too, and a 429 tells the limiter that this second is used up at Tikkie.
 */
describe("Fast Checkout client: GET order rate limit per attempt", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.close())
  beforeEach(() => h.reset())

  /** A limiter that lets every call through and counts what it was asked. */
  function countingLimiter() {
    const seen = { acquired: 0, held: 0 }
    const limiter: RateLimiter = {
      acquire: async () => {
        seen.acquired++
      },
      holdRestOfSecond: async () => {
        seen.held++
      },
    }
    return { limiter, seen }
  }

  const getOrderCalls = async () => h.control.requests("fastCheckout.getOrder")

  it("takes a slot before every attempt, retries included", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    const { limiter, seen } = countingLimiter()
    const client = h.newClient({ merchantToken: h.merchantToken, getOrderRateLimiter: limiter })
    await h.control.injectFault("fastCheckout.getOrder", "500", 2)
    await h.control.injectFault("fastCheckout.getOrder", "503", 1)
    expect((await client.getOrder(orderToken)).orderToken).toBe(orderToken)
    expect((await getOrderCalls()).map((r) => r.status)).toEqual([500, 500, 503, 200])
    expect(seen.acquired).toBe(4)
    expect(seen.held).toBe(0)
  })

  it("tells the limiter to hold the rest of the second after a 429, also when no retry is left", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    const { limiter, seen } = countingLimiter()
    const client = h.newClient({
      merchantToken: h.merchantToken,
      getOrderRateLimiter: limiter,
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 },
    })
    await h.control.injectFault("fastCheckout.getOrder", "429", 1)
    expect((await client.getOrder(orderToken)).orderToken).toBe(orderToken)
    expect(seen).toEqual({ acquired: 2, held: 1 })
    await h.control.injectFault("fastCheckout.getOrder", "429", 2)
    const e = await caught(() => client.getOrder(orderToken))
    expect(e).toMatchObject({ status: 429 })
    expect(seen).toEqual({ acquired: 4, held: 3 })
  })

  it("with the default in-process limiter, the retry after a 429 arrives in a later wall-clock second", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    await h.control.injectFault("fastCheckout.getOrder", "429", 1)
    expect((await h.client.getOrder(orderToken)).orderToken).toBe(orderToken)
    const calls = await getOrderCalls()
    expect(calls.map((r) => r.status)).toEqual([429, 200])
    const [refused, retried] = calls.map((r) => Math.floor(Date.parse(r.at) / 1000))
    expect(retried).toBeGreaterThan(refused)
  })

  it("uses a limiter passed for one call instead of the client's (a caller with a deadline on its wait)", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    const own = countingLimiter()
    const perCall = countingLimiter()
    const client = h.newClient({ merchantToken: h.merchantToken, getOrderRateLimiter: own.limiter })
    await h.control.injectFault("fastCheckout.getOrder", "500", 1)
    await client.getOrder(orderToken, { rateLimiter: perCall.limiter })
    expect(perCall.seen.acquired).toBe(2)
    expect(own.seen.acquired).toBe(0)
  })
})
