import { z } from "zod"

/**
 * The plugin's numeric environment variables (docs/production.md). Unset or empty: the default; anything
 * else a whole number in range, or the store refuses to start naming it (check-production-shape.ts).
 */
const ENV_SETTINGS = {
  TIKKIE_READ_INTERVAL_MS: { min: 500, max: 5_000, fallback: 5_000 },
  TIKKIE_POLL_BATCH: { min: 1, max: 10_000, fallback: 500 },
  TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND: { min: 1, max: 1_000_000, fallback: 20 },
  // Tikkie allows 250 a second; the plugin keeps 50 for the provider's own last-line limiter.
  TIKKIE_GET_ORDER_RATE_LIMIT: { min: 1, max: 200, fallback: 200 },
} as const

export type EnvSettingName = keyof typeof ENV_SETTINGS

function schemaFor(name: EnvSettingName) {
  const { min, max } = ENV_SETTINGS[name]
  const rule = `${name} must be a whole number from ${min} to ${max}`
  return z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, rule)
    .transform(Number)
    .pipe(z.number().min(min, rule).max(max, rule))
}

// Built once: the idle-answer brake reads its variable on every forged webhook.
const SCHEMAS = new Map((Object.keys(ENV_SETTINGS) as EnvSettingName[]).map((name) => [name, schemaFor(name)]))

function parseSetting(name: EnvSettingName, raw: string | undefined) {
  if (raw === undefined || raw.trim() === "") return { success: true as const, data: ENV_SETTINGS[name].fallback }
  return SCHEMAS.get(name)!.safeParse(raw)
}

/** The variable's value, or its default when unset or empty; throws naming it when it is out of its range. */
export function envSetting(name: EnvSettingName, env: NodeJS.ProcessEnv = process.env): number {
  const parsed = parseSetting(name, env[name])
  if (parsed.success) return parsed.data
  throw new Error(problemOf(name, env[name], parsed.error))
}

/** One message per variable that is set and out of its range (empty when all are fine). */
export function envSettingProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  return (Object.keys(ENV_SETTINGS) as EnvSettingName[]).flatMap((name) => {
    const parsed = parseSetting(name, env[name])
    return parsed.success ? [] : [problemOf(name, env[name], parsed.error)]
  })
}

function problemOf(name: EnvSettingName, raw: string | undefined, error: z.ZodError): string {
  const shown = String(raw).slice(0, 20)
  return `${error.issues[0]?.message ?? name}, got "${shown}"${String(raw).length > 20 ? "…" : ""}`
}
