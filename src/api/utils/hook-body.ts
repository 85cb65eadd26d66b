import { z } from "zod"

/**
 * Edge validation of the bodies Tikkie POSTs to the plugin's /hooks routes (webhooks, notifications).
 * Anyone can POST there, so every field is bounded in length and character set before anything reads
 * the database or the event bus.
 *
 * Why custom issues for every field instead of z.string().max(...).regex(...): Medusa's
 * validateAndTransformBody rewrites zod's built-in issues into messages of its own, and several of them
 * quote the value received ("Expected: 'NEW, PAID…' for field 'status', but got: '<value>'", "Expected
 * type: … got: '<value>'"); its error handler then logs that message. A caller's 90,000-character token
 * would go into the answer and the log whole. A custom issue keeps the plugin's own message, which names
 * the rule and never the value.
 *
 * Why a pipe and not a plain object schema: Medusa's validator calls `.strict()` on any schema that has
 * it, which would refuse fields Tikkie adds to a webhook in the future (and Tikkie retries a 400). Extra
 * fields are ignored; the known ones are checked.
 */
export interface TokenFormat {
  /** Longest accepted value. */
  max: number
  /** The characters accepted, as one character class (anchored and repeated here). */
  chars: RegExp
  /** How the rule reads in an error message: "letters, digits, - . _ or ~". */
  says: string
}

/** A required token: 1 to `format.max` characters of `format.chars`. */
export function tokenField(label: string, name: string, format: TokenFormat) {
  const whole = new RegExp(`^${format.chars.source}{1,${format.max}}$`)
  return z.unknown().transform((value, ctx): string => {
    if (typeof value === "string" && whole.test(value)) return value
    ctx.addIssue({
      code: "custom",
      message:
        value === undefined
          ? `${label}: ${name} is missing`
          : `${label}: ${name} must be 1-${format.max} ${format.says}`,
    })
    return z.NEVER
  })
}

/** A token that may be absent; when present it follows `format`. */
export function optionalTokenField(label: string, name: string, format: TokenFormat) {
  const field = tokenField(label, name, format)
  return z.unknown().transform((value, ctx): string | undefined => {
    if (value === undefined) return undefined
    const parsed = field.safeParse(value)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message })
    return z.NEVER
  })
}

/** One of a few words (a status, a notification type). */
export function oneOfField<const T extends readonly string[]>(label: string, name: string, values: T) {
  return z.unknown().transform((value, ctx): T[number] => {
    if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as T[number]
    ctx.addIssue({
      code: "custom",
      message:
        value === undefined ? `${label}: ${name} is missing` : `${label}: ${name} must be one of ${values.join(", ")}`,
    })
    return z.NEVER
  })
}

/** A JSON object body with these fields checked and any others ignored (see above for why a pipe). */
export function hookBody<T extends z.ZodRawShape>(label: string, shape: T) {
  return z
    .custom<Record<string, unknown>>((v) => typeof v === "object" && v !== null && !Array.isArray(v), {
      message: `${label}: the body must be a JSON object`,
    })
    .pipe(z.looseObject(shape))
}
