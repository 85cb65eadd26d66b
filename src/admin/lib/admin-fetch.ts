/**
 * The backend the admin talks to: the dashboard's build defines __BACKEND_URL__; where it is not
 * defined (this plugin's own build), the admin runs on the backend's origin ("/").
 */
declare const __BACKEND_URL__: string | undefined
const BACKEND_URL = (typeof __BACKEND_URL__ !== "undefined" && __BACKEND_URL__ ? __BACKEND_URL__ : "/").replace(
  /\/+$/,
  ""
)

/**
 * A refusal of the store: its message, and for the plugin's coded refusals the `code` and `values` the
 * admin words in its own language (storeErrorText in ./store-error.ts).
 */
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

/**
 * A JSON call to the admin API with the logged-in admin's session cookie (`credentials: "include"`,
 * since the admin may be served from another origin than the API). A refusal throws an Error with
 * the API's message, code and values (AdminApiError), which the plugin's routes write for the merchant
 * (never with a secret).
 */
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
