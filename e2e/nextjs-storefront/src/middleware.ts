import { NextRequest, NextResponse } from "next/server"

/**
 * As the starter's middleware: a path without a country code gets one and keeps its query string, so
 * the store's redirect to `/tikkie/return?…` arrives at `/nl/tikkie/return?…`. The country is the
 * visitor's (the starter reads Vercel's geo header `x-vercel-ip-country`), else the default region's.
 * The starter reads the countries from the store's regions; this test store's region is the Netherlands
 * and Belgium.
 */
const COUNTRIES = ["nl", "be"]
const DEFAULT_REGION = process.env.NEXT_PUBLIC_DEFAULT_REGION || "nl"

export function middleware(request: NextRequest) {
  const urlCountryCode = request.nextUrl.pathname.split("/")[1]?.toLowerCase()
  if (urlCountryCode && COUNTRIES.includes(urlCountryCode)) return NextResponse.next()
  if (request.nextUrl.pathname.includes(".")) return NextResponse.next()
  const visitor = request.headers.get("x-vercel-ip-country")?.toLowerCase()
  const countryCode = visitor && COUNTRIES.includes(visitor) ? visitor : DEFAULT_REGION
  const redirectPath = request.nextUrl.pathname === "/" ? "" : request.nextUrl.pathname
  return NextResponse.redirect(`${request.nextUrl.origin}/${countryCode}${redirectPath}${request.nextUrl.search}`, 307)
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico|images|assets|png|svg|jpg|jpeg|gif|webp).*)"],
}
