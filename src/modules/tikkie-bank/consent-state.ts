import { createHash, randomBytes } from "node:crypto"

/** How long an admin has to go through the bank's consent page (the sandbox's form lasts as long). */
export const CONSENT_STATE_TTL_MS = 15 * 60_000

/** 256 random bits; only its hash is stored. */
export function newConsentState(): { state: string; hash: string } {
  const state = randomBytes(32).toString("base64url")
  return { state, hash: hashConsentState(state) }
}

export function hashConsentState(state: string): string {
  return createHash("sha256").update(state, "utf8").digest("hex")
}
