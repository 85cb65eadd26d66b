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
