import fc from "fast-check"
import { parsePlainBase, requestTarget } from "../../src/core/request-target"

/**
 * The transport splits each call's URL into undici's origin and path without parsing a URL when the
 * path is plain. It must send exactly what it sent when it built `new URL(baseUrl + path)`, set the
 * query through searchParams and handed undici the resulting string: that is the reference here.
 */
function reference(baseUrl: string, path: string, query?: Record<string, string | number | boolean | undefined>) {
  const url = new URL(baseUrl + path)
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
  const again = new URL(url.toString()) // what undici's request(url) parsed
  if (again.protocol !== "http:" && again.protocol !== "https:") throw new Error("undici: Invalid URL protocol")
  return { origin: again.origin, path: again.pathname + again.search }
}

function outcome<T>(fn: () => T): { ok: T } | { threw: true } {
  try {
    return { ok: fn() }
  } catch {
    return { threw: true }
  }
}

const BASES = [
  "http://127.0.0.1:4010",
  "https://api-sandbox.abnamro.com",
  "https://api.example/prefix",
  "https://api.example/pre fix",
  "https://api.example/a/../b",
  "HTTPS://API.Example.com",
  "https://api.example:443",
  "http://[::1]:4010",
  "http://user:pass@api.example",
  "https://api.example/p?x=1",
  "https://api.example#frag",
  "ftp://files.example",
  "not a url",
]

/** Characters that matter to the URL parser, plus ordinary ones. */
const PATH_PIECES = [
  "a",
  "Z",
  "0",
  "-",
  "_",
  "~",
  ".",
  "..",
  "%2e",
  "%2E",
  "%",
  "%20",
  "%zz",
  " ",
  "?",
  "#",
  "é",
  "😀",
  "\\",
  "|",
  "[",
  "]",
  '"',
  "<",
  "'",
  "(",
  ":",
  "@",
  "=",
  "&",
  "+",
  ";",
  "$",
  "!",
  "*",
  ",",
  "^",
  "`",
  "{",
  "\t",
]
const segment = fc.array(fc.constantFrom(...PATH_PIECES), { maxLength: 4 }).map((xs) => xs.join(""))
const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((segs) => `/${segs.join("/")}`)
const query = fc.option(
  fc.dictionary(
    fc.string({ maxLength: 6 }),
    fc.option(fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean()), { nil: undefined }),
    { maxKeys: 4 }
  ),
  { nil: undefined }
)

describe("requestTarget: the origin and path of a call", () => {
  it("equals what the URL parser gives, for any base, path and query", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BASES), path, query, (baseUrl, p, q) => {
        const got = outcome(() => requestTarget(baseUrl, parsePlainBase(baseUrl), p, q))
        expect(got).toEqual(outcome(() => reference(baseUrl, p, q)))
      }),
      { numRuns: 3_000 }
    )
  })

  it("builds the target of every client path by hand for a plain base (no URL parsing on the hot path)", () => {
    expect(parsePlainBase("http://127.0.0.1:4010")).toEqual({ origin: "http://127.0.0.1:4010", pathname: "" })
    expect(parsePlainBase("https://api.example/prefix")).toEqual({ origin: "https://api.example", pathname: "/prefix" })
    // Bases the parser would rewrite are left to the parser.
    for (const b of [
      "HTTPS://API.Example.com",
      "https://api.example:443",
      "https://api.example/a/../b",
      "http://user:pass@api.example",
      "ftp://x",
    ]) {
      expect(parsePlainBase(b)).toBeUndefined()
    }
  })

  it("keeps the query encoding of URLSearchParams (spaces as +, reserved characters escaped)", () => {
    expect(
      requestTarget(
        "http://127.0.0.1:4010",
        parsePlainBase("http://127.0.0.1:4010"),
        "/v1/accounts/NL91ABNA0417164300/transactions",
        {
          bookDateFrom: "2026-01-01",
          nextPageKey: "a b&c=d/é",
          bookDateTo: undefined,
        }
      )
    ).toEqual({
      origin: "http://127.0.0.1:4010",
      path: "/v1/accounts/NL91ABNA0417164300/transactions?bookDateFrom=2026-01-01&nextPageKey=a+b%26c%3Dd%2F%C3%A9",
    })
  })

  it("refuses a non-http(s) base as undici's request(url) did", () => {
    expect(() => requestTarget("ftp://files.example", parsePlainBase("ftp://files.example"), "/x")).toThrow(
      /must start with `http:` or `https:`/
    )
  })
})
