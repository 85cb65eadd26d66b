import { z } from "zod"

/**
 * Edge validation of what Tikkie POSTs to /hooks: every field bounded before anything reads the database.
 * Custom issues because Medusa's messages quote the value (and get logged); a pipe because Medusa calls
 * `.strict()` on an object schema, which would refuse fields Tikkie adds later.
 */
export interface TokenFormat {
  max: number
  /** One character class, anchored and repeated here. */
  chars: RegExp
  says: string
}

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

/** Other fields are ignored (see above for why a pipe). */
export function hookBody<T extends z.ZodRawShape>(label: string, shape: T) {
  return z
    .custom<Record<string, unknown>>((v) => typeof v === "object" && v !== null && !Array.isArray(v), {
      message: `${label}: the body must be a JSON object`,
    })
    .pipe(z.looseObject(shape))
}
