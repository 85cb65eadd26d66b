import path from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { createCleanDatabase } from "../helpers/clean-database"
import { TIKKIE_BANK_MODULE } from "../../src/modules/tikkie-bank"
import type TikkieBankModuleService from "../../src/modules/tikkie-bank/service"

jest.setTimeout(60_000)

/**
 * The tikkieBank module's own SQL, with Medusa's module test runner (the module alone, migrated by its own
 * migrations, an empty schema per test), registered without options as a store without the bank feature
 * does: the one-use consent state, transactions and payouts stored once however often they are read, and
 * a credit matched to one payout only.
 */
const DB_NAME = `tikkie_bank_module_${process.pid}`
beforeAll(() => createCleanDatabase(DB_NAME))

const MODULE_DIR = path.resolve(__dirname, "../../src/modules/tikkie-bank")

moduleIntegrationTestRunner<TikkieBankModuleService>({
  moduleName: TIKKIE_BANK_MODULE,
  resolve: MODULE_DIR,
  pathToMigrations: path.join(MODULE_DIR, "migrations"),
  dbName: DB_NAME,
  testSuite: ({ service }) => {
    const transaction = (id: string, cents: number, over: Record<string, unknown> = {}) => ({
      transactionId: id,
      accountNumber: "NL91ABNA0417164300",
      amountInCents: cents,
      currency: "EUR",
      bookDate: "2026-11-20",
      descriptionLines: ["TIKKIE FASTCHECKOUT", `order ${id}`],
      counterPartyName: "Stichting Tikkie",
      ...over,
    })
    const payout = (reference: string, cents: number, over: Record<string, unknown> = {}) => ({
      source: "fast_checkout",
      reference,
      amountInCents: cents,
      currency: "EUR",
      paidDate: "2026-11-19",
      dueDate: "2026-11-21",
      ...over,
    })

    describe("the consent state (consumeConsentState)", () => {
      it("is used once: of two callbacks with one state, one gets it and the other hears it was used", async () => {
        await service.createBankConsentStates({
          state_hash: "hash-of-state-1",
          user_id: "user_1",
          bank: "NLAA01",
          scopes: "psd2:account:balance:read psd2:account:transaction:read",
          expires_at: new Date(Date.now() + 600_000),
        })
        const [a, b] = await Promise.all([
          service.consumeConsentState("hash-of-state-1"),
          service.consumeConsentState("hash-of-state-1"),
        ])
        const won = [a, b].filter((r) => r.ok)
        expect(won).toEqual([
          {
            ok: true,
            userId: "user_1",
            bank: "NLAA01",
            scopes: ["psd2:account:balance:read", "psd2:account:transaction:read"],
            purpose: "bank",
          },
        ])
        expect([a, b].find((r) => !r.ok)).toEqual({ ok: false, reason: "used" })
      })

      it("tells an expired state from an unknown one", async () => {
        await service.createBankConsentStates({
          state_hash: "hash-of-old-state",
          user_id: "user_1",
          bank: "NLAA01",
          scopes: "psd2:account:balance:read",
          expires_at: new Date(Date.now() - 1_000),
        })
        expect(await service.consumeConsentState("hash-of-old-state")).toEqual({ ok: false, reason: "expired" })
        expect(await service.consumeConsentState("hash-nobody-made")).toEqual({ ok: false, reason: "unknown" })
      })
    })

    describe("transactions and payouts (storeTransactions, recordPayouts)", () => {
      it("stores a transaction once however often the bank shows it, and counts only the new ones", async () => {
        expect(await service.storeTransactions([transaction("tx-1", 2590), transaction("tx-2", 1299)])).toBe(2)
        expect(await service.storeTransactions([transaction("tx-2", 1299), transaction("tx-3", 495)])).toBe(1)
        const stored = await service.listBankTransactions({}, { order: { transaction_id: "ASC" } })
        expect(stored.map((t) => [t.transaction_id, Number(t.amount_in_cents)])).toEqual([
          ["tx-1", 2590],
          ["tx-2", 1299],
          ["tx-3", 495],
        ])
      })

      it("records a payout once per source and reference, keeping the order it was first given", async () => {
        expect(await service.recordPayouts([payout("order-token-1", 2590, { medusaOrderId: "order_1" })])).toBe(1)
        expect(
          await service.recordPayouts([
            payout("order-token-1", 2590, { medusaOrderId: null }),
            payout("order-token-2", 1299),
          ])
        ).toBe(1)
        const unmatched = await service.listUnmatchedPayouts()
        expect(unmatched.map((p) => [p.reference, p.amountInCents]).sort()).toEqual([
          ["order-token-1", 2590],
          ["order-token-2", 1299],
        ])
        const [first] = await service.listPayouts({ reference: "order-token-1" })
        expect(first.medusa_order_id).toBe("order_1")
      })
    })

    describe("matching (listUnmatchedCredits, applyMatches)", () => {
      it("matches a credit to one payout only, and leaves a matched payout alone", async () => {
        await service.storeTransactions([transaction("tx-credit", 2590), transaction("tx-debit", -1000)])
        await service.recordPayouts([payout("order-token-a", 2590), payout("order-token-b", 2590)])
        const credits = await service.listUnmatchedCredits()
        // Only money in is a credit.
        expect(credits.map((c) => [c.transactionId, c.amountInCents])).toEqual([["tx-credit", 2590]])
        const [a, b] = (await service.listUnmatchedPayouts()).sort((x, y) => x.reference.localeCompare(y.reference))
        expect(
          await service.applyMatches([
            { payoutId: a.id, transactionId: "tx-credit", matchedBy: "amount_date" },
            { payoutId: b.id, transactionId: "tx-credit", matchedBy: "amount_date" },
          ])
        ).toBe(1)
        expect(
          await service.applyMatches([{ payoutId: a.id, transactionId: "tx-other", matchedBy: "reference" }])
        ).toBe(0)
        expect((await service.listUnmatchedPayouts()).map((p) => p.reference)).toEqual(["order-token-b"])
        expect(await service.listUnmatchedCredits()).toEqual([])
      })
    })
  },
})
