import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createCipheriv, randomBytes } from "node:crypto"
import { parseTikkieBankOptions } from "../../src/modules/tikkie-bank/options"
import { TokenCipher, TokenUnreadableError, type TokenBinding } from "../../src/modules/tikkie-bank/token-cipher"
import { requireTokenCipher } from "../../src/modules/tikkie-bank/bank-session"
import { makeTestCertificates } from "../../packages/tikkie-client/test/helpers/certificates"

const certs = makeTestCertificates("tikkie-bank-options")
const base = {
  apiKey: "key-123",
  clientId: "TPP_test",
  authUrl: "https://auth.example",
  baseUrl: "https://api.example/",
  storeUrl: "https://shop.example/",
  clientCertificate: certs.clientCert,
  clientKey: certs.clientKey,
}

describe("tikkie-bank options", () => {
  it("an empty object (and Medusa's own database key) means the feature is off", () => {
    expect(parseTikkieBankOptions({})).toBeUndefined()
    expect(parseTikkieBankOptions({ database: { clientUrl: "x" }, apiKey: "" })).toBeUndefined()
  })

  it("resolves defaults and the callback URL", () => {
    const o = parseTikkieBankOptions({ ...base, tokenEncryptionKey: randomBytes(32).toString("hex") })!
    expect(o.callbackUrl).toBe("https://shop.example/hooks/tikkie/bank/callback")
    expect(o.baseUrl).toBe("https://api.example")
    expect({ overdue: o.overdueAfterBankDays, window: o.amountMatchWindowBankDays, months: o.historyMonths }).toEqual({
      overdue: 3,
      window: 5,
      months: 18,
    })
    expect(o.tokenEncryptionKey).toHaveLength(32)
  })

  it("reads certificate and key from files", () => {
    const dir = mkdtempSync(join(tmpdir(), "tikkie-bank-opt-"))
    try {
      writeFileSync(join(dir, "c.pem"), certs.clientCert)
      writeFileSync(join(dir, "k.pem"), certs.clientKey)
      writeFileSync(join(dir, "ca.pem"), certs.caCert)
      const { clientCertificate, clientKey, ...rest } = base
      void clientCertificate
      void clientKey
      const o = parseTikkieBankOptions({
        ...rest,
        clientCertificateFile: join(dir, "c.pem"),
        clientKeyFile: join(dir, "k.pem"),
        caFile: join(dir, "ca.pem"),
      })!
      expect(o.tls).toEqual({ cert: certs.clientCert, key: certs.clientKey, ca: certs.caCert })
      expect(() =>
        parseTikkieBankOptions({
          ...rest,
          clientCertificateFile: join(dir, "missing.pem"),
          clientKeyFile: join(dir, "k.pem"),
        })
      ).toThrow("clientCertificateFile cannot be read (ENOENT)")
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.each([
    [{ ...base, authUrl: "ftp://x" }, "authUrl must be an absolute http(s) URL"],
    [{ ...base, clientKey: undefined }, "give exactly one of clientKey and clientKeyFile"],
    [{ ...base, tokenEncryptionKey: "too-short" }, "tokenEncryptionKey must be 32 bytes"],
    [{ ...base, overdueAfterBankDays: 0 }, "overdueAfterBankDays must be at least 1"],
    [{ ...base, historyMonths: 24 }, "historyMonths must be at most 18"],
    [{ ...base, apiKey: undefined }, "apiKey is required"],
    [{ ...base, clientSecret: "s3cr3t-value" }, "unknown option clientSecret"],
  ])("refuses bad options with a message naming the option, never the value (%#)", (options, message) => {
    let thrown: Error | undefined
    try {
      parseTikkieBankOptions(options)
    } catch (e) {
      thrown = e as Error
    }
    expect(thrown?.message).toContain(message)
    expect(thrown?.message).not.toContain("s3cr3t-value")
    expect(thrown?.message).not.toContain(certs.clientKey.split("\n")[1])
  })

  it("a plain-HTTP authUrl (a local sandbox) may leave out certificate and key; an https one may not", () => {
    const { clientCertificate, clientKey, ...noTls } = base
    void clientCertificate
    void clientKey
    const local = parseTikkieBankOptions({
      ...noTls,
      authUrl: "http://127.0.0.1:4010",
      baseUrl: "http://127.0.0.1:4010",
    })!
    expect(local.tls).toBeUndefined()
    expect(local.authUrl).toBe("http://127.0.0.1:4010")
    expect(() => parseTikkieBankOptions(noTls)).toThrow(
      "give exactly one of clientCertificate and clientCertificateFile"
    )
    // Half a pair over plain HTTP is still a mistake, not "no TLS".
    expect(() =>
      parseTikkieBankOptions({ ...noTls, authUrl: "http://127.0.0.1:4010", clientKey: certs.clientKey })
    ).toThrow("give exactly one of clientCertificate and clientCertificateFile")
    // Given over plain HTTP, they are kept (a sandbox behind a TLS proxy may still want them).
    expect(parseTikkieBankOptions({ ...base, authUrl: "http://127.0.0.1:4010" })!.tls).toEqual({
      cert: certs.clientCert,
      key: certs.clientKey,
      ca: undefined,
    })
  })

  it("without a token encryption key the plugin refuses to store tokens and says why", () => {
    const o = parseTikkieBankOptions(base)!
    expect(o.tokenEncryptionKey).toBeUndefined()
    expect(() => requireTokenCipher(o)).toThrow(
      /tokenEncryptionKey is not set, and the plugin does not store bank tokens unencrypted/
    )
  })
})

describe("TokenCipher (AES-256-GCM)", () => {
  const key = randomBytes(32)
  const cipher = new TokenCipher(key)
  const access: TokenBinding = { table: "tikkie_bank_connection", row: "tkbcn_1", purpose: "access_token" }
  it("round-trips, with a fresh IV each time, and binds the value to its row and purpose", () => {
    const a = cipher.seal("token-value", access)
    const b = cipher.seal("token-value", access)
    expect(a).not.toBe(b)
    expect(a).not.toContain("token-value")
    expect(a.startsWith(`v2.${cipher.keyId}.`)).toBe(true)
    expect(cipher.open(a, access)).toBe("token-value")
    expect(() => cipher.open(a, { ...access, purpose: "refresh_token" })).toThrow(TokenUnreadableError)
    expect(() => cipher.open(a, { ...access, row: "tkbcn_2" })).toThrow("does not belong to this row and column")
    expect(() => cipher.open(a, { ...access, table: "tikkie_pay_grant" })).toThrow(TokenUnreadableError)
  })
  it("refuses a tampered value, a shortened tag or an unknown key without revealing anything", () => {
    const sealed = cipher.seal("token-value", access)
    const parts = sealed.split(".")
    const flipped = [...parts]
    flipped[4] = Buffer.from("x" + Buffer.from(parts[4], "base64url").toString("latin1").slice(1), "latin1").toString(
      "base64url"
    )
    expect(() => cipher.open(flipped.join("."), access)).toThrow(TokenUnreadableError)
    const shortTag = [...parts]
    shortTag[3] = Buffer.from(parts[3], "base64url").subarray(0, 4).toString("base64url")
    expect(() => cipher.open(shortTag.join("."), access)).toThrow(TokenUnreadableError)
    const other = new TokenCipher(randomBytes(32))
    const e = (() => {
      try {
        other.open(sealed, access)
      } catch (x) {
        return x as Error
      }
    })()!
    expect(e).toBeInstanceOf(TokenUnreadableError)
    expect(e.message).toBe(
      `stored bank token cannot be opened: it was sealed with a key that is not configured (key id ${cipher.keyId})`
    )
    expect(e.message).not.toContain(key.toString("base64"))
    expect(() => new TokenCipher(randomBytes(16))).toThrow("32 bytes")
    expect(() => new TokenCipher(randomBytes(32), [randomBytes(31)])).toThrow("32 bytes")
  })
  it("rotates keys: the new key seals, a previous key still opens what it sealed, a removed key no longer does", () => {
    const newKey = randomBytes(32)
    const rotated = new TokenCipher(newKey, [key])
    const old = cipher.seal("old-token", access)
    expect(rotated.open(old, access)).toBe("old-token")
    expect(rotated.sealedByOldKey(old)).toBe(true)
    const fresh = rotated.seal("new-token", access)
    expect(fresh.split(".")[1]).toBe(rotated.keyId)
    expect(rotated.keyId).not.toBe(cipher.keyId)
    expect(rotated.sealedByOldKey(fresh)).toBe(false)
    expect(() => new TokenCipher(newKey).open(old, access)).toThrow(/key that is not configured/)
  })
  it("still opens values of the first format (v1, no key id, bound to the column) under any configured key", () => {
    const iv = randomBytes(12)
    const c = createCipheriv("aes-256-gcm", key, iv)
    c.setAAD(Buffer.from("tikkie-bank:connection:access_token", "utf8"))
    const data = Buffer.concat([c.update("legacy-token", "utf8"), c.final()])
    const legacy = ["v1", iv, c.getAuthTag(), data]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".")
    expect(cipher.open(legacy, access, "tikkie-bank:connection:access_token")).toBe("legacy-token")
    expect(new TokenCipher(randomBytes(32), [key]).open(legacy, access, "tikkie-bank:connection:access_token")).toBe(
      "legacy-token"
    )
    expect(() => cipher.open(legacy, access, "tikkie-bank:connection:refresh_token")).toThrow(TokenUnreadableError)
    expect(() => cipher.open(legacy, access)).toThrow("unknown format")
    expect(cipher.sealedByOldKey(legacy)).toBe(true)
  })
  it("reads previous keys from the options, and refuses a malformed one naming the option", () => {
    const prev = randomBytes(32).toString("base64")
    expect(
      parseTikkieBankOptions({ ...base, previousTokenEncryptionKeys: [prev] })!.previousTokenEncryptionKeys
    ).toEqual([Buffer.from(prev, "base64")])
    expect(parseTikkieBankOptions(base)!.previousTokenEncryptionKeys).toEqual([])
    expect(() => parseTikkieBankOptions({ ...base, previousTokenEncryptionKeys: ["short"] })).toThrow(
      /previousTokenEncryptionKeys must each be 32 bytes/
    )
  })
})
