/** A 409 whose message reaches the shopper: Medusa's handler rewrites a MedusaError CONFLICT's, not an http error's. */
export class ShopperConflictError extends Error {
  readonly statusCode = 409
  readonly status = 409
  readonly expose = true

  constructor(message: string) {
    super(message)
    this.name = "ShopperConflictError"
  }
}

/** A ShopperConflictError made again from what a workflow's `run` threw (the engine drops the class). */
export function asShopperConflict(e: unknown): unknown {
  const error = e as { name?: unknown; message?: unknown } | null
  if (error && error.name === "ShopperConflictError" && typeof error.message === "string")
    return new ShopperConflictError(error.message)
  return e
}
