import { BANK_BANNER } from "../../demo/constants"
import en from "../../src/admin/i18n/json/en.json"

/** Every text of the admin in English, as it shows them. */
function texts(tree: unknown): string[] {
  return Object.values(tree as Record<string, unknown>).flatMap((v) => (typeof v === "string" ? [v] : texts(v)))
}

describe("the demo's ready banner", () => {
  it("names only tabs and buttons the admin shows", () => {
    const line = BANK_BANNER("http://localhost:9000/app")
    const named = [...line.matchAll(/([A-Z]\w*(?: [a-z]+)*) → ([A-Z]\w*(?: [a-z]+)*)/g)].flatMap((m) => [m[1], m[2]])
    expect(named.map((n) => n.trim())).toEqual(["Bank", "Connect", "Reconciliation", "Run now"])
    const shown = texts(en)
    for (const name of named) expect([name.trim(), shown.includes(name.trim())]).toEqual([name.trim(), true])
    expect(line).not.toMatch(/Book sandbox payouts/)
  })
})
