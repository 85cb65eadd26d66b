import fc from "fast-check"
import { addDays, amsterdamDate } from "../../src"
import { startSandbox, type RunningSandbox } from "tikkie-sandbox"
import { aisHeaders, ALL_AIS_SCOPES, MAIN_ACCOUNT, mintToken, raw } from "./support"

/** Random bad input must get a documented refusal, never an unexpected 500 or a dead sandbox. */
describe("robustness: random input to the account information sandbox", () => {
  let sandbox: RunningSandbox
  let token: string
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    token = (await mintToken(sandbox, ALL_AIS_SCOPES, MAIN_ACCOUNT)).access_token
  })
  afterAll(() => sandbox.close())

  const today = amsterdamDate(Date.now())
  const date = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer({ min: -800, max: 5 }).map((n) => addDays(today, n)),
    fc.constantFrom("2025-02-30", "0000-00-00", "9999-12-31", "")
  )

  it("transactions and funds queries answer 200 or a documented error", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            bookDateFrom: date,
            bookDateTo: date,
            nextPageKey: fc.string({ maxLength: 40 }),
            amount: fc.string({ maxLength: 10 }),
            currency: fc.string({ maxLength: 4 }),
          },
          { requiredKeys: [] }
        ),
        async (q) => {
          const query = new URLSearchParams(q as Record<string, string>).toString()
          for (const resource of ["transactions", "funds"]) {
            const res = await raw(`${sandbox.url}/v1/accounts/${MAIN_ACCOUNT}/${resource}?${query}`, {
              headers: aisHeaders(token),
            })
            if (res.status === 200) continue
            expect([400, 500]).toContain(res.status)
            const e = res.json.errors[0]
            expect(e.code).toMatch(/^(MESSAGE_RST560_00\d\d|MESSAGE_BAI560_00(05|29)|ERR_1100_004)$/)
            if (res.status === 500) expect(e.code).toBe("MESSAGE_BAI560_0005")
          }
        }
      ),
      { numRuns: 150 }
    )
  })

  it("the token endpoint answers RFC 6749 errors to random forms", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom("grant_type", "code", "client_id", "redirect_uri", "refresh_token", "scope", "x"),
          fc.string({ maxLength: 20 })
        ),
        async (form) => {
          const res = await raw(`${sandbox.url}/as/token.oauth2`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(form).toString(),
          })
          expect([400, 401]).toContain(res.status)
          expect(res.json.error).toMatch(
            /^(invalid_request|invalid_client|invalid_grant|unsupported_grant_type|invalid_scope)$/
          )
        }
      ),
      { numRuns: 150 }
    )
  })

  it("the consent page answers 200 or a 400 page to random queries, and never redirects", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom("scope", "client_id", "response_type", "flow", "redirect_uri", "bank", "state"),
          fc.string({ maxLength: 20 })
        ),
        async (q) => {
          const res = await raw(`${sandbox.url}/as/authorization.oauth2?${new URLSearchParams(q)}`)
          expect([200, 400]).toContain(res.status)
          expect(res.headers.location).toBeUndefined()
          expect(res.headers["content-type"]).toMatch(/text\/html/)
        }
      ),
      { numRuns: 150 }
    )
    const health = await raw(`${sandbox.url}/_sandbox/health`)
    expect(health.status).toBe(200)
  })
})
