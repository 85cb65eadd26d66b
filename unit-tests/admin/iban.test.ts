import { groupedIban, validIban } from "../../src/admin/lib/iban"

describe("the admin's IBAN check (the refund owed's 'IBAN the customer sent')", () => {
  it("takes an IBAN as people type it, of any SEPA country, in electronic format", () => {
    expect(validIban(" nl91 abna 0417 1643 00 ")).toBe("NL91ABNA0417164300")
    expect(validIban("BE68 5390 0754 7034")).toBe("BE68539007547034")
    expect(validIban("DE89370400440532013000")).toBe("DE89370400440532013000")
  })

  it("refuses a wrong check digit, a wrong length and what is no IBAN", () => {
    expect(validIban("NL91 ABNA 0417 1643 01")).toBeUndefined()
    expect(validIban("NL91 ABNA 0417 1643")).toBeUndefined()
    expect(validIban("Jan Jansen")).toBeUndefined()
    expect(validIban("")).toBeUndefined()
  })
})

describe("groupedIban: an IBAN as the bank prints it", () => {
  it("groups by four, whatever spacing it came in, and leaves other text alone", () => {
    expect(groupedIban("NL91ABNA0417164300")).toBe("NL91 ABNA 0417 1643 00")
    expect(groupedIban("be68 5390 0754 7034")).toBe("BE68 5390 0754 7034")
    expect(groupedIban("NL91 ABNA 0417 1643 00")).toBe("NL91 ABNA 0417 1643 00")
    expect(groupedIban(null)).toBe("—")
    expect(groupedIban("rekening 12")).toBe("rekening 12")
  })
})
