import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { recordMissingSessions as recordMissingFastCheckoutSessions } from "../../src/jobs/poll-fast-checkout-orders"
import { recordMissingSessions as recordMissingPaymentRequestSessions } from "../../src/jobs/poll-payment-requests"
import { MISSING_SESSIONS_MAX, MISSING_SESSIONS_PAGE } from "../../src/workflows/utils/missing-sessions"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"

/**
 * Both poll jobs look, every minute, for payment sessions of the last day that have no record (a crash
 * between the session and its record). A busy store has many: each run reads them in bounded pages, newest
 * first, and at most MISSING_SESSIONS_MAX of them (issue 19 point 9), never all at once.
 */
describe("recordMissingSessions in the poll jobs", () => {
  /** A store with far more sessions than a run may read, each with a record already. */
  function busyStore(tokenKey: "orderToken" | "paymentRequestToken") {
    const graphCalls: any[] = []
    const recordReads: number[] = []
    const query = {
      graph: async (args: any) => {
        graphCalls.push(args)
        const take = args.pagination?.take ?? 1_000_000
        const skip = args.pagination?.skip ?? 0
        const data = Array.from({ length: Math.min(take, 5_000) }, (_, i) => ({
          id: `payses_${skip + i}`,
          provider_id: "pp_x",
          payment_collection_id: "pay_col_1",
          data: { [tokenKey]: `token-${skip + i}` },
        }))
        return { data }
      },
    }
    const known = async (filters: any) => {
      const tokens: string[] = filters.order_token ?? filters.payment_request_token
      recordReads.push(tokens.length)
      return tokens.map((t) => ({ order_token: t, payment_request_token: t }))
    }
    const tikkie = { listFastCheckoutOrders: known, listPaymentRequests: known }
    const container = {
      resolve: (key: string) => {
        if (key === ContainerRegistrationKeys.QUERY) return query
        if (key === TIKKIE_MODULE) return tikkie
        if (key === ContainerRegistrationKeys.LOGGER) return { info() {}, warn() {}, error() {}, debug() {} }
        throw new Error(`unexpected resolve ${key}`)
      },
    }
    return { container: container as never, graphCalls, recordReads }
  }

  it.each([
    ["Fast Checkout", recordMissingFastCheckoutSessions, "orderToken"],
    ["payment requests", recordMissingPaymentRequestSessions, "paymentRequestToken"],
  ] as const)(
    "%s: reads bounded pages, newest first, at most MISSING_SESSIONS_MAX sessions a run",
    async (_name, record, key) => {
      const store = busyStore(key)
      await record(store.container)
      expect(store.graphCalls.length).toBeGreaterThan(0)
      expect(store.graphCalls.length).toBeLessThanOrEqual(Math.ceil(MISSING_SESSIONS_MAX / MISSING_SESSIONS_PAGE))
      for (const [i, call] of store.graphCalls.entries()) {
        expect(call.pagination).toEqual({
          take: MISSING_SESSIONS_PAGE,
          skip: i * MISSING_SESSIONS_PAGE,
          order: { created_at: "DESC" },
        })
        expect(call.filters.created_at.$gt).toBeInstanceOf(Date)
      }
      expect(Math.max(...store.recordReads)).toBeLessThanOrEqual(MISSING_SESSIONS_PAGE)
    }
  )
})
