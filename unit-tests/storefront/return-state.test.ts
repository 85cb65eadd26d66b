import { storefrontReturnUrl } from "../../src/api/utils/storefront-return"
import { readTikkieReturn, tikkieLanguage, tikkieReturnMessage, tikkieReturnRouteUrl } from "../../src/storefront"

const record = {
  success_url: "https://shop.example/order/confirmed",
  failure_url: "https://shop.example/checkout?step=payment",
  cart_id: "cart_01JABCDEF",
}

/** Every redirect the return routes make (storefrontReturnUrl), read back as a storefront reads it. */
describe("readTikkieReturn reads what the store's return routes send", () => {
  it.each([
    [{ outcome: "completed", orderId: "order_01JXYZ" }, "NEW", { kind: "order-placed", orderId: "order_01JXYZ" }],
    [
      { outcome: "already-completed", orderId: "order_01JXYZ" },
      "NEW",
      { kind: "order-placed", orderId: "order_01JXYZ" },
    ],
    [{ outcome: "retry" }, "NEW", { kind: "confirming", cartId: "cart_01JABCDEF" }],
    [{ outcome: "problem" }, "NEW", { kind: "paid-not-placed", cartId: "cart_01JABCDEF" }],
    [
      { outcome: "closed", status: "EXPIRED" },
      "NEW",
      { kind: "not-paid", status: "EXPIRED", cartId: "cart_01JABCDEF" },
    ],
    [
      { outcome: "closed", status: "CANCELLED" },
      "NEW",
      { kind: "not-paid", status: "CANCELLED", cartId: "cart_01JABCDEF" },
    ],
    [{ outcome: "pending" }, "NEW", { kind: "not-paid", status: "NEW", cartId: "cart_01JABCDEF" }],
    [{ outcome: "pending" }, "OPEN", { kind: "not-paid", status: "OPEN", cartId: "cart_01JABCDEF" }],
  ])("%j (pending: %s)", (outcome, pending, state) => {
    const url = storefrontReturnUrl(outcome, record, pending)!
    expect(readTikkieReturn(new URL(url))).toEqual(state)
    expect(readTikkieReturn(url)).toEqual(state)
    expect(readTikkieReturn(new URL(url).searchParams)).toEqual(state)
    // The failure page's own parameters stay where they were.
    if (url.startsWith("https://shop.example/checkout")) expect(new URL(url).searchParams.get("step")).toBe("payment")
  })

  it("reads the searchParams object a Next.js page receives (first value of a repeated parameter)", () => {
    expect(readTikkieReturn({ tikkie_status: ["expired", "x"], cart_id: "cart_01J" })).toEqual({
      kind: "not-paid",
      status: "EXPIRED",
      cartId: "cart_01J",
    })
    expect(readTikkieReturn({ order_id: "order_01J", step: "review" })).toEqual({
      kind: "order-placed",
      orderId: "order_01J",
    })
  })

  it("ignores what is not a Medusa id or a status, and says so as 'none' or without the cart", () => {
    expect(readTikkieReturn("?order_id=<script>")).toEqual({ kind: "none" })
    expect(readTikkieReturn("?tikkie_status=PROCESSING&cart_id=javascript:alert(1)")).toEqual({ kind: "confirming" })
    expect(readTikkieReturn("?tikkie_status=" + "A".repeat(41))).toEqual({ kind: "none" })
    expect(readTikkieReturn("?tikkie_status=PAID%0ANOT")).toEqual({ kind: "none" })
    expect(readTikkieReturn("")).toEqual({ kind: "none" })
    expect(readTikkieReturn("https://shop.example/checkout#tikkie_status=CANCELLED")).toEqual({ kind: "none" })
  })
})

describe("storefrontReturnUrl with {country_code}", () => {
  const perCountry = {
    success_url: "https://shop.example/{country_code}/tikkie/return",
    failure_url: "https://shop.example/{country_code}/tikkie/return?from=tikkie",
    cart_id: "cart_01JABCDEF",
  }
  it("puts the shopper's country into the path, so the way back lands where the shopper was", () => {
    expect(storefrontReturnUrl({ outcome: "completed", orderId: "order_01JXYZ" }, perCountry, "NEW", "be")).toBe(
      "https://shop.example/be/tikkie/return?order_id=order_01JXYZ"
    )
    expect(storefrontReturnUrl({ outcome: "closed", status: "CANCELLED" }, perCountry, "NEW", "IE")).toBe(
      "https://shop.example/ie/tikkie/return?from=tikkie&cart_id=cart_01JABCDEF&tikkie_status=CANCELLED"
    )
  })
  it("leaves the segment out without a country, and takes nothing but two letters for one", () => {
    expect(storefrontReturnUrl({ outcome: "retry" }, perCountry, "NEW")).toBe(
      "https://shop.example/tikkie/return?cart_id=cart_01JABCDEF&tikkie_status=PROCESSING"
    )
    expect(storefrontReturnUrl({ outcome: "retry" }, perCountry, "NEW", "../x")).toBe(
      "https://shop.example/tikkie/return?cart_id=cart_01JABCDEF&tikkie_status=PROCESSING"
    )
  })
  it("changes nothing for a URL without the placeholder", () => {
    expect(storefrontReturnUrl({ outcome: "completed", orderId: "order_01JXYZ" }, record, "NEW", "be")).toBe(
      "https://shop.example/order/confirmed?order_id=order_01JXYZ"
    )
  })
})

describe("tikkieReturnMessage", () => {
  it("while confirming, claims no payment: the store may still be reading a cancelled checkout", () => {
    for (const language of ["en", "nl"] as const) {
      const said = tikkieReturnMessage({ kind: "confirming" }, language)
      expect(`${said.title} ${said.text}`).not.toMatch(/received|has your payment|ontvangen/i)
      expect(said.payAgain).toBe(false)
    }
  })

  it("never offers to pay again once Tikkie has the money", () => {
    expect(tikkieReturnMessage({ kind: "confirming" }).payAgain).toBe(false)
    expect(tikkieReturnMessage({ kind: "paid-not-placed" })).toMatchObject({
      payAgain: false,
      text: expect.stringMatching(/Do not pay again/),
    })
    expect(tikkieReturnMessage({ kind: "order-placed", orderId: "order_1" }).payAgain).toBe(false)
  })

  it("lets the shopper try again when nothing was charged, naming an unknown status as it came", () => {
    expect(tikkieReturnMessage({ kind: "not-paid", status: "CANCELLED" })).toMatchObject({
      payAgain: true,
      text: expect.stringMatching(/^You cancelled the payment/),
    })
    expect(tikkieReturnMessage({ kind: "not-paid", status: "SOMETHING_NEW" }).text).toMatch(
      /status SOMETHING_NEW\. Nothing was charged/
    )
  })
})

describe("tikkieReturnRouteUrl", () => {
  it("points at the store's return route of each kind, the session id escaped", () => {
    expect(tikkieReturnRouteUrl("https://api.shop.example/", "fast-checkout", "payses_01J")).toBe(
      "https://api.shop.example/hooks/tikkie/fast-checkout/return?session_id=payses_01J"
    )
    expect(tikkieReturnRouteUrl("https://api.shop.example", "payment-request", "a&b")).toBe(
      "https://api.shop.example/hooks/tikkie/payment-requests/return?session_id=a%26b"
    )
  })
})

describe("tikkieReturnMessage in Dutch", () => {
  it("says every state in Dutch for a Dutch storefront, with the same rule on paying again", () => {
    const states = [
      { kind: "order-placed", orderId: "order_1" },
      { kind: "confirming" },
      { kind: "paid-not-placed" },
      { kind: "not-paid", status: "CANCELLED" },
      { kind: "not-paid", status: "OPEN" },
    ] as const
    for (const state of states) {
      const nl = tikkieReturnMessage(state, "nl")
      const en = tikkieReturnMessage(state, "en")
      expect(nl.payAgain).toBe(en.payAgain)
      expect(nl.title).not.toBe(en.title)
      expect(nl.text).not.toBe(en.text)
    }
    expect(tikkieReturnMessage({ kind: "paid-not-placed" }, "nl").text).toMatch(/Betaal niet opnieuw/)
    expect(tikkieReturnMessage({ kind: "not-paid", status: "OPEN" }, "nl").text).toBe(
      "Tikkie heeft nog geen betaling voor je link. Betaal eerst op de pagina van Tikkie en druk daarna op ‘Ik heb betaald’. " +
        "Je winkelwagen staat nog klaar: controleer hem en probeer het opnieuw."
    )
    expect(tikkieReturnMessage({ kind: "not-paid", status: "SOMETHING_NEW" }, "nl").text).toMatch(
      /^Tikkie meldde status SOMETHING_NEW\. Er is niets afgeschreven\./
    )
  })

  it("English stays the default", () => {
    expect(tikkieReturnMessage({ kind: "confirming" })).toEqual(tikkieReturnMessage({ kind: "confirming" }, "en"))
  })
})

describe("tikkieLanguage", () => {
  it.each([
    ["nl", "nl"],
    ["NL", "nl"],
    ["nl-NL", "nl"],
    ["nl_BE", "nl"],
    [" nl ", "nl"],
    ["en-US", "en"],
    ["de", "en"],
    ["nld", "en"],
    ["", "en"],
    [null, "en"],
    [undefined, "en"],
  ])("%j → %s", (input, language) => {
    expect(tikkieLanguage(input)).toBe(language)
  })
})
