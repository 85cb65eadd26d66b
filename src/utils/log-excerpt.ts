/** A caller's value as a log line may show it: cut to `max`, quoted, controls escaped (no forged lines). */
export const LOG_EXCERPT_MAX = 64

export function logExcerpt(value: unknown, max = LOG_EXCERPT_MAX): string {
  const text = typeof value === "string" ? value : value === undefined ? "undefined" : safeString(value)
  const cut = text.length > max ? text.slice(0, max) : text
  // Also escapes U+2028/U+2029 (line separators to some log viewers) and DEL, which JSON leaves alone.
  const escaped = JSON.stringify(cut).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`
  )
  return text.length > max ? `${escaped}… (${text.length} characters)` : escaped
}

function safeString(value: unknown): string {
  try {
    return typeof value === "object" ? (JSON.stringify(value) ?? String(value)) : String(value)
  } catch {
    return Object.prototype.toString.call(value)
  }
}
