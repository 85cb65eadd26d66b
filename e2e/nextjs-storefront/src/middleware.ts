import { NextRequest, NextResponse } from "next/server"

/**
 * The starter's middleware, its country logic as written there: the URL's country when it is a store
 * country, else the visitor's (Vercel's geo header `x-vercel-ip-country`), else the default region's; a
 * path whose first segment merely *contains* that country (`"tikkie".includes("ie")`) counts as having
 * one; any other path gets the country prefixed and keeps its query string. The starter reads the
 * countries from the store's regions (here: "Nederland & België" and the test's "Ireland"), and skips its
 * cache-id cookie, which changes no path. The test builds it with the default region `ie`.
 */
const COUNTRIES = ["nl", "be", "ie"]
const DEFAULT_REGION = process.env.NEXT_PUBLIC_DEFAULT_REGION || "us"

function getCountryCode(request: NextRequest): string | undefined {
  const vercelCountryCode = request.headers.get("x-vercel-ip-country")?.toLowerCase()
  const urlCountryCode = request.nextUrl.pathname.split("/")[1]?.toLowerCase()
  if (urlCountryCode && COUNTRIES.includes(urlCountryCode)) return urlCountryCode
  if (vercelCountryCode && COUNTRIES.includes(vercelCountryCode)) return vercelCountryCode
  if (COUNTRIES.includes(DEFAULT_REGION)) return DEFAULT_REGION
  return COUNTRIES[0]
}

export function middleware(request: NextRequest) {
  const countryCode = getCountryCode(request)
  const urlHasCountryCode = countryCode && request.nextUrl.pathname.split("/")[1].includes(countryCode)
  if (urlHasCountryCode) return NextResponse.next()
  if (request.nextUrl.pathname.includes(".")) return NextResponse.next()
  const redirectPath = request.nextUrl.pathname === "/" ? "" : request.nextUrl.pathname
  return NextResponse.redirect(`${request.nextUrl.origin}/${countryCode}${redirectPath}${request.nextUrl.search}`, 307)
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico|images|assets|png|svg|jpg|jpeg|gif|webp).*)"],
}
