import { readFileSync } from "node:fs"
import path from "node:path"
import { randomBytes } from "node:crypto"
import { parseTikkieBankOptions } from "../../src/modules/tikkie-bank/options"

/**
 * docs/token-encryption.md's key-rotation snippet, run as written: the object it gives as `options`,
 * evaluated with the environment a shop has before, during and after a rotation, must be options the
 * module starts with. The old snippet gave `[undefined]` once the old key's variable was removed, and
 * the store then refused to start.
 */
const DOC = path.resolve(__dirname, "..", "..", "docs", "token-encryption.md")

function snippetOptions(env: Record<string, string | undefined>): Record<string, unknown> {
  const doc = readFileSync(DOC, "utf8")
  const block = /```ts\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf("## Rotating the key")))![1]
  // `options: { … }` as it stands in a medusa-config.ts: plain JavaScript, read as an object literal.
  const literal = block.trim().replace(/^options:\s*/, "")
  return new Function("process", `return (${literal})`)({ env }) as Record<string, unknown>
}

describe("the key-rotation snippet of docs/token-encryption.md", () => {
  const base = {
    apiKey: "key-123",
    clientId: "TPP_test",
    authUrl: "http://127.0.0.1:4010",
    baseUrl: "http://127.0.0.1:4010",
    storeUrl: "http://localhost:9000",
  }
  const key = () => randomBytes(32).toString("base64")

  it("starts with no old key set, with one, and with two (comma-separated)", () => {
    const now = key()
    const [old1, old2] = [key(), randomBytes(32).toString("hex")]
    for (const [previous, count] of [
      [undefined, 0],
      ["", 0],
      [old1, 1],
      [`${old1}, ${old2},`, 2],
    ] as const) {
      const options = parseTikkieBankOptions({
        ...base,
        ...snippetOptions({
          TIKKIE_BANK_TOKEN_ENCRYPTION_KEY: now,
          TIKKIE_BANK_PREVIOUS_TOKEN_ENCRYPTION_KEYS: previous,
        }),
      })!
      expect({ previous, keys: options.previousTokenEncryptionKeys.length }).toEqual({ previous, keys: count })
    }
  })

  it("still refuses a wrong old key, naming the option and not the value", () => {
    const wrong = "not-a-key-at-all"
    const start = () =>
      parseTikkieBankOptions({
        ...base,
        ...snippetOptions({
          TIKKIE_BANK_TOKEN_ENCRYPTION_KEY: key(),
          TIKKIE_BANK_PREVIOUS_TOKEN_ENCRYPTION_KEYS: wrong,
        }),
      })
    expect(start).toThrow(/previousTokenEncryptionKeys must each be 32 bytes/)
    expect(start).not.toThrow(new RegExp(wrong))
  })
})
