import type { SandboxRequest, SandboxResponse } from "./http-kit"

export type Handler = (req: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>

interface Route {
  method: string
  segments: string[]
  /** Operation name for the request log and fault injection, e.g. "fastCheckout.getOrder". */
  operation: string
  handler: Handler
}

/**
 * Routes by method and path pattern (`/v1/{product}/fastcheckout/orders/:orderToken`). `{product}`
 * matches both product segments a deployment may use, `pay` (the documents) and `tikkie` (the live
 * service), so one sandbox serves clients configured either way.
 */
export class Router {
  private readonly routes: Route[] = []

  add(method: string, pattern: string, operation: string, handler: Handler): void {
    for (const product of pattern.includes("{product}") ? ["pay", "tikkie"] : [""]) {
      const path = pattern.replace("{product}", product)
      this.routes.push({ method, segments: path.split("/").filter(Boolean), operation, handler })
    }
  }

  /** The operation names of the service routes (not the /_sandbox controls), sorted. */
  serviceOperations(): string[] {
    return [...new Set(this.routes.map((r) => r.operation).filter((o) => !o.startsWith("control.")))].sort()
  }

  match(method: string, path: string): { route: Route; params: Record<string, string> } | { methodMismatch: boolean } {
    const parts = path.split("/").filter(Boolean)
    let methodMismatch = false
    for (const route of this.routes) {
      if (route.segments.length !== parts.length) continue
      const params: Record<string, string> = {}
      let ok = true
      for (let i = 0; i < parts.length; i++) {
        const seg = route.segments[i]
        if (seg.startsWith(":")) {
          try {
            params[seg.slice(1)] = decodeURIComponent(parts[i])
          } catch {
            ok = false
            break
          }
        } else if (seg !== parts[i]) {
          ok = false
          break
        }
      }
      if (!ok) continue
      if (route.method !== method) {
        methodMismatch = true
        continue
      }
      return { route, params }
    }
    return { methodMismatch }
  }
}
