import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { randomBytes } from "node:crypto"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { TIKKIE_BANK_MODULE } from "../../src/modules/tikkie-bank"
import type TikkieBankModuleService from "../../src/modules/tikkie-bank/service"
import { addDays, amsterdamDate, earliestBookDateFrom, isBankDay } from "tikkie-client/account-information"
import { addBankDays } from "../../src/workflows/tikkie-bank/utils/bank-days"
import { bookSandboxPayouts } from "../helpers/book-payouts"
import { connectAccount, control, loginAdmin } from "../helpers/tikkie-bank-env"
import { failingAfter } from "../helpers/failing-after"
import { reconcileBankWorkflow } from "../../src/workflows/tikkie-bank/reconcile"
import { storeBankTransactionsStepId } from "../../src/workflows/tikkie-bank/steps/store-bank-transactions"
import { bankSuite } from "../helpers/store-suites"

/** Opened today: no bookings, so the bank answers "no transactions" with a blank body. */
const EMPTY = "NL02ABNA0123456789"
const MAIN = "NL91ABNA0417164300"

/**
 * Reconciliation in a real Medusa app against the sandbox (mutual TLS on): Fast Checkout payments the
 * plugin recorded as PAID, payouts booked by the sandbox, the run (route and lock), and the list.
 */
export default bankSuite("tikkie-reconciliation", {
  testSuite: ({ api, getContainer, bankEnv }) => {
    let headers: Record<string, string>
    const bank = () => getContainer().resolve<TikkieBankModuleService>(TIKKIE_BANK_MODULE)
    const admin = (method: "get" | "post", path: string, body?: unknown) =>
      (method === "post" ? api.post(path, body ?? {}, { headers }) : api.get(path, { headers })).catch(
        (e: any) => e.response
      )
    const run = async () => {
      const res = await admin("post", "/admin/tikkie/reconciliation/run")
      if (res.status !== 200) throw new Error(`run: ${res.status} ${JSON.stringify(res.data)}`)
      return res.data.summary
    }
    const list = async (q = "") => {
      const res = await admin("get", `/admin/tikkie/reconciliation${q}`)
      if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.data)}`)
      return res.data
    }
    const today = amsterdamDate(Date.now())

    /** A Fast Checkout payment as the plugin records it once paid and turned into an order. */
    async function paidOrder(amountInCents: number, paidDaysAgo = 0) {
      const orderToken = randomBytes(16).toString("hex")
      await getContainer()
        .resolve<TikkieModuleService>(TIKKIE_MODULE)
        .createFastCheckoutOrders({
          order_token: orderToken,
          reference_id: `cart_${orderToken.slice(0, 8)}`,
          status: "PAID",
          checkout_url: `${bankEnv.sandbox.url}/checkout/fastcheckout/${orderToken}`,
          success_url: "http://storefront.test/ok",
          failure_url: "http://storefront.test/fail",
          provider_id: "pp_tikkie-fast-checkout_tikkie",
          amount_in_cents: amountInCents,
          expires_at: new Date(Date.now() + 600_000),
          medusa_order_id: `order_${orderToken.slice(0, 8)}`,
        })
      if (paidDaysAgo) {
        const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
        await knex.raw(
          `update tikkie_fast_checkout_order set updated_at = now() - (? * interval '1 day') where order_token = ?`,
          [paidDaysAgo, orderToken]
        )
      }
      return orderToken
    }

    const book = (body: Record<string, unknown>, account = EMPTY) =>
      control(bankEnv, "POST", `/_sandbox/accounts/${account}/transactions`, body)

    beforeEach(async () => {
      // The runner empties the database after each test; the bank forgets its bookings too.
      await control(bankEnv, "POST", "/_sandbox/reset")
      ;({ headers } = await loginAdmin(getContainer(), api))
    })

    it("a blank 'no transactions' answer stores nothing; paid orders wait as pending", async () => {
      await connectAccount(bankEnv, api, headers, { accountNumber: EMPTY })
      const a = await paidOrder(2_495)
      const summary = await run()
      expect(summary).toEqual(
        expect.objectContaining({ transactions_read: 0, transactions_stored: 0, payouts_recorded: 1, matched_now: 0 })
      )
      const shown = await list()
      expect(shown.counts).toEqual({ matched: 0, mismatch: 0, pending: 1, overdue: 0, unmatched: 0 })
      expect(shown.items).toEqual([
        expect.objectContaining({
          kind: "payment",
          status: "pending",
          source: "fastcheckout",
          reference: a,
          amount_in_cents: 2_495,
          currency: "EUR",
          date: today,
          due_date: addBankDays(today, 2),
          transaction: null,
        }),
      ])
    })

    it("reconcileBankWorkflow: a failure after the transactions were stored moves the sync mark back, and the lock is free for the next run, which reads those days again", async () => {
      await connectAccount(bankEnv, api, headers, { accountNumber: EMPTY })
      const from = addDays(today, -3)
      const [conn] = await bank().listBankConnections({})
      await bank().updateBankConnections({ id: conn.id, synced_through: from, last_synced_at: null })

      const { errors } = await failingAfter(reconcileBankWorkflow(getContainer()), storeBankTransactionsStepId).run({
        throwOnError: false,
      })
      expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])
      expect((await bank().listBankConnections({}))[0]).toEqual(
        expect.objectContaining({ synced_through: from, last_synced_at: null })
      )

      const summary = await run()
      expect(summary.book_date_from).toBe(from)
      expect((await bank().listBankConnections({}))[0].synced_through).toBe(today)
    })

    it("matches a payout by its reference, another by amount and date; an unknown Tikkie credit stays visible, other credits only when asked for", async () => {
      await connectAccount(bankEnv, api, headers, { accountNumber: EMPTY })
      const byReference = await paidOrder(1_299)
      const byAmount = await paidOrder(4_250)
      const notPaidOut = await paidOrder(999)
      const [payout] = await bookSandboxPayouts(getContainer(), {
        sandboxUrl: bankEnv.sandbox.url,
        accountNumber: EMPTY,
        references: [byReference],
        dispatcher: bankEnv.browser,
      })
      // Upper-cased by the bank, as banks do with free text.
      expect(payout.transactionId).toEqual(expect.any(String))
      const plain = await book({
        amountInCents: 4_250,
        descriptionLines: ["UITBETALING"],
        counterPartyName: "Stichting Tikkie",
      })
      const stranger = await book({
        amountInCents: 1_234,
        descriptionLines: ["Factuur 2026-117"],
        counterPartyName: "Klant BV",
      })
      // A payout from Tikkie that no payment of this store claims (another shop's, or one the plugin never saw).
      const unknownPayout = await book({
        amountInCents: 3_333,
        descriptionLines: ["UITBETALING 2026-11"],
        counterPartyName: "Stichting Tikkie",
      })
      // A friend paying the account holder's private Tikkie: from that person, not a payout to the shop.
      const privateTikkie = await book({
        amountInCents: 1_500,
        descriptionLines: ["Tikkie ID 601164680479", "Pizza", "Van R. Bos"],
        counterPartyName: "R. Bos",
      })
      await book({ amountInCents: -500, descriptionLines: ["Bankkosten"] })

      const summary = await run()
      expect(summary).toEqual(expect.objectContaining({ transactions_read: 6, transactions_stored: 6, matched_now: 2 }))

      const shown = await list()
      expect(shown.counts).toEqual({ matched: 2, mismatch: 0, pending: 1, overdue: 0, unmatched: 1 })
      const item = (ref: string) => shown.items.find((i: any) => i.reference === ref)
      expect(item(byReference)).toEqual(
        expect.objectContaining({
          status: "matched",
          matched_by: "reference",
          transaction: expect.objectContaining({
            transaction_id: payout.transactionId,
            amount_in_cents: 1_299,
            description_lines: ["TIKKIE FASTCHECKOUT", byReference],
          }),
        })
      )
      expect(item(byAmount)).toEqual(
        expect.objectContaining({
          status: "matched",
          matched_by: "amount_date",
          transaction: expect.objectContaining({ transaction_id: plain.transactionId }),
        })
      )
      expect(item(notPaidOut)).toEqual(expect.objectContaining({ status: "pending", transaction: null }))
      // Unmatched credits: the Tikkie payout; the customer's transfer and the private Tikkie only with credits=all.
      const unmatched = await list("?status=unmatched")
      expect(unmatched.items).toEqual([
        expect.objectContaining({
          kind: "credit",
          status: "unmatched",
          amount_in_cents: 3_333,
          date: today,
          transaction: expect.objectContaining({ transaction_id: unknownPayout.transactionId }),
        }),
      ])
      const every = await list("?status=unmatched&credits=all")
      expect(every.counts.unmatched).toBe(3)
      expect(every.items.map((i: any) => i.transaction.transaction_id).sort()).toEqual(
        [stranger.transactionId, unknownPayout.transactionId, privateTikkie.transactionId].sort()
      )
      // Filters and paging.
      expect((await list("?status=matched&limit=1")).items).toHaveLength(1)
      expect((await list("?status=matched&limit=1&offset=1")).items).toHaveLength(1)
      expect((await list("?status=matched&limit=1&offset=1")).count).toBe(2)
      expect((await list(`?from=${addDays(today, 1)}`)).items).toEqual([])
      expect((await list(`?to=${addDays(today, -1)}`)).counts).toEqual({
        matched: 0,
        mismatch: 0,
        pending: 0,
        overdue: 0,
        unmatched: 0,
      })
      for (const q of ["?status=lost", "?from=2026-02-30", "?limit=0", "?limit=201", "?page=2", "?credits=some"]) {
        const res = await admin("get", `/admin/tikkie/reconciliation${q}`)
        expect({ q, status: res.status }).toEqual({ q, status: 400 })
        expect(res.data.message).toMatch(/^Invalid query: /)
      }
      // The schema's own words, every problem at once (Medusa's validator would say "Value for field 'limit' too big, …").
      expect((await admin("get", "/admin/tikkie/reconciliation?limit=201&offset=-1")).data.message).toBe(
        "Invalid query: limit must be at most 200; offset must be at least 0"
      )
    })

    it("a credit carrying a payment's reference with another amount is a mismatch, not matched, and shows both amounts", async () => {
      await connectAccount(bankEnv, api, headers, { accountNumber: EMPTY })
      const short = await paidOrder(2_000)
      const exact = await paidOrder(1_500)
      await book({
        amountInCents: 1_950,
        descriptionLines: ["TIKKIE FASTCHECKOUT", short.toUpperCase()],
        counterPartyName: "Stichting Tikkie",
      })
      await bookSandboxPayouts(getContainer(), {
        sandboxUrl: bankEnv.sandbox.url,
        accountNumber: EMPTY,
        references: [exact],
        dispatcher: bankEnv.browser,
      })
      await run()

      const shown = await list()
      expect(shown.counts).toEqual({ matched: 1, mismatch: 1, pending: 0, overdue: 0, unmatched: 0 })
      expect((await list("?status=mismatch")).items).toEqual([
        expect.objectContaining({
          reference: short,
          status: "mismatch",
          matched_by: "reference",
          amount_in_cents: 2_000,
          transaction: expect.objectContaining({ amount_in_cents: 1_950 }),
        }),
      ])
      expect((await list("?status=matched")).items.map((i: any) => i.reference)).toEqual([exact])
    })

    it("payment request payments are expected too: each payment of a link is paid out and matched by its paymentToken (a v1 UUID without dashes)", async () => {
      await connectAccount(bankEnv, api, headers, { accountNumber: EMPTY })
      const v2Token = "Kq3xV9pLmT2wRz8YbN4cDs"
      const v1Token = "3f2b9c1e-8d5a-4a7b-9c1e-2f3a4b5c6d7e"
      const paidAt = new Date().toISOString()
      await getContainer()
        .resolve<TikkieModuleService>(TIKKIE_MODULE)
        .createPaymentRequests([
          {
            payment_request_token: "prtInvoiceOpenAmount0001",
            kind: "invoice",
            provider_id: "pp_tikkie-payment-request_tikkie",
            url: `${bankEnv.sandbox.url}/tikkie/pay/prtInvoiceOpenAmount0001`,
            description: "Factuur 2026-201",
            expiry_date: addDays(today, 14),
            status: "OPEN",
            payments: {
              items: [
                { paymentToken: v2Token, tikkieId: "1001", amountInCents: 1_250, createdDateTime: paidAt, refunds: [] },
                {
                  paymentToken: "Zz9yXw8vUt7sRq6pOn5mLk",
                  tikkieId: "1002",
                  amountInCents: 500,
                  createdDateTime: paidAt,
                  refunds: [],
                },
              ],
            },
          },
          {
            payment_request_token: "prtV1Checkout00000000001",
            kind: "checkout",
            provider_id: "pp_tikkie-payment-request_tikkie-v1",
            url: `${bankEnv.sandbox.url}/pay/v1/prtV1Checkout00000000001`,
            description: "Tikkie Demo Winkel, 1 item",
            expiry_date: addDays(today, 14),
            status: "CLOSED",
            order_id: "order_v1paid",
            payments: {
              items: [
                { paymentToken: v1Token, tikkieId: "P-77", amountInCents: 842, createdDateTime: paidAt, refunds: [] },
              ],
            },
          },
        ] as never)
      const v1Reference = v1Token.replace(/-/g, "")
      const booked = await bookSandboxPayouts(getContainer(), {
        sandboxUrl: bankEnv.sandbox.url,
        accountNumber: EMPTY,
        references: [v2Token, v1Reference],
        dispatcher: bankEnv.browser,
      })
      expect(booked.map((b) => [b.source, b.reference, b.amountInCents]).sort()).toEqual(
        [
          ["paymentrequest", v1Reference, 842],
          ["paymentrequest", v2Token, 1_250],
        ].sort()
      )

      const summary = await run()
      expect(summary).toEqual(expect.objectContaining({ transactions_stored: 2, matched_now: 2 }))
      const shown = await list()
      expect(shown.counts).toEqual({ matched: 2, mismatch: 0, pending: 1, overdue: 0, unmatched: 0 })
      const item = (ref: string) => shown.items.find((i: any) => i.reference?.toLowerCase() === ref.toLowerCase())
      expect(item(v2Token)).toEqual(
        expect.objectContaining({
          source: "paymentrequest",
          status: "matched",
          matched_by: "reference",
          amount_in_cents: 1_250,
          transaction: expect.objectContaining({ description_lines: ["TIKKIE PAYMENTREQUEST", v2Token] }),
        })
      )
      expect(item(v1Reference)).toEqual(
        expect.objectContaining({ status: "matched", medusa_order_id: "order_v1paid", amount_in_cents: 842 })
      )
      expect(item("Zz9yXw8vUt7sRq6pOn5mLk")).toEqual(
        expect.objectContaining({ source: "paymentrequest", status: "pending", transaction: null })
      )
    })

    it("is idempotent: two runs at once and a third store every transaction once and match every payout once", async () => {
      await connectAccount(bankEnv, api, headers, { accountNumber: EMPTY })
      const tokens = [await paidOrder(1_000), await paidOrder(2_000), await paidOrder(3_000)]
      await bookSandboxPayouts(getContainer(), {
        sandboxUrl: bankEnv.sandbox.url,
        accountNumber: EMPTY,
        dispatcher: bankEnv.browser,
      })
      await book({ amountInCents: 777, descriptionLines: ["Rente"] })

      const [one, two] = await Promise.all([run(), run()])
      expect(one.transactions_stored + two.transactions_stored).toBe(4)
      expect(one.matched_now + two.matched_now).toBe(3)
      const third = await run()
      expect(third).toEqual(
        expect.objectContaining({ transactions_read: 4, transactions_stored: 0, payouts_recorded: 0, matched_now: 0 })
      )

      expect(await bank().listBankTransactions({})).toHaveLength(4)
      const payouts = await bank().listPayouts({})
      expect(payouts).toHaveLength(3)
      expect(new Set(payouts.map((p) => p.transaction_id)).size).toBe(3)
      expect(payouts.map((p) => p.reference).sort()).toEqual([...tokens].sort())
      // The interest credit is no Tikkie payout: listed only among all credits.
      expect((await list()).counts).toEqual({ matched: 3, mismatch: 0, pending: 0, overdue: 0, unmatched: 0 })
      expect((await list("?credits=all")).counts).toEqual({
        matched: 3,
        mismatch: 0,
        pending: 0,
        overdue: 0,
        unmatched: 1,
      })
    })

    it("a payout that never arrives becomes overdue after the configured bank days", async () => {
      await connectAccount(bankEnv, api, headers, { accountNumber: EMPTY })
      const late = await paidOrder(5_000, 10)
      const recent = await paidOrder(6_000)
      await run()
      const shown = await list()
      expect(shown.counts).toEqual({ matched: 0, mismatch: 0, pending: 1, overdue: 1, unmatched: 0 })
      const overdue = (await list("?status=overdue")).items
      const paidDate = addDays(today, -10)
      expect(overdue).toEqual([
        expect.objectContaining({
          reference: late,
          status: "overdue",
          date: paidDate,
          due_date: addBankDays(paidDate, 2),
          transaction: null,
        }),
      ])
      expect(overdue[0].due_date < today).toBe(true)
      // The Tikkie page's tab counts say so; an order id with no Medusa order gets no number.
      expect(overdue[0].medusa_order_display_id).toBeNull()
      const attention = await admin("get", "/admin/tikkie/attention")
      expect(attention.data.attention.reconciliation).toEqual({ overdue: 1, mismatch: 0, unmatched: 0 })
      expect((await admin("get", "/admin/tikkie/attention?x=1")).status).toBe(400)
      expect((await list("?status=pending")).items[0].reference).toBe(recent)

      // It arrives after all (by reference): matched, no longer overdue.
      await bookSandboxPayouts(getContainer(), {
        sandboxUrl: bankEnv.sandbox.url,
        accountNumber: EMPTY,
        references: [late],
        dispatcher: bankEnv.browser,
      })
      await run()
      expect((await list()).counts).toEqual({ matched: 1, mismatch: 0, pending: 1, overdue: 0, unmatched: 0 })
    })

    it("reads 18 months over many pages, never asking beyond the limit, then only what is new", async () => {
      await connectAccount(bankEnv, api, headers, { accountNumber: MAIN })
      await control(bankEnv, "DELETE", "/_sandbox/requests")
      const first = await run()
      const earliest = earliestBookDateFrom(today)
      expect(first.book_date_from).toBe(earliest)
      const pages = (await control(bankEnv, "GET", "/_sandbox/requests?operation=accountInformation.getTransactions"))
        .requests
      expect(pages.length).toBeGreaterThan(30)
      expect(first.transactions_stored).toBe(first.transactions_read)
      expect(first.transactions_read).toBeGreaterThan(pages.length * 50 - 50)

      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const [{ min, max, n }] = (
        await knex.raw(
          `select min(book_date) as min, max(book_date) as max, count(*)::int as n from tikkie_bank_transaction`
        )
      ).rows
      expect(n).toBe(first.transactions_read)
      let firstBankDay = earliest
      while (!isBankDay(firstBankDay)) firstBankDay = addDays(firstBankDay, 1)
      expect(min).toBe(firstBankDay)
      expect(max <= today).toBe(true)
      // The generated history's credits are nobody's payouts: all visible among all credits, paged.
      const unmatched = await list("?status=unmatched&credits=all&limit=200")
      expect(unmatched.items).toHaveLength(200)
      expect(unmatched.count).toBeGreaterThan(200)

      // A last sync long ago (beyond 18 months) starts at the limit instead of failing with MESSAGE_BAI560_0029.
      const [conn] = await bank().listBankConnections({})
      expect(conn.synced_through).toBe(today)
      await bank().updateBankConnections({ id: conn.id, synced_through: addDays(today, -800) })
      const again = await run()
      expect(again).toEqual(expect.objectContaining({ book_date_from: earliest, transactions_stored: 0 }))

      // Normally: only today's page(s), and a booking made today is new.
      await book({ amountInCents: 4_321, descriptionLines: ["Vandaag"] }, MAIN)
      const next = await run()
      expect(next.book_date_from).toBe(today)
      expect(next.transactions_stored).toBe(1)
    })

    it("tells the admin when no account is connected", async () => {
      const res = await admin("post", "/admin/tikkie/reconciliation/run")
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(/No bank account is connected/)
    })
  },
})
