import { randomBytes } from "node:crypto"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { pollPaymentRequests } from "../../src/jobs/poll-payment-requests"
import { TIKKIE_BANK_MODULE } from "../../src/modules/tikkie-bank"
import type TikkieBankModuleService from "../../src/modules/tikkie-bank/service"
import { TokenCipher } from "../../src/modules/tikkie-bank/token-cipher"
import { payGrantBinding, payGrantModulesIn, v1AccessToken } from "../../src/modules/tikkie-bank/v1-pay-grant"
import { enableV1PaymentLinks, V1_PROVIDER } from "../helpers/payment-request-v1-env"
import { orderForCart, seedStore, storeApi } from "../helpers/store-flow"
import { consentAtBank, control, followToStore, loginAdmin } from "../helpers/tikkie-bank-env"
import { bankSuite } from "../helpers/store-suites"

/**
 * Legacy payment requests v1 with the store's own OAuth connection (scope pay): an admin connects once,
 * the plugin keeps the token pair sealed and refreshes it (once for all instances) when it runs out or
 * the service refuses it, and says clearly when consent is needed again.
 */
export default bankSuite("payment-request-v1-oauth", {
  testSuite: ({ api, getContainer, bankEnv: env }) => {
    let headers: Record<string, string>
    const bank = () => getContainer().resolve<TikkieBankModuleService>(TIKKIE_BANK_MODULE)
    const grant = async () => (await bank().listPayGrants({}))[0]
    const cipher = () => new TokenCipher(Buffer.from(env.encryptionKey, "base64"))
    const admin = (method: "get" | "post" | "delete", path: string, body?: unknown) =>
      (method === "post" ? api.post(path, body ?? {}, { headers }) : api[method](path, { headers })).catch(
        (e: any) => e.response
      )
    const sandboxCalls = async (operation: string) =>
      ((await control(env, "GET", `/_sandbox/requests?operation=${operation}`)) as { requests: unknown[] }).requests
        .length

    const connectV1 = async () => {
      const started = await admin("post", "/admin/tikkie/payment-requests/v1-connect", {})
      expect(started.status).toBe(201)
      const { location } = await consentAtBank(env, started.data.consent_url)
      return { started, page: await followToStore(location) }
    }

    const startCheckout = async () => {
      const store = await seedStore(getContainer())
      await enableV1PaymentLinks(getContainer(), store.regionId)
      const shop = storeApi(api, store.publishableKey)
      const cart = await shop.createCart(store.regionId, [[store.variantIds["stroopwafels-1"], 1]])
      const res = await api
        .post(`/store/carts/${cart.id}/tikkie-payment-request`, { provider_id: V1_PROVIDER }, { headers: shop.headers })
        .catch((e: any) => e.response)
      return { cart, res }
    }

    beforeEach(async () => {
      ;({ headers } = await loginAdmin(getContainer(), api))
    })
    afterEach(() => jest.restoreAllMocks())

    /** What the store logs as errors from now on (the detail of a v1 grant problem goes there). */
    const errorLog = () => {
      const spy = jest.spyOn(getContainer().resolve(ContainerRegistrationKeys.LOGGER), "error")
      return () => spy.mock.calls.map((c) => String(c[0])).join("\n")
    }

    /**
     * A v1 grant problem as the shopper reads it (issue 19 point 9): what to do, in the shop's words; none of
     * the grant's detail (sealing keys, consent, the admin route to connect), which goes to the log.
     */
    const expectShopperSafe = (res: { status: number; data: { message: string } }) => {
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(/this shop cannot take Tikkie payments at the moment\. Nothing was paid/)
      for (const leak of [
        /sealed/i,
        /POST \/admin/,
        /v1-connect/,
        /consent/i,
        /key id/i,
        /not connected/i,
        /invalid_grant/,
      ]) {
        expect(res.data.message).not.toMatch(leak)
      }
    }

    it("before connecting: the admin and the shopper are told v1 is not connected and how to connect; nothing reaches Tikkie", async () => {
      const status = await admin("get", "/admin/tikkie/payment-requests/v1-connect")
      expect(status.data).toEqual({
        v1_connection: {
          providers: [{ provider_id: V1_PROVIDER, token: "connection" }],
          oauth_ready: true,
          connection: null,
        },
      })
      const log = errorLog()
      const { res } = await startCheckout()
      expectShopperSafe(res)
      expect(log()).toMatch(
        /Tikkie payment requests v1 are not connected: an admin connects them once \(POST \/admin\/tikkie\/payment-requests\/v1-connect\)/
      )
      expect(await sandboxCalls("paymentRequestsV1.listPlatforms")).toBe(0)
    })

    it("connect round trip: consent for scope pay through the bank callback; the pair is stored sealed, never answered; a checkout link is made and settled with it", async () => {
      const { started, page } = await connectV1()
      const url = new URL(started.data.consent_url)
      expect(url.searchParams.get("scope")).toBe("pay")
      expect(url.searchParams.get("redirect_uri")).toBe(`${env.storeUrl}/hooks/tikkie/bank/callback`)
      expect(page.status).toBe(200)
      expect(page.text).toContain("Tikkie payment requests v1 connected")

      const stored = await grant()
      expect(stored).toMatchObject({ status: "connected", token_version: 1, problem: null })
      const access = cipher().open(stored.access_token, payGrantBinding(stored.id, "access_token"))
      const refresh = cipher().open(stored.refresh_token, payGrantBinding(stored.id, "refresh_token"))
      expect(stored.access_token).not.toContain(access)
      // The bank connection is untouched: this consent was for v1.
      expect(await bank().listBankConnections({})).toHaveLength(0)

      const status = await admin("get", "/admin/tikkie/payment-requests/v1-connect")
      expect(status.data.v1_connection.connection).toMatchObject({ status: "connected", problem: null })
      for (const secret of [access, refresh]) expect(JSON.stringify(status.data)).not.toContain(secret)

      const { cart, res } = await startCheckout()
      expect(res.status).toBe(200)
      const token = res.data.payment_request_token as string
      await control(env, "POST", `/_sandbox/v1/paymentrequests/${token}/pay`, { counterPartyName: "Sanne de Vries" })
      await pollPaymentRequests(getContainer())
      const order = await orderForCart(getContainer(), cart.id)
      expect(order?.payment_collections[0].payments[0].provider_id).toBe(V1_PROVIDER)
      // The v1 calls carried the stored token: no refresh was needed.
      expect(await sandboxCalls("oauth.token")).toBe(1)
    })

    it("a token the service refuses is refreshed once and the call sent again; the new pair replaces the old, sealed", async () => {
      await connectV1()
      const before = await grant()
      const oldAccess = cipher().open(before.access_token, payGrantBinding(before.id, "access_token"))
      const oldRefresh = cipher().open(before.refresh_token, payGrantBinding(before.id, "refresh_token"))
      await control(env, "POST", "/_sandbox/oauth/tokens/expire", { access_token: oldAccess })

      const { res } = await startCheckout()
      expect(res.status).toBe(200)
      const after = await grant()
      expect(after.token_version).toBe(before.token_version + 1)
      expect(cipher().open(after.access_token, payGrantBinding(after.id, "access_token"))).not.toBe(oldAccess)
      expect(cipher().open(after.refresh_token, payGrantBinding(after.id, "refresh_token"))).not.toBe(oldRefresh)
      expect(new Date(after.access_expires_at).getTime()).toBeGreaterThan(Date.now() + 60 * 60_000)
    })

    it("a token near its end is refreshed ahead, once for all concurrent callers (a refresh token works once)", async () => {
      await connectV1()
      const before = await grant()
      await bank().updatePayGrants({ id: before.id, access_expires_at: new Date(Date.now() + 60_000) })
      const refreshesBefore = await sandboxCalls("oauth.token")

      const tokens = await Promise.all(
        Array.from({ length: 6 }, () => v1AccessToken(payGrantModulesIn(getContainer())))
      )
      expect(new Set(tokens).size).toBe(1)
      expect(await sandboxCalls("oauth.token")).toBe(refreshesBefore + 1)
      const after = await grant()
      expect(after.token_version).toBe(before.token_version + 1)
      expect(cipher().open(after.access_token, payGrantBinding(after.id, "access_token"))).toBe(tokens[0])
    })

    it("a refused refresh marks the connection as needing consent; admin and shopper are told to connect again; disconnect forgets the tokens", async () => {
      await connectV1()
      const before = await grant()
      // The refresh token no longer works at the bank (revoked, or used by someone else).
      await bank().updatePayGrants({
        id: before.id,
        access_expires_at: new Date(Date.now() - 1_000),
        refresh_token: cipher().seal("revoked-refresh-token", payGrantBinding(before.id, "refresh_token")),
      })
      const log = errorLog()
      const { res } = await startCheckout()
      expectShopperSafe(res)
      expect(log()).toMatch(
        /Tikkie payment requests v1 need consent again: refreshing the access token was refused \(invalid_grant\)\. Connect v1 again \(POST \/admin\/tikkie\/payment-requests\/v1-connect\)/
      )
      expect(res.data.message).not.toContain("revoked-refresh-token")
      expect(log()).not.toContain("revoked-refresh-token")
      const status = await admin("get", "/admin/tikkie/payment-requests/v1-connect")
      expect(status.data.v1_connection.connection).toMatchObject({
        status: "needs_consent",
        problem: "refreshing the access token was refused (invalid_grant)",
      })

      // Connecting again heals it.
      await connectV1()
      expect(await grant()).toMatchObject({ status: "connected", problem: null })
      const again = await startCheckout()
      expect(again.res.status).toBe(200)

      const gone = await admin("delete", "/admin/tikkie/payment-requests/v1-connect")
      expect(gone.data).toEqual({ disconnected: true })
      expect(await bank().listPayGrants({})).toHaveLength(0)
      expect((await admin("get", "/admin/tikkie/payment-requests/v1-connect")).data.v1_connection.connection).toBeNull()
    })

    it.each(["429", "500"] as const)(
      "a token endpoint answering %s is not a refused consent: the grant stays connected and the next refresh works",
      async (kind) => {
        await connectV1()
        const before = await grant()
        await bank().updatePayGrants({ id: before.id, access_expires_at: new Date(Date.now() - 1_000) })
        await control(env, "POST", "/_sandbox/faults", { operation: "oauth.token", kind, count: 1 })
        const failed = await startCheckout()
        expect(failed.res.status).toBeGreaterThanOrEqual(400)
        expect(await grant()).toMatchObject({ status: "connected", problem: null, token_version: before.token_version })

        const again = await startCheckout()
        expect(again.res.status).toBe(200)
        expect((await grant()).token_version).toBe(before.token_version + 1)
      }
    )

    it("a stored token that cannot be opened (its key was removed) asks to connect again instead of failing with a 500", async () => {
      await connectV1()
      const before = await grant()
      const otherKey = new TokenCipher(randomBytes(32))
      await bank().updatePayGrants({
        id: before.id,
        access_expires_at: new Date(Date.now() - 1_000),
        refresh_token: otherKey.seal("a-refresh-token", payGrantBinding(before.id, "refresh_token")),
      })
      const log = errorLog()
      const { res } = await startCheckout()
      expectShopperSafe(res)
      expect(log()).toMatch(
        /Tikkie payment requests v1 need consent again: the stored refresh token cannot be opened: it was sealed with a key that is not configured \(key id [\w-]{8}\)\. Connect v1 again/
      )
      expect(await grant()).toMatchObject({ status: "needs_consent" })
      await connectV1()
      expect((await startCheckout()).res.status).toBe(200)
    })

    it("with the v1 setup stored, a grant problem met by the provider's own call reaches the shopper in the shop's words, the detail in the log", async () => {
      await connectV1()
      expect((await startCheckout()).res.status).toBe(200) // the platform and user are stored now
      const before = await grant()
      const otherKey = new TokenCipher(randomBytes(32))
      await bank().updatePayGrants({
        id: before.id,
        access_token: otherKey.seal("an-access-token", payGrantBinding(before.id, "access_token")),
      })
      const made = await sandboxCalls("paymentRequestsV1.createPaymentRequest")
      const log = errorLog()
      const { res } = await startCheckout()
      expectShopperSafe(res)
      expect(log()).toMatch(
        /Creating the Tikkie payment request \(v1\) failed: Tikkie payment requests v1 need consent again: the stored access token cannot be opened: it was sealed with a key that is not configured/
      )
      expect(log()).toMatch(/POST \/admin\/tikkie\/payment-requests\/v1-connect/)
      expect(await sandboxCalls("paymentRequestsV1.createPaymentRequest")).toBe(made) // nothing reached Tikkie
    })

    it("answers bad input and anonymous callers of the connect route clearly", async () => {
      const bad = await admin("post", "/admin/tikkie/payment-requests/v1-connect", { bank: "XX01" })
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/bank must be one of NLAA01, BEPB01, BEPB02/)
      const unknown = await admin("post", "/admin/tikkie/payment-requests/v1-connect", { scopes: ["pay"] })
      expect(unknown.status).toBe(400)
      expect(unknown.data.message).toMatch(/unknown field scopes/)
      const anonymous = await api.post("/admin/tikkie/payment-requests/v1-connect", {}).catch((e: any) => e.response)
      expect(anonymous.status).toBe(401)
    })
  },
})
