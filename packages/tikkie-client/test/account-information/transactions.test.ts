import { Agent, type Dispatcher } from "undici"
import {
  AccountInformationClient,
  addDays,
  amsterdamDate,
  earliestBookDateFrom,
  isBankDay,
  toCents,
  type Transaction,
} from "../../src"
import { isValidIban } from "../../src/core/dutch-iban"
import { startSandbox, type RunningSandbox } from "tikkie-sandbox"
import {
  aisHeaders,
  ALL_AIS_SCOPES,
  API_KEY,
  BE_ACCOUNT,
  EMPTY_ACCOUNT,
  expectServiceError,
  MAIN_ACCOUNT,
  mintToken,
  operationCount,
  raw,
} from "./support"

const today = () => amsterdamDate(Date.now())
/** A bank day at least a week back (its bookings are generated, whatever today is). */
function pastBankDay(): string {
  let d = addDays(today(), -7)
  while (!isBankDay(d)) d = addDays(d, -1)
  return d
}
/** A Saturday at least a week back. */
function pastSaturday(): string {
  let d = addDays(today(), -7)
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 6) d = addDays(d, -1)
  return d
}

function expectNewestFirst(list: Transaction[]): void {
  for (let i = 1; i < list.length; i++) {
    const newer = list[i - 1]
    const older = list[i]
    expect(`${older.bookDate} ${older.transactionTimestamp}` <= `${newer.bookDate} ${newer.transactionTimestamp}`).toBe(
      true
    )
    // Each booking moves the balance by exactly its amount, in cents.
    expect(toCents(newer.balanceAfterMutation!) - toCents(newer.amount)).toBe(toCents(older.balanceAfterMutation!))
  }
}

describe("transactions: paging, filters and the generated history", () => {
  let sandbox: RunningSandbox
  let token: string
  let paths: string[]
  let recording: Dispatcher
  let ai: AccountInformationClient
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    token = (await mintToken(sandbox, ALL_AIS_SCOPES, MAIN_ACCOUNT)).access_token
    paths = []
    // A real Agent that notes every request line it sends: the date filters must be on every page.
    const recorder: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
      paths.push(String(opts.path))
      return dispatch(opts, handler)
    }
    recording = new Agent().compose(recorder)
    ai = new AccountInformationClient({
      baseUrl: sandbox.url,
      apiKey: API_KEY,
      accessToken: token,
      dispatcher: recording,
      retry: { retries: 0 },
    })
  })
  afterAll(async () => {
    await ai.close()
    await recording.close()
    await sandbox.close()
  })

  it("pages through the whole 18 months (thousands of bookings), sending bookDateFrom with every page", async () => {
    const from = earliestBookDateFrom(today())
    const before = await operationCount(sandbox, "accountInformation.getTransactions")
    paths.length = 0
    const all: Transaction[] = []
    for await (const t of ai.transactions(MAIN_ACCOUNT, { bookDateFrom: from })) all.push(t)

    expect(all.length).toBeGreaterThan(2_000)
    expect(new Set(all.map((t) => t.transactionId)).size).toBe(all.length)
    expect(all.every((t) => t.bookDate! >= from && t.bookDate! <= today())).toBe(true)
    let firstBankDay = from
    while (!isBankDay(firstBankDay)) firstBankDay = addDays(firstBankDay, 1)
    expect(all[all.length - 1].bookDate).toBe(firstBankDay)
    expectNewestFirst(all)

    const pages = Math.ceil(all.length / 50)
    expect(await operationCount(sandbox, "accountInformation.getTransactions")).toBe(before + pages)
    const txPaths = paths.filter((p) => p.includes("/transactions"))
    expect(txPaths).toHaveLength(pages)
    for (const p of txPaths) expect(new URL(p, "http://x").searchParams.get("bookDateFrom")).toBe(from)
    expect(txPaths.slice(1).every((p) => new URL(p, "http://x").searchParams.has("nextPageKey"))).toBe(true)
    expect(new URL(txPaths[0], "http://x").searchParams.has("nextPageKey")).toBe(false)
  })

  it("resends both filters when paging a bounded range", async () => {
    let to = addDays(today(), -20)
    while (!isBankDay(to)) to = addDays(to, -1)
    const from = addDays(to, -40)
    paths.length = 0
    const all: Transaction[] = []
    for await (const t of ai.transactions(MAIN_ACCOUNT, { bookDateFrom: from, bookDateTo: to })) all.push(t)
    expect(all.length).toBeGreaterThan(100)
    expect(all[0].bookDate).toBe(to)
    expect(all.every((t) => t.bookDate! >= from && t.bookDate! <= to)).toBe(true)
    const txPaths = paths.filter((p) => p.includes("/transactions"))
    expect(txPaths.length).toBeGreaterThan(2)
    for (const p of txPaths) {
      const q = new URL(p, "http://x").searchParams
      expect([q.get("bookDateFrom"), q.get("bookDateTo")]).toEqual([from, to])
    }
  })

  it("both date bounds are inclusive: from = to = a bank day gives that day's bookings", async () => {
    const d = pastBankDay()
    const page = await ai.transactionsPage(MAIN_ACCOUNT, { bookDateFrom: d, bookDateTo: d })
    expect(page.transactions.length).toBeGreaterThanOrEqual(4)
    expect(page.transactions.length).toBeLessThanOrEqual(8)
    expect(page.transactions.every((t) => t.bookDate === d)).toBe(true)
    expect(page.nextPageKey).toBeUndefined()

    const dayBefore = addDays(d, -1)
    const fromD: Transaction[] = []
    for await (const t of ai.transactions(MAIN_ACCOUNT, { bookDateFrom: d })) fromD.push(t)
    expect(fromD[fromD.length - 1].bookDate).toBe(d)
    expect(fromD.some((t) => t.bookDate === dayBefore)).toBe(false)

    const toD = await ai.transactionsPage(MAIN_ACCOUNT, { bookDateTo: d })
    expect(toD.transactions[0].bookDate).toBe(d)
  })

  it("without bookDateFrom: the last 50, newest first, in one page", async () => {
    const page = await ai.transactionsPage(MAIN_ACCOUNT)
    expect(page.accountNumber).toBe(MAIN_ACCOUNT)
    expect(page.transactions).toHaveLength(50)
    expect(page.nextPageKey).toBeUndefined()
    expectNewestFirst(page.transactions)
    const balance = await ai.balances(MAIN_ACCOUNT)
    expect(toCents(page.transactions[0].balanceAfterMutation!)).toBe(toCents(balance.amount))
    const limited: Transaction[] = []
    for await (const t of ai.transactions(MAIN_ACCOUNT)) limited.push(t)
    expect(limited).toEqual(page.transactions)
  })

  it("generated bookings keep the document's limits and carry real counterparty IBANs", async () => {
    const all: Transaction[] = []
    for await (const t of ai.transactions(MAIN_ACCOUNT, { bookDateFrom: addDays(today(), -120) })) all.push(t)
    const lines = all.flatMap((t) => t.descriptionLines ?? [])
    expect(all.every((t) => (t.descriptionLines ?? []).length <= 9)).toBe(true)
    expect(lines.every((l) => l.length <= 32)).toBe(true)
    expect(all.every((t) => t.counterPartyAccountNumber === "" || isValidIban(t.counterPartyAccountNumber!))).toBe(true)
    expect(all.some((t) => t.amount < 0) && all.some((t) => t.amount > 0)).toBe(true)
    expect(all.some((t) => t.counterPartyAccountNumber === "")).toBe(true)
    expect(all.every((t) => t.currency === "EUR" && typeof t.mutationCode === "string" && t.status === "BOOKED")).toBe(
      true
    )
    expect(all.every((t) => Number.isInteger(toCents(t.amount)))).toBe(true)
    // Several bookings on every bank day.
    const perDay = new Map<string, number>()
    for (const t of all) perDay.set(t.bookDate!, (perDay.get(t.bookDate!) ?? 0) + 1)
    for (const [day, n] of perDay) {
      expect(isBankDay(day)).toBe(true)
      expect(n).toBeGreaterThanOrEqual(4)
    }
  })

  describe("nextPageKey must come with the same filters", () => {
    async function firstKey(from: string): Promise<string> {
      const page = await ai.transactionsPage(MAIN_ACCOUNT, { bookDateFrom: from })
      expect(page.nextPageKey).toBeDefined()
      return page.nextPageKey!
    }
    const url = (q: string) => `${sandbox.url}/v1/accounts/${MAIN_ACCOUNT}/transactions?${q}`

    it("refuses the key with another bookDateFrom, with no filters, or with an added bookDateTo", async () => {
      const from = addDays(today(), -90)
      const key = encodeURIComponent(await firstKey(from))
      const other = await raw(url(`bookDateFrom=${addDays(from, 1)}&nextPageKey=${key}`), {
        headers: aisHeaders(token),
      })
      expectServiceError(other, 400, "ERR_1100_004")
      expect(other.json.errors[0].message).toContain(`bookDateFrom=${from}`)
      expectServiceError(await raw(url(`nextPageKey=${key}`), { headers: aisHeaders(token) }), 400, "ERR_1100_004")
      expectServiceError(
        await raw(url(`bookDateFrom=${from}&bookDateTo=${today()}&nextPageKey=${key}`), { headers: aisHeaders(token) }),
        400,
        "ERR_1100_004"
      )
      const same = await raw(url(`bookDateFrom=${from}&nextPageKey=${key}`), { headers: aisHeaders(token) })
      expect(same.status).toBe(200)
      expect(same.json.transactions).toHaveLength(50)
    })

    it("refuses a key that is not ours or belongs to another account", async () => {
      expectServiceError(
        await raw(url(`bookDateFrom=${addDays(today(), -30)}&nextPageKey=garbage`), { headers: aisHeaders(token) }),
        400,
        "ERR_1100_004"
      )
      const from = addDays(today(), -90)
      const key = encodeURIComponent(await firstKey(from))
      const be = await mintToken(sandbox, ALL_AIS_SCOPES, BE_ACCOUNT)
      const res = await raw(
        `${sandbox.url}/v1/accounts/${BE_ACCOUNT}/transactions?bookDateFrom=${from}&nextPageKey=${key}`,
        {
          headers: aisHeaders(be.access_token),
        }
      )
      expectServiceError(res, 400, "ERR_1100_004")
    })
  })

  describe("date rules", () => {
    const cases = (): Array<[string, string, number, string]> => {
      const t = today()
      const earliest = earliestBookDateFrom(t)
      return [
        ["from not a date", "bookDateFrom=abc", 400, "MESSAGE_RST560_0009"],
        ["from month 13", "bookDateFrom=2025-13-01", 400, "MESSAGE_RST560_0009"],
        ["from empty", "bookDateFrom=", 400, "MESSAGE_RST560_0009"],
        ["to 30 February", "bookDateTo=2025-02-30", 400, "MESSAGE_RST560_0008"],
        ["to in dd-mm-yyyy", "bookDateTo=01-02-2025", 400, "MESSAGE_RST560_0008"],
        ["from after to", `bookDateFrom=${addDays(t, -2)}&bookDateTo=${addDays(t, -3)}`, 400, "MESSAGE_RST560_0011"],
        ["to tomorrow", `bookDateTo=${addDays(t, 1)}`, 400, "MESSAGE_RST560_0012"],
        ["from tomorrow", `bookDateFrom=${addDays(t, 1)}`, 400, "MESSAGE_RST560_0013"],
        ["from one day before the 18-month limit", `bookDateFrom=${addDays(earliest, -1)}`, 400, "MESSAGE_BAI560_0029"],
        ["empty nextPageKey", `bookDateFrom=${addDays(t, -3)}&nextPageKey=`, 400, "ERR_1100_004"],
      ]
    }
    it("sandbox answers each rule's code", async () => {
      for (const [name, query, status, code] of cases()) {
        const res = await raw(`${sandbox.url}/v1/accounts/${MAIN_ACCOUNT}/transactions?${query}`, {
          headers: aisHeaders(token),
        })
        expect({ name, status: res.status, code: res.json?.errors?.[0]?.code }).toEqual({ name, status, code })
      }
    })

    it("client refuses the same input locally with the same code, sending nothing", async () => {
      const before = await operationCount(sandbox, "accountInformation.getTransactions")
      for (const [name, query, , code] of cases()) {
        const input = Object.fromEntries(new URLSearchParams(query))
        const e = await ai.transactionsPage(MAIN_ACCOUNT, input).catch((x) => x)
        expect({ name, kind: e.kind, code: e.code }).toEqual({ name, kind: "local", code })
      }
      expect(await operationCount(sandbox, "accountInformation.getTransactions")).toBe(before)
    })

    it("the 18-month limit day itself is allowed, through client and sandbox", async () => {
      const earliest = earliestBookDateFrom(today())
      const res = await raw(
        `${sandbox.url}/v1/accounts/${MAIN_ACCOUNT}/transactions?bookDateFrom=${earliest}&bookDateTo=${addDays(earliest, 7)}`,
        {
          headers: aisHeaders(token),
        }
      )
      expect(res.status).toBe(200)
      expect(res.json.transactions.length).toBeGreaterThan(0)
      const page = await ai.transactionsPage(MAIN_ACCOUNT, { bookDateFrom: earliest })
      expect(page.transactions).toHaveLength(50)
    })
  })

  it("an account without bookings answers a blank body, read as an empty list", async () => {
    const t = await mintToken(sandbox, ALL_AIS_SCOPES, EMPTY_ACCOUNT)
    const res = await raw(
      `${sandbox.url}/v1/accounts/${EMPTY_ACCOUNT}/transactions?bookDateFrom=${earliestBookDateFrom(today())}`,
      {
        headers: aisHeaders(t.access_token),
      }
    )
    expect(res.status).toBe(200)
    expect(res.text).toBe("")
    const c = new AccountInformationClient({ baseUrl: sandbox.url, apiKey: API_KEY, accessToken: t.access_token })
    try {
      expect(await c.transactionsPage(EMPTY_ACCOUNT)).toEqual({
        transactions: [],
        accountNumber: EMPTY_ACCOUNT,
        nextPageKey: undefined,
      })
      const all: Transaction[] = []
      for await (const x of c.transactions(EMPTY_ACCOUNT, { bookDateFrom: addDays(today(), -30) })) all.push(x)
      expect(all).toEqual([])
    } finally {
      await c.close()
    }
  })

  it("a range of only weekend days without bookings is MESSAGE_BAI560_0005 (500, no bank day)", async () => {
    const saturday = pastSaturday()
    const res = await raw(
      `${sandbox.url}/v1/accounts/${MAIN_ACCOUNT}/transactions?bookDateFrom=${saturday}&bookDateTo=${addDays(saturday, 1)}`,
      {
        headers: aisHeaders(token),
      }
    )
    expectServiceError(res, 500, "MESSAGE_BAI560_0005")
    expect(res.json.errors[0].category).toBe("BACKEND_ERROR")
    const e = await ai
      .transactionsPage(MAIN_ACCOUNT, { bookDateFrom: saturday, bookDateTo: addDays(saturday, 1) })
      .catch((x) => x)
    expect({ code: e.code, status: e.status }).toEqual({ code: "MESSAGE_BAI560_0005", status: 500 })
  })
})

describe("booking through the control interface", () => {
  let sandbox: RunningSandbox
  let ai: AccountInformationClient
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    const t = await mintToken(sandbox, ALL_AIS_SCOPES, MAIN_ACCOUNT)
    ai = new AccountInformationClient({ baseUrl: sandbox.url, apiKey: API_KEY, accessToken: t.access_token })
  })
  afterAll(async () => {
    await ai.close()
    await sandbox.close()
  })

  const book = (body: unknown, account = MAIN_ACCOUNT) =>
    raw(`${sandbox.url}/_sandbox/accounts/${account}/transactions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })

  it("a booking made now is the newest transaction and moves the balance by exactly its amount", async () => {
    const before = toCents((await ai.balances(MAIN_ACCOUNT)).amount)
    const booked = await book({
      amount: -12.34,
      descriptionLines: ["Tikkie uitbetaling", "Order 1001"],
      counterPartyName: "Tikkie",
      counterPartyAccountNumber: "NL91ABNA0417164300",
    })
    expect(booked.status).toBe(201)
    expect(booked.json).toEqual(
      expect.objectContaining({
        amount: -12.34,
        bookDate: today(),
        descriptionLines: ["Tikkie uitbetaling", "Order 1001"],
      })
    )
    expect((await book({ amount: 0.1 })).status).toBe(201)
    expect((await book({ amountInCents: 20 })).status).toBe(201)

    const latest = await ai.transactionsPage(MAIN_ACCOUNT)
    expect(latest.transactions.slice(0, 3).map((t) => toCents(t.amount))).toEqual([20, 10, -1234])
    expect(latest.transactions[2].transactionId).toBe(booked.json.transactionId)
    expect(toCents((await ai.balances(MAIN_ACCOUNT)).amount)).toBe(before - 1234 + 30)
    expectNewestFirst(latest.transactions)
    // Today's bookings are listed with bookDateFrom = today, weekend or not.
    const todays = await ai.transactionsPage(MAIN_ACCOUNT, { bookDateFrom: today() })
    expect(todays.transactions.map((t) => t.transactionId)).toContain(booked.json.transactionId)
  })

  it("a booking on an earlier date shows on that date and shifts every later balance", async () => {
    const saturday = pastSaturday()
    const newestBefore = toCents((await ai.transactionsPage(MAIN_ACCOUNT)).transactions[0].balanceAfterMutation!)
    expect((await book({ amountInCents: 5_000, bookDate: saturday, descriptionLines: ["Weekend"] })).status).toBe(201)
    const weekend = await ai.transactionsPage(MAIN_ACCOUNT, {
      bookDateFrom: saturday,
      bookDateTo: addDays(saturday, 1),
    })
    expect(weekend.transactions.map((t) => t.descriptionLines)).toEqual([["Weekend"]])
    expect(toCents((await ai.transactionsPage(MAIN_ACCOUNT)).transactions[0].balanceAfterMutation!)).toBe(
      newestBefore + 5_000
    )
    const around: Transaction[] = []
    for await (const t of ai.transactions(MAIN_ACCOUNT, { bookDateFrom: addDays(saturday, -3) })) around.push(t)
    expectNewestFirst(around)
  })

  it.each([
    ["an invalid bookDate", { amount: 1, bookDate: "2025-02-30" }, "MESSAGE_RST560_0022"],
    ["a bookDate in the future", { amount: 1, bookDate: addDays(today(), 1) }, "MESSAGE_RST560_0023"],
    ["an amount with 3 decimals", { amount: 1.005 }, "ERR_1100_004"],
    ["both amount and amountInCents", { amount: 1, amountInCents: 100 }, "ERR_1100_004"],
    ["a zero amount", { amountInCents: 0 }, "ERR_1100_004"],
    ["a 33-character description line", { amount: 1, descriptionLines: ["x".repeat(33)] }, "ERR_1100_004"],
    ["ten description lines", { amount: 1, descriptionLines: Array(10).fill("x") }, "ERR_1100_004"],
    ["a counterparty that is not an IBAN", { amount: 1, counterPartyAccountNumber: "NL00BANK" }, "ERR_1100_004"],
  ])("refuses %s", async (_name, body, code) => {
    expectServiceError(await book(body), 400, code)
  })

  it("refuses an account the sandbox does not hold", async () => {
    expectServiceError(await book({ amount: 1 }, "NL20INGB0001234567"), 404, "ERR_4001_001")
  })

  it("lists the seeded accounts with balance and credit line in cents", async () => {
    const res = await raw(`${sandbox.url}/_sandbox/accounts`)
    expect(res.status).toBe(200)
    const accounts = res.json.accounts as Array<{
      accountNumber: string
      currency: string
      bank: string
      balanceInCents: number
      transactionCount: number
    }>
    expect(accounts.map((a) => a.accountNumber)).toEqual(
      expect.arrayContaining([MAIN_ACCOUNT, BE_ACCOUNT, EMPTY_ACCOUNT])
    )
    expect(accounts.find((a) => a.accountNumber === "GB29NWBK60161331926819")?.currency).toBe("GBP")
    expect(accounts.find((a) => a.accountNumber === EMPTY_ACCOUNT)?.transactionCount).toBe(0)
    expect(new Set(accounts.map((a) => a.bank))).toEqual(new Set(["NLAA01", "BEPB01", "BEPB02"]))
  })
})

describe("seeded history", () => {
  async function snapshot(sandbox: RunningSandbox, account = MAIN_ACCOUNT) {
    const t = await mintToken(sandbox, ALL_AIS_SCOPES, account)
    const from = addDays(today(), -200)
    const res = await raw(`${sandbox.url}/v1/accounts/${account}/transactions?bookDateFrom=${from}`, {
      headers: aisHeaders(t.access_token),
    })
    const last50 = await raw(`${sandbox.url}/v1/accounts/${account}/transactions`, {
      headers: aisHeaders(t.access_token),
    })
    return { page: res.json, last50: last50.json }
  }

  it("the same seed gives the same transactions; another seed other ones; reset regenerates", async () => {
    const a = await startSandbox({ port: 0, seed: 7 })
    const b = await startSandbox({ port: 0, seed: 7 })
    const c = await startSandbox({ port: 0, seed: 8 })
    try {
      const sa = await snapshot(a)
      expect(sa.page.transactions).toHaveLength(50)
      expect(await snapshot(b)).toEqual(sa)
      const sc = await snapshot(c)
      expect(sc.last50.transactions.map((t: Transaction) => t.transactionId)).not.toEqual(
        sa.last50.transactions.map((t: Transaction) => t.transactionId)
      )

      await raw(`${a.url}/_sandbox/accounts/${MAIN_ACCOUNT}/transactions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amount: 99 }),
      })
      expect((await snapshot(a)).last50).not.toEqual(sa.last50)
      expect((await raw(`${a.url}/_sandbox/reset`, { method: "POST" })).status).toBe(204)
      expect(await snapshot(a)).toEqual(sa)
      expect((await snapshot(a, "GB29NWBK60161331926819")).last50.transactions[0].currency).toBe("GBP")
    } finally {
      await Promise.all([a.close(), b.close(), c.close()])
    }
  })
})
