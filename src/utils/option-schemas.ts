import { z } from "zod"

/** Option schema parts; messages name the option, never its value (a credential is never printed). */
export const requiredText = (name: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .trim()
    .min(1, `${name} must not be empty`)

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

export const sandboxOption = () => z.boolean({ error: "sandbox must be true or false" }).default(false)

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** In production, refuses http:// and this machine's service URLs unless `sandbox: true` (a sandbox takes no money). */
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
