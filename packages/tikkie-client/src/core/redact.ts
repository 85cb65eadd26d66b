/**
 * Removes credentials from any text that may reach a log line or an error message. The service may
 * echo a header back in an error body, and undici errors may quote a URL with a query string, so
 * every string we put into a TikkieError goes through here.
 */
export const REDACTED = "[redacted]"

export function redact(text: string, secrets: ReadonlyArray<string | undefined | null>): string {
  let out = text
  for (const s of secrets) {
    // Very short values would redact ordinary words; real credentials are long.
    if (!s || s.length < 6) continue
    out = out.split(s).join(REDACTED)
  }
  // Bearer tokens we were never told about (for example a refreshed one) still look like this.
  out = out.replace(/(Bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi, `$1${REDACTED}`)
  out = out.replace(/((?:access|refresh)_token["'=:\s]+)[^"'&\s,}]+/gi, `$1${REDACTED}`)
  return out
}
