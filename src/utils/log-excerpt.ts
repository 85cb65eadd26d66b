/**
 * What a log line may show of a value a caller sent (a webhook's orderToken, a notification's tokens, a
 * return route's session id): at most `max` characters, every control character escaped, so a caller can
 * neither fill the log with one request nor start a forged log line with a newline. JSON.stringify does
 * the escaping (newline -> \n, other controls -> \u00XX) and quotes the value, which also shows where it
 * begins and ends. A longer value is cut and says how long it was.
 */
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
