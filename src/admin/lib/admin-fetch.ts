/** Defined by the dashboard's build; this plugin's own build runs on the backend's origin. */
declare const __BACKEND_URL__: string | undefined
const BACKEND_URL = (typeof __BACKEND_URL__ !== "undefined" && __BACKEND_URL__ ? __BACKEND_URL__ : "/").replace(
  /\/+$/,
  ""
)

/** Coded refusals carry `code` and `values`, which the admin words in its own language. */
export class AdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly values?: Record<string, string | number>
  ) {
    super(message)
    this.name = "AdminApiError"
  }
}

/** With the session cookie (`credentials: "include"`: the admin may be on another origin). */
export async function adminFetch<T>(
  path: string,
  init: { method?: "GET" | "POST" | "DELETE"; body?: unknown } = {}
): Promise<T> {
  const res = await fetch(`${BACKEND_URL}${path}`, {
    method: init.method ?? "GET",
    credentials: "include",
    headers:
      init.body === undefined
        ? { accept: "application/json" }
        : { accept: "application/json", "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await res.text()
  let json: any
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (!res.ok)
    throw new AdminApiError(
      json?.message || `The store answered HTTP ${res.status}`,
      res.status,
      typeof json?.code === "string" ? json.code : undefined,
      json?.values && typeof json.values === "object" ? json.values : undefined
    )
  return json as T
}
