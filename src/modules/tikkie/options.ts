import { z } from "zod"
import { TIKKIE_BANK_OPTION_KEYS } from "../tikkie-bank/options"

// The plugin's options (docs/production.md); tikkie-bank gets them too, each refuses keys neither knows.
const OptionsSchema = z.strictObject({
  // One Medusa process only: in-memory locks on replicas could settle one payment twice (production-shape.ts).
  singleInstance: z.boolean({ error: "singleInstance must be true or false" }).default(false),
  // Shipping option ids or type codes the express checkout prefers, in order; else the cheapest offered.
  expressShippingOptions: z
    .array(
      z.string({ error: "expressShippingOptions must hold strings" }).regex(/^[A-Za-z0-9_-]{1,100}$/, {
        error: "expressShippingOptions holds shipping option ids or type codes (letters, digits, _ and -)",
      }),
      { error: "expressShippingOptions must be a list" }
    )
    .max(20, "expressShippingOptions holds at most 20 entries")
    .optional(),
})

export const TikkieModuleOptionsSchema = OptionsSchema
export type TikkieModuleOptions = z.input<typeof OptionsSchema>
export type ResolvedTikkieModuleOptions = z.output<typeof OptionsSchema>

const FRAMEWORK_KEYS = new Set(["database"])

/** Throws naming every wrong option, never its value (nor Medusa's own `database` key). */
export function parseTikkieModuleOptions(raw: unknown): ResolvedTikkieModuleOptions {
  const ignored = new Set<string>([...FRAMEWORK_KEYS, ...TIKKIE_BANK_OPTION_KEYS])
  const given = Object.fromEntries(
    Object.entries((raw ?? {}) as Record<string, unknown>).filter(([k, v]) => v !== undefined && !ignored.has(k))
  )
  const parsed = OptionsSchema.safeParse(given)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) =>
      i.code === "unrecognized_keys" ? `unknown option ${(i as { keys: string[] }).keys.join(", ")}` : i.message
    )
    throw new Error(`medusa-plugin-tikkie options are invalid: ${problems.join("; ")}`)
  }
  return parsed.data
}
