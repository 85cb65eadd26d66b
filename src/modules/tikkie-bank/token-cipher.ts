import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto"

/**
 * AES-256-GCM for the bank's OAuth tokens at rest. Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url),
 * a fresh 12-byte IV per value. The token's purpose ("access_token", "refresh_token") and the connection
 * id are the additional authenticated data, so a value copied into another column or row does not
 * decrypt. Errors never contain the token or the key.
 */
export class TokenCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error("the token encryption key must be 32 bytes")
  }

  seal(plain: string, aad: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv("aes-256-gcm", this.key, iv)
    cipher.setAAD(Buffer.from(aad, "utf8"))
    const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
    return ["v1", iv, cipher.getAuthTag(), data].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".")
  }

  open(sealed: string, aad: string): string {
    const [v, iv, tag, data] = sealed.split(".")
    if (v !== "v1" || !iv || !tag || data === undefined) throw new Error("stored bank token has an unknown format")
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"))
      decipher.setAAD(Buffer.from(aad, "utf8"))
      decipher.setAuthTag(Buffer.from(tag, "base64url"))
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8")
    } catch {
      // Wrong key (rotated?) or tampered value; the reason from OpenSSL says nothing more useful.
      throw new Error("stored bank token cannot be decrypted with the configured tokenEncryptionKey")
    }
  }
}
