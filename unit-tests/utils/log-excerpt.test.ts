import { LOG_EXCERPT_MAX, logExcerpt } from "../../src/utils/log-excerpt"

describe("logExcerpt", () => {
  it("quotes a short token whole", () => {
    expect(logExcerpt("abcDEF123")).toBe('"abcDEF123"')
  })

  it("escapes newlines and carriage returns, so a caller cannot start a log line of their own", () => {
    const out = logExcerpt("tok\n2026-11-23 INFO forged line\r\nmore")
    expect(out).not.toMatch(/[\n\r]/)
    expect(out).toContain("\\n2026-11-23 INFO forged line\\r\\nmore")
  })

  it("escapes every control character, DEL, C1 controls and the Unicode line separators", () => {
    const controls =
      Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("") + "\u007f\u0085\u009b\u2028\u2029"
    const out = logExcerpt(controls, 1_000)
    expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
    expect(out).toContain("\\u001b")
    expect(out).toContain("\\u2028")
  })

  it("bounds a long value and says how long it was", () => {
    const out = logExcerpt("x".repeat(90_000))
    expect(out.length).toBeLessThan(LOG_EXCERPT_MAX + 40)
    expect(out).toContain("(90000 characters)")
    expect(out.startsWith(`"${"x".repeat(LOG_EXCERPT_MAX)}"`)).toBe(true)
  })

  it("cuts before escaping, so an escaped excerpt stays bounded even when every character is a control", () => {
    const out = logExcerpt("\u0001".repeat(10_000))
    expect(out.length).toBeLessThanOrEqual(LOG_EXCERPT_MAX * 6 + 40)
  })

  it("shows values that are not strings without throwing", () => {
    expect(logExcerpt(42)).toBe('"42"')
    expect(logExcerpt(undefined)).toBe('"undefined"')
    expect(logExcerpt({ a: "b\n" })).toBe('"{\\"a\\":\\"b\\\\n\\"}"')
    const circular: Record<string, unknown> = {}
    circular.self = circular
    expect(logExcerpt(circular)).toBe('"[object Object]"')
  })
})
