import type { IncomingMessage } from "node:http"

const MAX_BODY_BYTES = 1_000_000

export function readBody(req: IncomingMessage): Promise<{ rawBody: string; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on("data", (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY_BYTES) tooLarge = true
      else chunks.push(c)
    })
    req.on("end", () => resolve({ rawBody: Buffer.concat(chunks).toString("utf8"), tooLarge }))
    req.on("error", reject)
  })
}

/** A symbol marks a body that was sent but could not be parsed, so handlers can answer their own code. */
export const UNPARSABLE_BODY = Symbol("unparsable body")

export function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw.trim() === "") return undefined
  if (contentType?.includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(raw))
  }
  try {
    return JSON.parse(raw)
  } catch {
    return UNPARSABLE_BODY
  }
}
