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

export function validateBody(schema: z.ZodType): Middleware {
  return keepOurMessage("body", schema, validateAndTransformBody(schema))
}

/** Medusa's `validateAndTransformQuery`, keeping the plugin's own refusal. */
export function validateQuery(schema: z.ZodType, queryConfig: QueryConfig<BaseEntity> = {}): Middleware {
  return keepOurMessage("query", schema, validateAndTransformQuery(schema, queryConfig))
}

/** For a page a browser lands on: a refusal is `refusalPage`'s HTML (400), not Medusa's JSON. */
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
 * Medusa's validator rewords zod's issues, drops the schema's messages and tells three at most; the admin
 * shows our `Invalid body: …` text to the merchant. So Medusa's middleware runs, and only its refusal is
 * reworded from a second zod parse (Medusa's stands if ours would pass: it normalises queries first).
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

export function invalidInput(where: Where, error: z.ZodError): MedusaError {
  const problems = error.issues.map((i) => {
    if (i.code === "unrecognized_keys") return `unknown field ${i.keys.join(", ")}`
    const field = i.path.join(".")
    return field && !i.message.startsWith(String(i.path[0])) ? `${field}: ${i.message}` : i.message
  })
  return new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid ${where}: ${problems.join("; ")}`)
}
