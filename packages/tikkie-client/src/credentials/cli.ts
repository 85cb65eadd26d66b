import { z } from "zod"
import { TikkieError } from "../core/errors"
import { redact } from "../core/redact"
import { FastCheckoutClient } from "../fast-checkout"
import { PaymentRequestsClient } from "../payment-requests/v2"

/**
 * `tikkie-credentials --base-url URL --api-key KEY [--product pay|tikkie]`: creates a payment requests
 * v2 sandbox app token and a Fast Checkout sandbox merchant against a Tikkie sandbox (ABN AMRO's or
 * this package's `tikkie-sandbox`) and prints them as `.env` lines for the store:
 *
 * ```
 * TIKKIE_BASE_URL=…
 * TIKKIE_PRODUCT=pay
 * TIKKIE_API_KEY=…
 * TIKKIE_APP_TOKEN=…
 * TIKKIE_MERCHANT_TOKEN=…
 * ```
 *
 * The API key may come from `TIKKIE_API_KEY` instead of `--api-key`, to keep it out of shell history.
 * The lines go to stdout (so `>> .env` works); messages and errors go to stderr and never contain the
 * API key. Exit status: 0 done, 1 the sandbox refused or could not be reached, 2 wrong arguments.
 */
const ArgsSchema = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/, error: "--base-url must be an absolute http(s) URL" }),
  apiKey: z
    .string({ error: "--api-key is required (or set TIKKIE_API_KEY)" })
    .trim()
    .min(1, "--api-key must not be empty"),
  product: z.enum(["pay", "tikkie"], { error: '--product must be "pay" or "tikkie"' }).default("pay"),
})

const USAGE = "usage: tikkie-credentials --base-url URL --api-key KEY [--product pay|tikkie]\n"

export interface CliIo {
  out: (s: string) => void
  err: (s: string) => void
  env: Record<string, string | undefined>
}

const defaultIo: CliIo = {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  env: process.env,
}

function parseArgs(argv: string[]): Record<string, string> | "help" {
  const names: Record<string, string> = { "--base-url": "baseUrl", "--api-key": "apiKey", "--product": "product" }
  const out: Record<string, string> = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === "--help" || arg === "-h") return "help"
    const [flag, inline] = arg.split(/=(.*)/s, 2)
    const name = names[flag]
    if (!name) throw new Error(`unknown argument ${flag.slice(0, 40)}`)
    const value = inline ?? argv[++i]
    if (value === undefined) throw new Error(`${flag} needs a value`)
    out[name] = value
  }
  return out
}

/** Runs the command; answers the exit status. */
export async function main(argv: string[] = process.argv.slice(2), io: CliIo = defaultIo): Promise<number> {
  let raw: Record<string, string> | "help"
  try {
    raw = parseArgs(argv)
  } catch (e) {
    io.err(`tikkie-credentials: ${(e as Error).message}\n${USAGE}`)
    return 2
  }
  if (raw === "help") {
    io.out(USAGE)
    return 0
  }
  const parsed = ArgsSchema.safeParse({ ...raw, apiKey: raw.apiKey ?? io.env.TIKKIE_API_KEY })
  if (!parsed.success) {
    io.err(`tikkie-credentials: ${parsed.error.issues.map((i) => i.message).join("; ")}\n${USAGE}`)
    return 2
  }
  const { baseUrl, apiKey, product } = parsed.data
  const base = baseUrl.replace(/\/+$/, "")
  const apps = new PaymentRequestsClient({ apiKey, baseUrl: base, product })
  const merchants = new FastCheckoutClient({ apiKey, baseUrl: base, product })
  try {
    const { appToken } = await apps.createSandboxApp()
    const { merchantToken } = await merchants.createSandboxMerchant()
    io.out(
      [
        `TIKKIE_BASE_URL=${base}`,
        `TIKKIE_PRODUCT=${product}`,
        `TIKKIE_API_KEY=${apiKey}`,
        `TIKKIE_APP_TOKEN=${appToken}`,
        `TIKKIE_MERCHANT_TOKEN=${merchantToken}`,
        "",
      ].join("\n")
    )
    io.err("tikkie-credentials: created a sandbox app token and a Fast Checkout sandbox merchant\n")
    return 0
  } catch (e) {
    const reason = e instanceof TikkieError ? `${e.operation}: ${e.reason}` : ((e as Error)?.message ?? String(e))
    io.err(`tikkie-credentials: ${redact(reason, [apiKey])}\n`)
    return 1
  } finally {
    await apps.close()
    await merchants.close()
  }
}
