/**
 * Where a call goes, split the way undici's `dispatcher.request({origin, path})` takes it: the same
 * origin and path as `new URL(baseUrl + path)` with the query set through `searchParams`, without
 * parsing a URL on every call (the transport's hot path; see bench/).
 *
 * The paths our clients build (validated or percent-encoded tokens) are already in the form the URL
 * parser would give them, so they are joined to the base as they are. Anything the parser might
 * rewrite (dot segments, characters it would percent-encode, a `?` or `#`, a base it would normalise)
 * goes through the parser, so the result is the same either way (property-tested against the parser).
 */

import { errors } from "undici"

/** A base URL that the parser keeps exactly as written: http(s), no credentials, query or fragment. */
export interface PlainBase {
  origin: string
  /** The path prefix without a trailing slash ("" for none). */
  pathname: string
}

/** Path characters the URL parser leaves as they are (RFC 3986 pchar, `%` and `/`). */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/
/** A `.` or `..` segment, also percent-encoded, which the URL parser resolves. */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i

export function parsePlainBase(baseUrl: string): PlainBase | undefined {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    return undefined // requestTarget then throws the parser's own error on the first call, as before
  }
  if (
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  ) {
    return undefined
  }
  if (url.href !== baseUrl && url.href !== `${baseUrl}/`) return undefined
  if (!PLAIN_PATH.test(url.pathname) || DOT_SEGMENT.test(url.pathname)) return undefined
  return { origin: url.origin, pathname: url.pathname === "/" ? "" : url.pathname }
}

export function requestTarget(
  baseUrl: string,
  base: PlainBase | undefined,
  path: string,
  query?: Record<string, string | number | boolean | undefined>
): { origin: string; path: string } {
  let search = ""
  if (query) {
    const params = new URLSearchParams()
    for (const k of Object.keys(query)) {
      const v = query[k]
      if (v !== undefined) params.set(k, String(v))
    }
    search = params.toString()
  }
  if (base && PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path)) {
    const pathname = base.pathname + path
    return { origin: base.origin, path: search ? `${pathname}?${search}` : pathname }
  }
  const url = new URL(baseUrl + path)
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    // What undici's request(url) says of such a URL.
    throw new errors.InvalidArgumentError("Invalid URL protocol: the URL must start with `http:` or `https:`.")
  }
  if (search) for (const [k, v] of new URLSearchParams(search)) url.searchParams.set(k, v)
  return { origin: url.origin, path: url.pathname + url.search }
}
