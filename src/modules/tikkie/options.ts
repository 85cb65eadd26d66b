import { z } from "zod"
import { TIKKIE_BANK_OPTION_KEYS } from "../tikkie-bank/options"

/**
 * Options of the `tikkie` module (the plugin's records). Medusa registers the plugin's modules with the
 * plugin's own options, so a shop writes them there:
 *
 * ```ts
 * plugins: [{ resolve: "medusa-plugin-tikkie", options: { singleInstance: true } }]
 * ```
 *
 * The same options reach the tikkie-bank module: each module ignores the other's keys, and refuses any
 * key neither knows (a misspelt option stops the start instead of being ignored).
 */
const OptionsSchema = z.strictObject({
  /**
   * The shop runs exactly one Medusa instance (`workerMode` shared, no replicas). Lets it start on
   * in-memory locking where the start-up check would otherwise refuse it (NODE_ENV=production, a Redis
   * event bus or workflow engine: modules/tikkie/production-shape.ts). Never set it on replicas or on a server/worker
   * split: two instances with in-memory locks could settle one payment twice at once.
   */
  singleInstance: z.boolean({ error: "singleInstance must be true or false" }).default(false),
  /**
   * The shipping options the express button (`/store/carts/:id/tikkie-express-checkout`) prefers, in
   * order: each a shipping option id (`so_…`) or a shipping option type code. The first one Medusa offers
   * for the cart is taken; none offered, or none given: the cheapest offered.
   */
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

/** The option schema, for the documentation test that holds the option tables to it. */
export const TikkieModuleOptionsSchema = OptionsSchema
export type TikkieModuleOptions = z.input<typeof OptionsSchema>
export type ResolvedTikkieModuleOptions = z.output<typeof OptionsSchema>

/** Keys Medusa adds to every module's options (the module's database connection). */
const FRAMEWORK_KEYS = new Set(["database"])

/** The resolved options; throws naming every wrong option, never its value. */
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
