import * as core from "../src/core/errors"
import * as http from "../src/core/http"
import * as limiter from "../src/core/rate-limiter"
import * as retry from "../src/core/retry"
import * as tikkie from "../src"
import * as accountInformation from "../src/account-information"
import * as fastCheckout from "../src/fast-checkout"
import * as v1 from "../src/payment-requests/v1"
import * as v2 from "../src/payment-requests/v2"

/**
 * `tikkie-client` re-exports the four services with `export *`. Where two modules export
 * the same name, `export *` drops it silently at run time, so this checks that every value of every
 * service reaches the root unchanged and that no name belongs to two services.
 */
const services = { fastCheckout, v1, v2, accountInformation } as Record<string, Record<string, unknown>>
const shared = { core, http, limiter, retry } as Record<string, Record<string, unknown>>

describe("tikkie-client exports", () => {
  it("exports every value of the four services and the core unchanged", () => {
    const root = tikkie as Record<string, unknown>
    for (const [name, mod] of Object.entries({ ...services, ...shared })) {
      for (const key of Object.keys(mod)) {
        expect({ module: name, key, same: root[key] === mod[key] }).toEqual({ module: name, key, same: true })
      }
    }
  })

  it("has no name in two services (v1 names carry V1, v2 names V2 or a namespace)", () => {
    const owners = new Map<string, string[]>()
    for (const [name, mod] of Object.entries({ ...services, ...shared })) {
      for (const key of Object.keys(mod)) owners.set(key, [...(owners.get(key) ?? []), name])
    }
    expect([...owners].filter(([, by]) => by.length > 1)).toEqual([])
  })

  it("gives each service's client and main helpers under distinct names", () => {
    expect(tikkie).toMatchObject({
      FastCheckoutClient: fastCheckout.FastCheckoutClient,
      PaymentRequestsV1Client: v1.PaymentRequestsV1Client,
      PaymentRequestsClient: v2.PaymentRequestsClient,
      AccountInformationClient: accountInformation.AccountInformationClient,
      OAuthClient: accountInformation.OAuthClient,
      buildConsentUrl: accountInformation.buildConsentUrl,
      TikkieError: core.TikkieError,
    })
    // Account information's euro-amount helpers: decimal euro (as that service sends it) to cents and back.
    expect(tikkie.toCents("12.34")).toBe(1234)
    expect(tikkie.centsToAmount(-1050)).toBe(-10.5)
    expect(Object.keys(tikkie.paymentRequestsV2)).toContain("PaymentRequestSchema")
    expect(Object.keys(v1)).toEqual(expect.arrayContaining(["V1_ERRORS", "V1_MAX_AMOUNT_IN_CENTS"]))
  })
})
