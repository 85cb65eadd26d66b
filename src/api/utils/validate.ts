import {
  validateAndTransformBody,
  validateAndTransformQuery,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import type { BaseEntity, QueryConfig } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "@medusajs/framework/zod"

type Where = "body" | "query"
type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => Promise<void>

/**
 * Medusa's `validateAndTransformBody`, keeping the plugin's own refusal (see `keepOurMessage`).
 */
export function validateBody(schema: z.ZodType): Middleware {
  return keepOurMessage("body", schema, validateAndTransformBody(schema))
}

/**
 * Medusa's `validateAndTransformQuery` (so `req.validatedQuery`, `req.filterableFields` and
 * `req.listConfig` are Medusa's), keeping the plugin's own refusal (see `keepOurMessage`).
 */
export function validateQuery(schema: z.ZodType, queryConfig: QueryConfig<BaseEntity> = {}): Middleware {
  return keepOurMessage("query", schema, validateAndTransformQuery(schema, queryConfig))
}

/**
 * Medusa's `validateAndTransformQuery` for a page a browser lands on: a refusal is answered with the
 * HTML page `refusalPage` makes (400), not Medusa's JSON error, which a person at a browser cannot read.
 */
export function validateQueryOrPage(schema: z.ZodType, refusalPage: (req: MedusaRequest) => string): Middleware {
  const medusa = validateAndTransformQuery(schema, {})
  return async (req, res, next) => {
    await medusa(req, res, (err?: unknown) => {
      if (!err) return next()
      res.status(400).type("html").send(refusalPage(req))
    })
  }
}

/**
 * Why not Medusa's refusal as is: Medusa's validator rewrites zod's issues in its own words and drops the
 * message the schema gives the rule. "limit must be at most 100" becomes "Value for field 'limit' too big,
 * expected at most: '100'", an unknown field "Unrecognized fields: 'scope'", and it tells at most three
 * problems. The routes validated here have always answered `Invalid body: …` / `Invalid query: …` with
 * every problem in the schema's own words, and the admin shows that text to the merchant. So Medusa's
 * middleware runs (its success is what the route sees); when it refuses, the same input is parsed once
 * more with zod to word the refusal. Medusa's refusal stands if ours would not refuse (it normalises
 * a query before parsing).
 */
function keepOurMessage(where: Where, schema: z.ZodType, medusa: Middleware): Middleware {
  return async (req, res, next) => {
    await medusa(req, res, (err?: unknown) => {
      if (!err) return next()
      const parsed = schema.safeParse((where === "body" ? req.body : req.query) ?? {})
      next(parsed.success ? err : invalidInput(where, parsed.error))
    })
  }
}

/** `Invalid body: …` naming every problem: the field, then the schema's message (or "unknown field x"). */
export function invalidInput(where: Where, error: z.ZodError): MedusaError {
  const problems = error.issues.map((i) => {
    if (i.code === "unrecognized_keys") return `unknown field ${i.keys.join(", ")}`
    const field = i.path.join(".")
    return field && !i.message.startsWith(String(i.path[0])) ? `${field}: ${i.message}` : i.message
  })
  return new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid ${where}: ${problems.join("; ")}`)
}
