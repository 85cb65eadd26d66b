import { createHash, randomBytes } from "node:crypto"

export const CONSENT_STATE_TTL_MS = 15 * 60_000

/**
 * 256 random bits; only the hash is stored. The admin's language rides along as a suffix, hashed too:
 * the bank's cross-site redirect back carries none of the admin's cookies.
 */
export function newConsentState(language?: ConsentLanguage): { state: string; hash: string } {
  const state = randomBytes(32).toString("base64url") + (language ? `.${language}` : "")
  return { state, hash: hashConsentState(state) }
}

export type ConsentLanguage = "nl" | "en"

export function consentStateLanguage(state: string | undefined): ConsentLanguage | undefined {
  return (/\.(nl|en)$/.exec(state ?? "")?.[1] as ConsentLanguage | undefined) ?? undefined
}

export function hashConsentState(state: string): string {
  return createHash("sha256").update(state, "utf8").digest("hex")
}
