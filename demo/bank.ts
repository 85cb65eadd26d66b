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
 *
 * Tikkie's payouts come from the sandbox itself (`startDemoPayouts`).
 */
export function demoBankEnv(input: {
  dataDir: string
  sandboxUrl: string
  storeUrl: string
  apiKey: string
}): Record<string, string> {
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
  }
}

/**
 * Tikkie pays out, as it does for a real shop: every `everyMs` the sandbox books the payout of every
 * payment it took and has not paid out yet, on the account the store connected (read from the store's
 * database), with its control `POST /_sandbox/accounts/:accountNumber/payouts`. The store's
 * reconciliation (its job, or "Run now" in the admin) then matches them. Answers a stop function.
 */
export function startDemoPayouts(input: {
  sandboxUrl: string
  databaseUrl: string
  everyMs?: number
  log: (line: string) => void
}): () => Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client } = require("pg") as typeof import("pg")
  let running: Promise<void> | undefined
  let warned = false
  const payOut = async () => {
    const db = new Client({ connectionString: input.databaseUrl })
    try {
      await db.connect()
      const { rows } = await db.query<{ account_number: string }>(
        "select distinct account_number from tikkie_bank_connection where deleted_at is null"
      )
      for (const { account_number } of rows) {
        const res = await fetch(`${input.sandboxUrl}/_sandbox/accounts/${encodeURIComponent(account_number)}/payouts`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        })
        const { payouts } = (await res.json()) as { payouts?: unknown[] }
        if (payouts?.length) input.log(`the sandbox paid out ${payouts.length} payment(s) to ${account_number}`)
      }
    } catch (e) {
      // Before the migrations or while stopping: say it once, try again next time.
      if (!warned) input.log(`sandbox payouts: ${e instanceof Error ? e.message : String(e)}`)
      warned = true
    } finally {
      await db.end().catch(() => {})
    }
  }
  const timer = setInterval(() => {
    running ??= payOut().finally(() => (running = undefined))
  }, input.everyMs ?? 30_000)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
