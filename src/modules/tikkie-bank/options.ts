import { readFileSync } from "node:fs"
import { z } from "zod"
import { httpUrl, refuseSandboxInProduction, requiredText as text, sandboxOption } from "../../utils/option-schemas"

export const CALLBACK_PATH = "/hooks/tikkie/bank/callback"

const pem = (name: string, label: RegExp) =>
  z
    .string({ error: `${name} must be PEM text` })
    .refine((v) => label.test(v), `${name} must be PEM text (-----BEGIN ...-----)`)

export function decodeEncryptionKey(value: string): Buffer | undefined {
  const v = value.trim()
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, "hex")
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const b = Buffer.from(v.replace(/-/g, "+").replace(/_/g, "/"), "base64")
    if (b.length === 32) return b
  }
  return undefined
}

function isPlainHttpWithoutTls(o: {
  authUrl: string
  clientCertificate?: string
  clientCertificateFile?: string
  clientKey?: string
  clientKeyFile?: string
}): boolean {
  const none = [o.clientCertificate, o.clientCertificateFile, o.clientKey, o.clientKeyFile].every(
    (v) => v === undefined
  )
  return none && o.authUrl.startsWith("http://")
}

const OptionsSchema = z
  .strictObject({
    apiKey: text("apiKey"),
    clientId: text("clientId"),
    authUrl: httpUrl("authUrl"),
    baseUrl: httpUrl("baseUrl"),
    storeUrl: httpUrl("storeUrl"),
    clientCertificate: pem("clientCertificate", /-----BEGIN CERTIFICATE-----/).optional(),
    clientCertificateFile: text("clientCertificateFile").optional(),
    clientKey: pem("clientKey", /-----BEGIN [A-Z ]*PRIVATE KEY-----/).optional(),
    clientKeyFile: text("clientKeyFile").optional(),
    ca: pem("ca", /-----BEGIN CERTIFICATE-----/).optional(),
    caFile: text("caFile").optional(),
    tokenEncryptionKey: z
      .string({ error: "tokenEncryptionKey must be a string" })
      .optional()
      .refine(
        (v) => v === undefined || v.trim() === "" || decodeEncryptionKey(v) !== undefined,
        "tokenEncryptionKey must be 32 bytes written as base64 (44 characters) or hex (64 characters)"
      ),
    /** Older keys still open tokens they sealed (docs/token-encryption.md). */
    previousTokenEncryptionKeys: z
      .array(
        z
          .string({ error: "previousTokenEncryptionKeys must be a list of keys" })
          .refine(
            (v) => decodeEncryptionKey(v) !== undefined,
            "previousTokenEncryptionKeys must each be 32 bytes written as base64 (44 characters) or hex (64 characters)"
          ),
        { error: "previousTokenEncryptionKeys must be a list of keys" }
      )
      .optional(),
    overdueAfterBankDays: z
      .int({ error: "overdueAfterBankDays must be a whole number" })
      .min(1, "overdueAfterBankDays must be at least 1")
      .max(30, "overdueAfterBankDays must be at most 30")
      .default(3),
    amountMatchWindowBankDays: z
      .int({ error: "amountMatchWindowBankDays must be a whole number" })
      .min(0, "amountMatchWindowBankDays must be at least 0")
      .max(30, "amountMatchWindowBankDays must be at most 30")
      .default(5),
    /** The service allows at most 18 months. */
    historyMonths: z
      .int({ error: "historyMonths must be a whole number" })
      .min(1, "historyMonths must be at least 1")
      .max(18, "historyMonths must be at most 18 (the service's limit)")
      .default(18),
    connectTimeoutMs: z.int().min(1).max(60_000).optional(),
    requestTimeoutMs: z.int().min(1).max(120_000).optional(),
    /** A production start then accepts http:// and local URLs. */
    sandbox: sandboxOption(),
  })
  .superRefine((o, ctx) =>
    refuseSandboxInProduction(o, ["authUrl", "baseUrl", "storeUrl"], ["authUrl", "baseUrl"], ctx)
  )
  // Over plain HTTP (a local sandbox) a client certificate would never be presented.
  .refine(
    (o) => (o.clientCertificate === undefined) !== (o.clientCertificateFile === undefined) || isPlainHttpWithoutTls(o),
    {
      message: "give exactly one of clientCertificate and clientCertificateFile (the token endpoint needs mutual TLS)",
    }
  )
  .refine((o) => (o.clientKey === undefined) !== (o.clientKeyFile === undefined) || isPlainHttpWithoutTls(o), {
    message: "give exactly one of clientKey and clientKeyFile (the token endpoint needs mutual TLS)",
  })
  .refine((o) => o.ca === undefined || o.caFile === undefined, { message: "give at most one of ca and caFile" })

/** For the test that holds the option table in docs/ to it. */
export const TikkieBankOptionsSchema = OptionsSchema
export type TikkieBankOptions = z.input<typeof OptionsSchema>

/** The tikkie module ignores these keys (they may share the plugin's options). */
export const TIKKIE_BANK_OPTION_KEYS: readonly string[] = Object.keys(OptionsSchema.shape)

export interface ResolvedTikkieBankOptions {
  apiKey: string
  clientId: string
  authUrl: string
  baseUrl: string
  storeUrl: string
  callbackUrl: string
  tls?: { cert: string; key: string; ca?: string }
  /** No key: no token is ever stored. */
  tokenEncryptionKey?: Buffer
  previousTokenEncryptionKeys: Buffer[]
  overdueAfterBankDays: number
  amountMatchWindowBankDays: number
  historyMonths: number
  connectTimeoutMs?: number
  requestTimeoutMs?: number
}

function readPemFile(name: string, path: string): string {
  try {
    return readFileSync(path, "utf8")
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? "unreadable"
    throw new Error(`medusa-plugin-tikkie bank options are invalid: ${name} cannot be read (${why})`)
  }
}

const FRAMEWORK_KEYS = new Set(["database", "singleInstance", "expressShippingOptions"])

/** An empty string counts as not given, so `process.env.X` may be passed as is. */
export function parseTikkieBankOptions(raw: unknown): ResolvedTikkieBankOptions | undefined {
  const given = Object.fromEntries(
    Object.entries((raw ?? {}) as Record<string, unknown>).filter(
      ([k, v]) => v !== undefined && v !== "" && !FRAMEWORK_KEYS.has(k)
    )
  )
  if (Object.keys(given).length === 0) return undefined
  const parsed = OptionsSchema.safeParse(given)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) =>
      i.code === "unrecognized_keys" ? `unknown option ${(i as { keys: string[] }).keys.join(", ")}` : i.message
    )
    throw new Error(`medusa-plugin-tikkie bank options are invalid: ${problems.join("; ")}`)
  }
  const o = parsed.data
  const ca = o.ca ?? (o.caFile ? readPemFile("caFile", o.caFile) : undefined)
  let tls: ResolvedTikkieBankOptions["tls"]
  if (!isPlainHttpWithoutTls(o)) {
    const cert = o.clientCertificate ?? readPemFile("clientCertificateFile", o.clientCertificateFile!)
    const key = o.clientKey ?? readPemFile("clientKeyFile", o.clientKeyFile!)
    if (!/-----BEGIN CERTIFICATE-----/.test(cert)) {
      throw new Error("medusa-plugin-tikkie bank options are invalid: clientCertificateFile holds no PEM certificate")
    }
    if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key)) {
      throw new Error("medusa-plugin-tikkie bank options are invalid: clientKeyFile holds no PEM private key")
    }
    tls = { cert, key, ca }
  }
  return {
    apiKey: o.apiKey,
    clientId: o.clientId,
    authUrl: o.authUrl,
    baseUrl: o.baseUrl,
    storeUrl: o.storeUrl,
    callbackUrl: `${o.storeUrl}${CALLBACK_PATH}`,
    tls,
    tokenEncryptionKey: o.tokenEncryptionKey?.trim() ? decodeEncryptionKey(o.tokenEncryptionKey) : undefined,
    previousTokenEncryptionKeys: (o.previousTokenEncryptionKeys ?? []).map((k) => decodeEncryptionKey(k)!),
    overdueAfterBankDays: o.overdueAfterBankDays,
    amountMatchWindowBankDays: o.amountMatchWindowBankDays,
    historyMonths: o.historyMonths,
    connectTimeoutMs: o.connectTimeoutMs,
    requestTimeoutMs: o.requestTimeoutMs,
  }
}
