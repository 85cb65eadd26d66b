import { TIKKIE_BANK_MODULE } from "../../src/modules/tikkie-bank"
import type TikkieBankModuleService from "../../src/modules/tikkie-bank/service"
import { TokenCipher } from "../../src/modules/tikkie-bank/token-cipher"
import { tokenBinding } from "../../src/modules/tikkie-bank/bank-session"
import { earliestBookDateFrom, amsterdamDate, addDays } from "tikkie-client/account-information"
import { call, connectAccount, consentAtBank, control, followToStore, loginAdmin } from "../helpers/tikkie-bank-env"
import { failingAfter } from "../helpers/failing-after"
import { startBankConnectWorkflow } from "../../src/workflows/tikkie-bank/start-bank-connect"
import { createBankConsentRequestStepId } from "../../src/workflows/tikkie-bank/steps/create-bank-consent-request"
import { completeBankConsentWorkflow } from "../../src/workflows/tikkie-bank/complete-bank-consent"
import { replaceConsentGrantStepId } from "../../src/workflows/tikkie-bank/steps/replace-consent-grant"
import { bankSuite } from "../helpers/store-suites"

const MAIN = "NL91ABNA0417164300"
const BELGIAN_PRIVATE = "BE71096123456769"

/**
 * Connecting the bank account and reading it, through a real Medusa app against the sandbox with
 * mutual TLS on the token endpoint (throwaway CA, server and client certificate).
 */
export default bankSuite("tikkie-bank", {
  testSuite: ({ api, getContainer, bankEnv }) => {
    let headers: Record<string, string>
    let userId: string
    const bank = () => getContainer().resolve<TikkieBankModuleService>(TIKKIE_BANK_MODULE)
    const connection = async () => (await bank().listBankConnections({}))[0]
    const admin = (method: "get" | "post" | "delete", path: string, body?: unknown) =>
      (method === "post" ? api.post(path, body ?? {}, { headers }) : api[method](path, { headers })).catch(
        (e: any) => e.response
      )

    beforeEach(async () => {
      ;({ headers, userId } = await loginAdmin(getContainer(), api))
    })

    describe("connect", () => {
      it("round trip: consent URL, bank's page, callback; the connection is stored with its tokens sealed and never answered", async () => {
        const started = await admin("post", "/admin/tikkie/bank/connect", {})
        expect(started.status).toBe(201)
        const url = new URL(started.data.consent_url)
        expect(`${url.origin}${url.pathname}`).toBe(`${bankEnv.sandbox.url}/as/authorization.oauth2`)
        expect(url.searchParams.get("redirect_uri")).toBe(`${bankEnv.storeUrl}/hooks/tikkie/bank/callback`)
        expect(url.searchParams.get("bank")).toBe("NLAA01")
        expect(url.searchParams.get("client_id")).toBe("TPP_test")
        expect(url.searchParams.get("scope")!.split(" ").sort()).toEqual([
          "psd2:account:balance:read",
          "psd2:account:details:read",
          "psd2:account:funds:read",
          "psd2:account:transaction:read",
        ])
        const state = url.searchParams.get("state")!
        expect(state.length).toBeGreaterThanOrEqual(40)
        expect(started.data.scopes).toEqual(["details", "balance", "transactions", "funds"])

        const { location, accounts } = await consentAtBank(bankEnv, started.data.consent_url, { accountNumber: MAIN })
        expect(accounts).toContain(MAIN)
        const page = await followToStore(location)
        expect(page.status).toBe(200)
        expect(page.text).toContain("Bank account connected")
        // The IBAN in groups of four, as the bank prints it.
        expect(page.text).toContain("NL91 ABNA 0417 1643 00")

        const stored = await connection()
        expect(stored).toEqual(
          expect.objectContaining({ account_number: MAIN, bank: "NLAA01", status: "connected", connected_by: userId })
        )
        // Sealed: not the token, but it opens to a token the bank accepts.
        expect(stored.access_token).toMatch(/^v2\./)
        const access = new TokenCipher(Buffer.from(bankEnv.encryptionKey, "base64")).open(
          stored.access_token,
          tokenBinding(stored.id, "access_token")
        )
        const info = await call(`${bankEnv.sandbox.url}/v1/consentinfo`, {
          headers: { "API-Key": bankEnv.apiKey, Authorization: `Bearer ${access}` },
          dispatcher: bankEnv.browser,
        })
        expect(info.json).toEqual(expect.objectContaining({ iban: MAIN }))
        const refresh = new TokenCipher(Buffer.from(bankEnv.encryptionKey, "base64")).open(
          stored.refresh_token,
          tokenBinding(stored.id, "refresh_token")
        )

        const shown = await admin("get", "/admin/tikkie/bank")
        expect(shown.status).toBe(200)
        const accountsAtBank = (await control(bankEnv, "GET", "/_sandbox/accounts")).accounts
        const main = accountsAtBank.find((a: any) => a.accountNumber === MAIN)
        expect(shown.data).toEqual({
          connection: expect.objectContaining({
            account_number: MAIN,
            bank: "NLAA01",
            status: "connected",
            scopes: ["details", "balance", "transactions", "funds"],
            connected_by: userId,
          }),
          details: { account_number: MAIN, currency: "EUR", account_holder_name: "J. Jansen" },
          balance: { amount_in_cents: main.balanceInCents, currency: "EUR", balance_type: expect.any(String) },
          messages: [],
          notices: [],
        })
        const everything = JSON.stringify(shown.data) + JSON.stringify(started.data) + page.text
        expect(everything).not.toContain(access)
        expect(everything).not.toContain(refresh)
        expect(everything).not.toContain(bankEnv.apiKey)
      })

      it("refuses admin calls without an admin session", async () => {
        const res = await api.post("/admin/tikkie/bank/connect", {}).catch((e: any) => e.response)
        expect(res.status).toBe(401)
        expect((await api.get("/admin/tikkie/bank").catch((e: any) => e.response)).status).toBe(401)
      })

      it("validates the connect body: unknown scope or bank, empty scopes, unknown field", async () => {
        for (const body of [{ scopes: ["everything"] }, { bank: "XX01" }, { scopes: [] }, { scope: ["details"] }]) {
          const res = await admin("post", "/admin/tikkie/bank/connect", body)
          expect(res.status).toBe(400)
          expect(res.data.message).toMatch(/^Invalid body: /)
        }
        expect(await bank().listBankConsentStates({})).toHaveLength(0)
      })

      it("a refusal names the field in the schema's own words (not Medusa's rewording of them)", async () => {
        const refusals: Array<[unknown, string]> = [
          [{ bank: "XX01" }, "Invalid body: bank must be one of NLAA01, BEPB01, BEPB02"],
          [{ scope: ["details"] }, "Invalid body: unknown field scope"],
          [{ scopes: [] }, "Invalid body: scopes must name at least one of details, balance, transactions, funds"],
        ]
        for (const [body, message] of refusals) {
          const res = await admin("post", "/admin/tikkie/bank/connect", body)
          expect({ body, status: res.status, message: res.data.message }).toEqual({ body, status: 400, message })
        }
        const funds = await admin("get", "/admin/tikkie/bank/funds?amount_in_cents=0&currency=eur")
        expect(funds.data.message).toBe(
          "Invalid query: amount_in_cents must be positive; currency must be a 3-letter ISO 4217 code in capitals"
        )
      })

      it("the chosen bank (BEPB01) shows its accounts, and only the chosen scopes are granted", async () => {
        const started = await admin("post", "/admin/tikkie/bank/connect", { bank: "BEPB01", scopes: ["details"] })
        expect(new URL(started.data.consent_url).searchParams.get("bank")).toBe("BEPB01")
        const { location, accounts } = await consentAtBank(bankEnv, started.data.consent_url)
        expect(accounts).toEqual([BELGIAN_PRIVATE])
        expect((await followToStore(location)).status).toBe(200)

        const shown = await admin("get", "/admin/tikkie/bank")
        expect(shown.data.connection).toEqual(
          expect.objectContaining({ account_number: BELGIAN_PRIVATE, bank: "BEPB01", scopes: ["details"] })
        )
        expect(shown.data.details.account_holder_name).toBe("M. Peeters")
        expect(shown.data.balance).toBeNull()
        expect(shown.data.messages).toEqual([expect.stringContaining('does not include "balance"')])
        // The same as a code, which the admin words in its own language.
        expect(shown.data.notices).toEqual([
          { code: "scope_missing", scope: "balance", message: shown.data.messages[0] },
        ])

        const funds = await admin("get", "/admin/tikkie/bank/funds?amount_in_cents=100")
        expect(funds.status).toBe(403)
        expect(funds.data.message).toMatch(/consent does not include "funds"; connect the account again/)
        const tx = await admin("get", "/admin/tikkie/bank/transactions")
        expect(tx.status).toBe(403)
        expect(tx.data.message).toMatch(/consent does not include "transactions"/)
      })

      it("startBankConnectWorkflow: a failure after the consent request drops its state, so its consent URL connects nothing", async () => {
        const before = (await bank().listBankConsentStates({})).length
        const { errors } = await failingAfter(
          startBankConnectWorkflow(getContainer()),
          createBankConsentRequestStepId
        ).run({
          input: { userId, scopes: ["details"], bank: "NLAA01" },
          throwOnError: false,
        })
        expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])
        expect((await bank().listBankConsentStates({})).length).toBe(before)
        // The admin's next connect works as before.
        expect((await admin("post", "/admin/tikkie/bank/connect", {})).status).toBe(201)
        expect((await bank().listBankConsentStates({})).length).toBe(before + 1)
      })

      it("completeBankConsentWorkflow: a failure after the new grant was stored puts the earlier connection back as it was", async () => {
        await connectAccount(bankEnv, api, headers, { accountNumber: MAIN })
        const before = await connection()
        const again = await admin("post", "/admin/tikkie/bank/connect", {})
        const { location } = await consentAtBank(bankEnv, again.data.consent_url)
        const answer = new URL(location).searchParams
        const { errors } = await failingAfter(
          completeBankConsentWorkflow(getContainer()),
          replaceConsentGrantStepId
        ).run({
          input: { state: answer.get("state")!, code: answer.get("code")! },
          throwOnError: false,
        })
        expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])
        expect(await bank().listBankConnections({})).toHaveLength(1)
        const { updated_at: _then, ...kept } = before
        expect(await connection()).toEqual(expect.objectContaining(kept))
        // Its sealed tokens open again in their own row: the admin reads the account as before.
        const shown = await admin("get", "/admin/tikkie/bank")
        expect(shown.status).toBe(200)
        expect(shown.data.connection).toEqual(expect.objectContaining({ account_number: MAIN, status: "connected" }))
        expect(shown.data.details).toEqual(expect.objectContaining({ account_number: MAIN }))
        expect(shown.data.messages).toEqual([])
      })

      it("the callback page speaks the admin's language: the one it started in, else its lng cookie or browser", async () => {
        // The admin's UI sends its language with Connect: the bank's cross-site redirect back carries no cookie.
        const started = await admin("post", "/admin/tikkie/bank/connect", { language: "nl" })
        const { location } = await consentAtBank(bankEnv, started.data.consent_url, { accountNumber: MAIN })
        const page = await call(location)
        expect(page.status).toBe(200)
        expect(page.text).toContain('<html lang="nl">')
        expect(page.text).toContain('<h1 id="title">Bankrekening gekoppeld</h1>')
        expect(page.text).toContain(
          "NL91 ABNA 0417 1643 00 gekoppeld met: rekeninggegevens, saldo, transacties, saldocontrole."
        )
        expect(page.text).toContain("Je kunt deze pagina sluiten en teruggaan naar de winkeladmin.")
        const replay = await call(location)
        expect(replay.status).toBe(400)
        expect(replay.text).toContain("Niet gekoppeld")
        expect(replay.text).toContain("Dit toestemmingsantwoord is al gebruikt; een toestemmingslink werkt één keer.")

        // Started without one (an API client): Medusa admin's lng cookie, else the browser's language.
        const plain = await admin("post", "/admin/tikkie/bank/connect", {})
        const back = (await consentAtBank(bankEnv, plain.data.consent_url, { accountNumber: MAIN })).location
        expect(
          (await call(back, { headers: { cookie: "other=1; lng=nl", "accept-language": "en-US" } })).text
        ).toContain("Bankrekening gekoppeld")
        expect((await call(back, { headers: { "accept-language": "nl-NL,nl;q=0.9" } })).text).toContain(
          "Dit toestemmingsantwoord is al gebruikt"
        )
        expect((await call(back)).text).toContain("This consent answer was already used")
        const malformed = await call(`${bankEnv.storeUrl}/hooks/tikkie/bank/callback?state=${"s".repeat(201)}`, {
          headers: { cookie: "lng=nl" },
        })
        expect(malformed.text).toContain("Het antwoord van de bank klopt niet.")
        const refused = await admin("post", "/admin/tikkie/bank/connect", { language: "de" })
        expect(refused.status).toBe(400)
      })

      it("answers a malformed callback with the page's 400, not a JSON error", async () => {
        const page = await call(`${bankEnv.storeUrl}/hooks/tikkie/bank/callback?state=${"s".repeat(201)}&code=abc`)
        expect(page.status).toBe(400)
        expect(String(page.headers["content-type"])).toMatch(/text\/html/)
        expect(page.text).toContain("answer is malformed")
        expect(page.text).not.toContain("s".repeat(201))
      })

      it("refuses a wrong state, a replayed state, an expired state and a denied consent, storing nothing", async () => {
        const callback = (q: string) => call(`${bankEnv.storeUrl}/hooks/tikkie/bank/callback?${q}`)

        const wrong = await callback("code=abc&state=not-a-state-we-made")
        expect(wrong.status).toBe(400)
        expect(wrong.text).toContain("does not belong to a connection this store started")
        expect((await callback("code=abc")).text).toContain("carries no state")

        // Denied at the bank.
        const denied = await admin("post", "/admin/tikkie/bank/connect", {})
        const deniedAt = await consentAtBank(bankEnv, denied.data.consent_url, { decision: "deny" })
        expect(new URL(deniedAt.location).searchParams.get("error")).toBe("access_denied")
        const deniedPage = await followToStore(deniedAt.location)
        expect(deniedPage.status).toBe(200)
        expect(deniedPage.text).toContain("denied consent; no bank account was connected")

        // Replayed: the same redirect a second time (after it connected once).
        const first = await admin("post", "/admin/tikkie/bank/connect", {})
        const { location } = await consentAtBank(bankEnv, first.data.consent_url, { accountNumber: MAIN })
        expect((await followToStore(location)).status).toBe(200)
        const before = await connection()
        const replay = await followToStore(location)
        expect(replay.status).toBe(400)
        expect(replay.text).toContain("already used; a consent link works once")
        expect(await connection()).toEqual(before)

        // Expired: the admin came back after the state's 15 minutes.
        await bank().deleteBankConnections(before.id)
        const late = await admin("post", "/admin/tikkie/bank/connect", {})
        const lateState = new URL(late.data.consent_url).searchParams.get("state")!
        const [row] = await bank().listBankConsentStates({ used_at: null } as never)
        await bank().updateBankConsentStates({ id: row.id, expires_at: new Date(Date.now() - 1000) })
        const lateAt = await consentAtBank(bankEnv, late.data.consent_url)
        expect(new URL(lateAt.location).searchParams.get("state")).toBe(lateState)
        const latePage = await followToStore(lateAt.location)
        expect(latePage.status).toBe(400)
        expect(latePage.text).toContain("has expired")
        expect(await bank().listBankConnections({})).toHaveLength(0)
      })

      it("refuses an expired code (over 10 seconds) and a reused code, storing nothing", async () => {
        const slow = await admin("post", "/admin/tikkie/bank/connect", {})
        const { location } = await consentAtBank(bankEnv, slow.data.consent_url)
        await control(bankEnv, "POST", "/_sandbox/clock", { advanceSeconds: 10 })
        const expired = await followToStore(location)
        expect(expired.status).toBe(400)
        expect(expired.text).toContain(
          "refused the authorization code (invalid_grant): it expired (codes live 10 seconds) or was already used"
        )
        expect(await bank().listBankConnections({})).toHaveLength(0)

        // A code that was used already, brought back with a fresh state.
        const ok = await admin("post", "/admin/tikkie/bank/connect", {})
        const used = await consentAtBank(bankEnv, ok.data.consent_url)
        expect((await followToStore(used.location)).status).toBe(200)
        const stored = await connection()
        const again = await admin("post", "/admin/tikkie/bank/connect", {})
        const freshState = new URL(again.data.consent_url).searchParams.get("state")!
        const reused = new URL(used.location)
        reused.searchParams.set("state", freshState)
        const page = await followToStore(reused.toString())
        expect(page.status).toBe(400)
        expect(page.text).toContain("invalid_grant")
        const after = await connection()
        expect(after.id).toBe(stored.id)
        expect(after.access_token).toBe(stored.access_token)
      })

      it("DELETE disconnects and forgets the tokens", async () => {
        await connectAccount(bankEnv, api, headers, { accountNumber: MAIN })
        expect(await bank().listBankConnections({})).toHaveLength(1)
        const res = await admin("delete", "/admin/tikkie/bank")
        expect(res.data).toEqual({ disconnected: true, account_number: MAIN })
        expect(await bank().listBankConnections({}, { withDeleted: true })).toHaveLength(0)
        const shown = await admin("get", "/admin/tikkie/bank")
        expect(shown.data).toEqual({
          connection: null,
          details: null,
          balance: null,
          messages: ["No bank account is connected."],
          notices: [{ code: "not_connected", message: "No bank account is connected." }],
        })
        const funds = await admin("get", "/admin/tikkie/bank/funds?amount_in_cents=100")
        expect(funds.status).toBe(400)
        expect(funds.data.message).toMatch(/No bank account is connected/)
      })
    })

    describe("tokens", () => {
      it("refreshes ahead of expiry (mutual TLS) and keeps working", async () => {
        await connectAccount(bankEnv, api, headers, { accountNumber: MAIN })
        const before = await connection()
        await bank().updateBankConnections({ id: before.id, access_expires_at: new Date(Date.now() + 60_000) })
        const shown = await admin("get", "/admin/tikkie/bank")
        expect(shown.data.details.account_number).toBe(MAIN)
        const after = await connection()
        expect(after.token_version).toBe(before.token_version + 1)
        expect(after.access_token).not.toBe(before.access_token)
        expect(new Date(after.access_expires_at).getTime()).toBeGreaterThan(Date.now() + 7_000_000)
      })

      it("refreshes when the bank says the token expired (its clock, not ours)", async () => {
        await connectAccount(bankEnv, api, headers, { accountNumber: MAIN })
        const before = await connection()
        await control(bankEnv, "POST", "/_sandbox/clock", { advanceSeconds: 7_200 })
        const funds = await admin("get", "/admin/tikkie/bank/funds?amount_in_cents=100")
        expect(funds.status).toBe(200)
        expect(funds.data).toEqual({ account_number: MAIN, amount_in_cents: 100, currency: "EUR", available: true })
        expect((await connection()).token_version).toBe(before.token_version + 1)
      })

      it("a failed refresh marks the connection as needing consent, and the admin API says so", async () => {
        await connectAccount(bankEnv, api, headers, { accountNumber: MAIN })
        // The bank forgets every token (as after a revoked consent).
        await control(bankEnv, "POST", "/_sandbox/reset")
        const funds = await admin("get", "/admin/tikkie/bank/funds?amount_in_cents=100")
        expect(funds.status).toBe(400)
        expect(funds.data.message).toMatch(
          /needs consent again: refreshing the access token was refused \(invalid_grant\)/
        )
        const shown = await admin("get", "/admin/tikkie/bank")
        expect(shown.data.connection.status).toBe("needs_consent")
        expect(shown.data.messages[0]).toMatch(/needs consent again/)
        // Connecting again heals it.
        await connectAccount(bankEnv, api, headers, { accountNumber: MAIN })
        expect((await admin("get", "/admin/tikkie/bank")).data.connection.status).toBe("connected")
      })

      it("the bank's MESSAGE_RST560_0016 (no access to the account) reaches the admin and asks for consent", async () => {
        await connectAccount(bankEnv, api, headers, { accountNumber: MAIN })
        const conn = await connection()
        // The stored account is not the one the consent covers.
        await bank().updateBankConnections({ id: conn.id, account_number: "BE68539007547034" })
        const shown = await admin("get", "/admin/tikkie/bank")
        expect(shown.status).toBe(200)
        expect(shown.data.messages[0]).toMatch(
          /no access to this account \(MESSAGE_RST560_0016\); the account holder must give consent again/
        )
        expect(shown.data.connection.status).toBe("needs_consent")
      })
    })

    describe("reading", () => {
      it("transactions: pages with the same dates, the bank's date rules as clear 400s", async () => {
        await connectAccount(bankEnv, api, headers, { accountNumber: MAIN })
        const today = amsterdamDate(Date.now())
        const from = addDays(today, -30)
        const first = await admin("get", `/admin/tikkie/bank/transactions?book_date_from=${from}`)
        expect(first.status).toBe(200)
        expect(first.data.transactions).toHaveLength(50)
        expect(first.data.next_page_key).toEqual(expect.any(String))
        for (const t of first.data.transactions) {
          expect(Number.isInteger(t.amount_in_cents)).toBe(true)
          expect(t.book_date >= from).toBe(true)
        }
        const second = await admin(
          "get",
          `/admin/tikkie/bank/transactions?book_date_from=${from}&next_page_key=${encodeURIComponent(first.data.next_page_key)}`
        )
        expect(second.status).toBe(200)
        const ids = new Set(first.data.transactions.map((t: any) => t.transaction_id))
        expect(second.data.transactions.some((t: any) => ids.has(t.transaction_id))).toBe(false)

        const refusals: Array<[string, RegExp]> = [
          [`book_date_from=${addDays(today, 1)}`, /MESSAGE_RST560_0013/],
          [`book_date_from=${from}&book_date_to=${addDays(today, 1)}`, /MESSAGE_RST560_0012/],
          [`book_date_from=${today}&book_date_to=${from}`, /MESSAGE_RST560_0011/],
          [`book_date_from=${addDays(earliestBookDateFrom(today), -1)}`, /MESSAGE_BAI560_0029.*18 months/],
          [`book_date_from=2024-02-30`, /MESSAGE_RST560_0009/],
          [`book_date_from=${from}&next_page_key=forged`, /ERR_1100_004/],
          [`bookDateFrom=${from}`, /Invalid query: unknown field bookDateFrom/],
        ]
        for (const [q, message] of refusals) {
          const res = await admin("get", `/admin/tikkie/bank/transactions?${q}`)
          expect({ q, status: res.status }).toEqual({ q, status: 400 })
          expect(res.data.message).toMatch(message)
        }
      })

      it("funds: amount and currency in, available out; bad amounts refused before the bank", async () => {
        await connectAccount(bankEnv, api, headers, { accountNumber: MAIN })
        const small = await admin("get", "/admin/tikkie/bank/funds?amount_in_cents=1")
        expect(small.data).toEqual({ account_number: MAIN, amount_in_cents: 1, currency: "EUR", available: true })
        const huge = await admin("get", "/admin/tikkie/bank/funds?amount_in_cents=99999999999999&currency=EUR")
        expect(huge.data.available).toBe(false)
        for (const q of [
          "amount_in_cents=12.5",
          "amount_in_cents=-1",
          "amount_in_cents=0",
          "",
          "amount_in_cents=1&currency=eur",
        ]) {
          const res = await admin("get", `/admin/tikkie/bank/funds?${q}`)
          expect({ q, status: res.status }).toEqual({ q, status: 400 })
          expect(res.data.message).toMatch(/^Invalid query: /)
        }
      })
    })
  },
})
