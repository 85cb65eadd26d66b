import { checkLinkForm, descriptionCount, fieldOfStoreMessage } from "../../src/admin/lib/link-form"

const NOON_25_NOV = Date.parse("2026-11-25T12:00:00Z")
const form = (over: Partial<Parameters<typeof checkLinkForm>[0]>) => ({
  amount: "",
  description: "Factuur 118",
  descriptionRequired: true,
  ...over,
})

/** The link forms' own checks, before the store is asked: what the admin reads at each field. */
describe("checkLinkForm", () => {
  it("reads the amount in the admin's language and keeps Tikkie's bounds", () => {
    expect(checkLinkForm(form({ amount: "1.234,56" }), "nl", NOON_25_NOV)).toEqual({ cents: 123456, problems: {} })
    expect(checkLinkForm(form({ amount: "0" }), "nl", NOON_25_NOV).problems).toEqual({ amount: "amountMin" })
    expect(checkLinkForm(form({ amount: "0,00" }), "nl", NOON_25_NOV).problems).toEqual({ amount: "amountMin" })
    expect(checkLinkForm(form({ amount: "9.999,99" }), "nl", NOON_25_NOV)).toEqual({ cents: 999999, problems: {} })
    expect(checkLinkForm(form({ amount: "10.000" }), "nl", NOON_25_NOV).problems).toEqual({ amount: "amountMax" })
    expect(checkLinkForm(form({ amount: "twaalf" }), "nl", NOON_25_NOV).problems).toEqual({ amount: "amountInvalid" })
    // Empty: an open amount (invoice) or what the order still owes.
    expect(checkLinkForm(form({ amount: "" }), "nl", NOON_25_NOV)).toEqual({ problems: {} })
  })

  it("needs a description for an invoice link, at most 35 characters; the order form makes its own", () => {
    expect(checkLinkForm(form({ description: "  " }), "en", NOON_25_NOV).problems).toEqual({
      description: "descriptionRequired",
    })
    expect(checkLinkForm(form({ description: "", descriptionRequired: false }), "en", NOON_25_NOV).problems).toEqual({})
    expect(checkLinkForm(form({ description: "x".repeat(36) }), "en", NOON_25_NOV).problems).toEqual({
      description: "descriptionTooLong",
    })
  })

  it("refuses a reference Tikkie would refuse, and a day before today in Amsterdam", () => {
    expect(checkLinkForm(form({ reference: "INV#118" }), "en", NOON_25_NOV).problems).toEqual({
      reference: "referenceInvalid",
    })
    expect(checkLinkForm(form({ reference: "INV-118/2026" }), "en", NOON_25_NOV).problems).toEqual({})
    expect(checkLinkForm(form({ expiry: "2026-11-24" }), "en", NOON_25_NOV).problems).toEqual({ expiry: "expiryPast" })
    expect(checkLinkForm(form({ expiry: "2026-11-25" }), "en", NOON_25_NOV).problems).toEqual({})
    // 23:30 UTC on the 25th is already the 26th in Amsterdam.
    expect(checkLinkForm(form({ expiry: "2026-11-25" }), "en", Date.parse("2026-11-25T23:30:00Z")).problems).toEqual({
      expiry: "expiryPast",
    })
  })

  it("takes an invoice payer's e-mail for reminders when it looks like one, or none", () => {
    expect(checkLinkForm(form({ payerEmail: "" }), "nl", NOON_25_NOV).problems).toEqual({})
    expect(checkLinkForm(form({ payerEmail: " boekhouding@example.nl " }), "nl", NOON_25_NOV).problems).toEqual({})
    for (const bad of ["boekhouding", "a@b", "a b@example.nl", `${"x".repeat(250)}@example.nl`])
      expect(checkLinkForm(form({ payerEmail: bad }), "nl", NOON_25_NOV).problems).toEqual({
        payerEmail: "payerEmailInvalid",
      })
  })
})

describe("fieldOfStoreMessage", () => {
  it.each([
    ["amount_in_cents must be at most 999999", "amount"],
    ["amount_in_cents: €50.00 is more than order #2 still owes without a link (€10.29)", "amount"],
    ["description must not be empty", "description"],
    ["reference_id must be 1-35 characters of a-z", "reference"],
    ["expiry_date must be a date written yyyy-mm-dd", "expiry"],
    ["Invalid body: payer_email must be an e-mail address", "payerEmail"],
    ["Tikkie refused the request", undefined],
  ])("%s → %s", (message, field) => {
    expect(fieldOfStoreMessage(message)).toBe(field)
  })
})

describe("descriptionCount: the count under the description field", () => {
  it("counts characters as the payer sees them, up to Tikkie's 35", () => {
    expect(descriptionCount("")).toEqual({ used: 0, max: 35, full: false })
    expect(descriptionCount("Factuur € 118")).toEqual({ used: 13, max: 35, full: false })
    expect(descriptionCount("x".repeat(35))).toEqual({ used: 35, max: 35, full: true })
    expect(descriptionCount("spaties tellen mee ")).toEqual({ used: 19, max: 35, full: false })
  })
})
