import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"

/** What a sealed token is bound to: its table, its row's id and its column. */
export interface TokenBinding {
  table: "tikkie_bank_connection" | "tikkie_pay_grant"
  row: string
  purpose: "access_token" | "refresh_token"
}

/** A stored token that cannot be opened (key gone, copied, altered): an admin connects again. */
export class TokenUnreadableError extends Error {
  constructor(reason: string) {
    super(`stored bank token cannot be opened: ${reason}`)
    this.name = "TokenUnreadableError"
  }
}

/** Set explicitly: a shortened tag is refused, not checked on fewer bits. */
const TAG_LENGTH = 16

/**
 * AES-256-GCM for OAuth tokens at rest, bound to key id, table, row and column; previous keys and the first
 * format still open (docs/token-encryption.md). Errors never contain the token or a key.
 */
export class TokenCipher {
  private readonly keys: Map<string, Buffer>
  readonly keyId: string

  constructor(
    private readonly key: Buffer,
    previousKeys: Buffer[] = []
  ) {
    for (const k of [key, ...previousKeys])
      if (k.length !== 32) throw new Error("the token encryption key must be 32 bytes")
    this.keyId = keyIdOf(key)
    this.keys = new Map([...previousKeys.map((k) => [keyIdOf(k), k] as const), [this.keyId, key] as const])
  }

  seal(plain: string, binding: TokenBinding): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv("aes-256-gcm", this.key, iv, { authTagLength: TAG_LENGTH })
    cipher.setAAD(aadOf(this.keyId, binding))
    const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
    return ["v2", this.keyId, ...[iv, cipher.getAuthTag(), data].map((p) => p.toString("base64url"))].join(".")
  }

  /** Whether a value was sealed by another key or the first format: the next refresh seals it anew. */
  sealedByOldKey(sealed: string): boolean {
    return !sealed.startsWith(`v2.${this.keyId}.`)
  }

  open(sealed: string, binding: TokenBinding, legacyAad?: string): string {
    const parts = sealed.split(".")
    if (parts[0] === "v2" && parts.length === 5) {
      const [, keyId, iv, tag, data] = parts
      const key = this.keys.get(keyId)
      if (!key) throw new TokenUnreadableError(`it was sealed with a key that is not configured (key id ${keyId})`)
      const plain = decrypt(key, iv, tag, data, aadOf(keyId, binding))
      if (plain === undefined)
        throw new TokenUnreadableError("it does not belong to this row and column, or was altered")
      return plain
    }
    if (parts[0] === "v1" && parts.length === 4 && legacyAad !== undefined) {
      const [, iv, tag, data] = parts
      for (const key of this.keys.values()) {
        const plain = decrypt(key, iv, tag, data, Buffer.from(legacyAad, "utf8"))
        if (plain !== undefined) return plain
      }
      throw new TokenUnreadableError(
        "none of the configured keys opens it (sealed in the first format, before key ids)"
      )
    }
    throw new TokenUnreadableError("it has an unknown format")
  }
}

function keyIdOf(key: Buffer): string {
  return createHash("sha256").update("tikkie-token-key-id:").update(key).digest("base64url").slice(0, 8)
}

function aadOf(keyId: string, b: TokenBinding): Buffer {
  return Buffer.from(`tikkie-token:v2:${keyId}:${b.table}:${b.row}:${b.purpose}`, "utf8")
}

function decrypt(key: Buffer, iv: string, tag: string, data: string, aad: Buffer): string | undefined {
  try {
    const tagBytes = Buffer.from(tag, "base64url")
    if (tagBytes.length !== TAG_LENGTH) return undefined
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), { authTagLength: TAG_LENGTH })
    decipher.setAAD(aad)
    decipher.setAuthTag(tagBytes)
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8")
  } catch {
    // Wrong key or binding, or an altered value; OpenSSL's reason says nothing more useful.
    return undefined
  }
}
