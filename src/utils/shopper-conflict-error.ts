/**
 * A 409 whose message is meant for the shopper. Medusa's error handler replaces the message of a
 * MedusaError CONFLICT with its own generic "The request conflicted with another request…" text; an
 * HTTP error (the http-errors shape: `statusCode`, `status` and `expose`) keeps its message below 500
 * and is answered as `{ type: "conflict", message }`.
 */
export class ShopperConflictError extends Error {
  readonly statusCode = 409
  readonly status = 409
  readonly expose = true

  constructor(message: string) {
    super(message)
    this.name = "ShopperConflictError"
  }
}

/**
 * The error a workflow's `run` threw, as the route should answer it. A ShopperConflictError thrown in a
 * step loses its class on the way out of the workflow engine (Medusa answered 500); its name and message
 * stay, and it is made again here so the shopper gets the 409 with the message meant for them.
 */
export function asShopperConflict(e: unknown): unknown {
  const error = e as { name?: unknown; message?: unknown } | null
  if (error && error.name === "ShopperConflictError" && typeof error.message === "string")
    return new ShopperConflictError(error.message)
  return e
}
