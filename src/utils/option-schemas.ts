import { z } from "zod"

/**
 * Building blocks of the plugin's option schemas (providers and modules). Messages name the option,
 * never its value, so a wrong credential can be reported without being printed.
 */
export const requiredText = (name: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .trim()
    .min(1, `${name} must not be empty`)

/** An absolute http(s) URL, without trailing slashes (paths are appended to it). */
export const httpUrl = (name: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .refine((v) => {
      try {
        const u = new URL(v)
        return u.protocol === "http:" || u.protocol === "https:"
      } catch {
        return false
      }
    }, `${name} must be an absolute http(s) URL`)
    .transform((v) => v.replace(/\/+$/, ""))

/**
 * `sandbox: true` says in so many words that this store talks to a sandbox (the local one, or Tikkie's own
 * test environment over plain http), so a production start does not refuse it.
 */
export const sandboxOption = () => z.boolean({ error: "sandbox must be true or false" }).default(false)

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/**
 * At start-up in production (NODE_ENV=production) a store must talk to Tikkie over https and never to a
 * sandbox by mistake (a forgotten TIKKIE_BASE_URL takes payments that never reach the bank): a plain
 * http:// URL in any of `urlKeys`, or a service URL (`serviceKeys`) on this machine, where the sandbox
 * runs, is refused unless `sandbox: true`. The message names the option, never its value.
 */
export function refuseSandboxInProduction(
  o: { sandbox: boolean },
  urlKeys: readonly string[],
  serviceKeys: readonly string[],
  ctx: z.RefinementCtx
): void {
  if (process.env.NODE_ENV !== "production" || o.sandbox) return
  for (const key of urlKeys) {
    const value = (o as unknown as Record<string, unknown>)[key]
    if (typeof value !== "string") continue
    let url: URL
    try {
      url = new URL(value)
    } catch {
      continue
    }
    const why =
      url.protocol === "http:"
        ? "is a plain http:// URL"
        : serviceKeys.includes(key) && LOOPBACK_HOST.test(url.hostname)
          ? "points at this machine (a sandbox)"
          : undefined
    if (why) {
      ctx.addIssue({
        code: "custom",
        message: `${key} ${why} while NODE_ENV is production: use Tikkie's https address, or set sandbox: true if this store talks to a sandbox on purpose`,
      })
    }
  }
}
