/** A readable message from anything thrown: Medusa workflows reject with plain objects as well as Errors. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message
  if (e && typeof e === "object") {
    const o = e as { message?: unknown; errors?: unknown[] }
    if (typeof o.message === "string") return o.message
    if (Array.isArray(o.errors) && o.errors.length) return o.errors.map(errorMessage).join("; ")
    try {
      return JSON.stringify(e)
    } catch {
      return String(e)
    }
  }
  return String(e)
}
