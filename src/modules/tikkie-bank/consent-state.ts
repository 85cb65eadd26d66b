import { createHash, randomBytes } from "node:crypto"

/** How long an admin has to go through the bank's consent page (the sandbox's form lasts as long). */
export const CONSENT_STATE_TTL_MS = 15 * 60_000

/**
 * 256 random bits; only its hash is stored. The admin's language ("nl", "en") rides along as a suffix
 * (".nl"), so the callback page can speak it: the bank's redirect back is a cross-site navigation, which
 * carries none of the admin's cookies. The hash covers the suffix: a changed one is an unknown state.
 */
export function newConsentState(language?: ConsentLanguage): { state: string; hash: string } {
  const state = randomBytes(32).toString("base64url") + (language ? `.${language}` : "")
  return { state, hash: hashConsentState(state) }
}

export type ConsentLanguage = "nl" | "en"

/** The language the admin started the consent in, from the state's suffix. */
export function consentStateLanguage(state: string | undefined): ConsentLanguage | undefined {
  return (/\.(nl|en)$/.exec(state ?? "")?.[1] as ConsentLanguage | undefined) ?? undefined
}

export function hashConsentState(state: string): string {
  return createHash("sha256").update(state, "utf8").digest("hex")
}
