import { adminHeaders } from "../helpers/payment-request-env"
import { enableV1PaymentLinks, V1_PROVIDER } from "../helpers/payment-request-v1-env"
import { seedStore, storeApi } from "../helpers/store-flow"
import type { GroupSuite } from "../helpers/store-suites"
import type { TikkieTestEnv } from "../helpers/tikkie-sandbox-env"

/** A shop that configured v1 with a Belgian IBAN: v1 accepts Dutch IBANs only. */
export const BELGIAN_IBAN = "BE68539007547034"

const suite: GroupSuite<{ tikkie: TikkieTestEnv; v1: { accessToken: string } }> = {
  name: "payment-request-v1-rules",
  testSuite: ({ api, getContainer, tikkie, v1 }) => {
    it("a v1 rule reaches the admin as a clear message: a non-Dutch IBAN in the options stops the setup, stored for the admin, and nothing is sent for the user", async () => {
      const headers = await adminHeaders(api, getContainer())
      const res = await api
        .post("/admin/tikkie/payment-requests/v1-setup", {}, { headers })
        .catch((e: any) => e.response)
      expect(res.status).toBe(400)
      expect(res.data.message).toBe(
        `Setting up Tikkie payment requests v1 (${V1_PROVIDER}) failed at the user: a value breaks Tikkie's rules ` +
          "(ERR_1100_004: iban: only Dutch IBANs (starting with NL) are accepted)"
      )
      // The client refused it before sending, as Tikkie would have.
      expect(await tikkie.control.requests("paymentRequestsV1.createUser")).toHaveLength(0)

      const { data } = await api.get("/admin/tikkie/payment-requests/v1-setup", { headers })
      expect(data.v1_setup).toMatchObject({
        provider_id: V1_PROVIDER,
        ready: false,
        problem: res.data.message,
        user_token: null,
      })

      // A shopper choosing the link gets the same reason instead of a payment page; no request is made.
      const store = await seedStore(getContainer())
      await enableV1PaymentLinks(getContainer(), store.regionId)
      const shop = storeApi(api, store.publishableKey)
      const cart = await shop.createCart(store.regionId, [[store.variantIds["drop-1"], 1]])
      const start = await api
        .post(`/store/carts/${cart.id}/tikkie-payment-request`, {}, { headers: shop.headers })
        .catch((e: any) => e.response)
      expect(start.status).toBe(400)
      expect(start.data.message).toMatch(/only Dutch IBANs \(starting with NL\) are accepted/)
      expect(await tikkie.control.requests("paymentRequestsV1.createPaymentRequest")).toHaveLength(0)
    })

    it("a v1 code reaches the admin as a clear message: an expired access token (ERR_2002_002)", async () => {
      const headers = await adminHeaders(api, getContainer())
      await tikkie.control.post("/_sandbox/oauth/tokens/expire", { access_token: v1.accessToken })
      const res = await api
        .post("/admin/tikkie/payment-requests/v1-setup", { force: true }, { headers })
        .catch((e: any) => e.response)
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(
        /failed at the platform: the access token is missing, invalid or expired: give the provider a fresh accessToken \(scope pay\) \(ERR_2002_002: /
      )
      expect(res.data.message).not.toContain(v1.accessToken)
    })

    it("answers bad input of the setup route with a clear error", async () => {
      const headers = await adminHeaders(api, getContainer())
      const res = await api
        .post("/admin/tikkie/payment-requests/v1-setup", { force: "yes" }, { headers })
        .catch((e: any) => e.response)
      expect(res.status).toBe(400)
      expect(res.data.message).toBe("Invalid body: force must be true or false")
      const unauthenticated = await api
        .post("/admin/tikkie/payment-requests/v1-setup", {})
        .catch((e: any) => e.response)
      expect(unauthenticated.status).toBe(401)
    })
  },
}
export default suite
