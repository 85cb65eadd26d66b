import { FetchError } from "@medusajs/js-sdk"
import { TikkieStoreError, tikkieStoreError } from "../../src/storefront"

/** What a storefront shows for each way a store call can fail (the SDK's FetchError is the real one). */
describe("tikkieStoreError", () => {
  it.each([
    [409, "conflict", false],
    [400, "invalid", true],
    [422, "invalid", true],
    [404, "not_found", true],
    [401, "unauthorized", true],
    [403, "unauthorized", true],
  ])("a %i keeps the store's message: code %s, payAgain %s", (status, code, payAgain) => {
    const e = new FetchError("The store's words for the shopper", "x", status)
    expect(tikkieStoreError(e, "nl")).toEqual({ message: "The store's words for the shopper", status, code, payAgain })
  })

  it("a 5xx never shows the store's text: the helper's words, in the shopper's language", () => {
    const e = new FetchError("An unknown error occurred.", "Internal Server Error", 500)
    expect(tikkieStoreError(e)).toEqual({
      status: 500,
      code: "store_error",
      payAgain: true,
      message: expect.stringMatching(/^Something went wrong at the shop\. Nothing was charged/),
    })
    expect(tikkieStoreError(e, "nl").message).toMatch(/^Er ging iets mis bij de winkel\. Er is niets afgeschreven/)
  })

  it("no answer (fetch's TypeError, anything without a status) is 'network'", () => {
    expect(tikkieStoreError(new TypeError("fetch failed"))).toMatchObject({ code: "network", payAgain: true })
    expect(tikkieStoreError(undefined, "nl")).toMatchObject({
      code: "network",
      message: expect.stringMatching(/^De winkel is niet bereikbaar/),
    })
    expect(tikkieStoreError({ status: 200, message: "odd" })).toMatchObject({ code: "network" })
  })

  it("a TikkieStoreError passes as it is, and is plain data once serialised (a Server Action's result)", () => {
    const thrown = new TikkieStoreError({ message: "m", status: 409, code: "conflict", payAgain: false })
    expect(thrown).toBeInstanceOf(Error)
    expect(thrown.message).toBe("m")
    expect(tikkieStoreError(thrown, "nl")).toEqual({ message: "m", status: 409, code: "conflict", payAgain: false })
    expect(JSON.parse(JSON.stringify(thrown))).toEqual({ message: "m", status: 409, code: "conflict", payAgain: false })
  })

  it("a long message is cut, an empty one replaced", () => {
    expect(tikkieStoreError(new FetchError("x".repeat(900), "", 400)).message).toHaveLength(500)
    expect(tikkieStoreError(new FetchError("  ", "", 400)).message).toMatch(/^Something went wrong/)
  })
})
