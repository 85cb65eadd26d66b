import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"

/**
 * The TIKKIE_BANK_* env that turns on the bank account feature (medusa-config.ts, tikkie-bank module)
 * against the demo's sandbox:
 *
 * - no client certificate: the demo's sandbox is plain HTTP and its token endpoint then asks for none;
 *   the module accepts leaving certificate and key out only for a plain-HTTP authUrl (options.ts). The
 *   integration tests cover the mutual-TLS path with throwaway certificates;
 * - the sandbox's OAuth client id TPP_test and the demo's API key;
 * - a token encryption key made once and kept in the data directory (0600), so tokens sealed in one run
 *   still open in the next (the sandbox forgets its consents on restart, so after a restart the
 *   connection asks for consent again anyway);
 * - the sandbox payout action (TIKKIE_BANK_SANDBOX_PAYOUTS=1): the admin's "Book sandbox payouts".
 */
export function demoBankEnv(input: { dataDir: string; sandboxUrl: string; storeUrl: string; apiKey: string }): Record<string, string> {
  const keyPath = path.join(input.dataDir, "bank-token-key")
  let key = fs.existsSync(keyPath) ? fs.readFileSync(keyPath, "utf8").trim() : ""
  if (!key) {
    key = crypto.randomBytes(32).toString("base64")
    fs.writeFileSync(keyPath, key, { mode: 0o600 })
  }
  return {
    TIKKIE_BANK_CLIENT_ID: "TPP_test",
    TIKKIE_BANK_API_KEY: input.apiKey,
    TIKKIE_BANK_AUTH_URL: input.sandboxUrl,
    TIKKIE_BANK_BASE_URL: input.sandboxUrl,
    TIKKIE_BANK_STORE_URL: input.storeUrl,
    TIKKIE_BANK_TOKEN_ENCRYPTION_KEY: key,
    TIKKIE_BANK_SANDBOX_PAYOUTS: "1",
  }
}
