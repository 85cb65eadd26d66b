/**
 * As the starter's, but type errors fail the build: the starter sets ignoreBuildErrors, which hid that
 * TypeScript could not find the helper. The test runs `tsc --noEmit` too.
 * @type {import('next').NextConfig}
 */
module.exports = {
  reactStrictMode: true,
  eslint: { ignoreDuringBuilds: true },
  typescript: { ignoreBuildErrors: false },
}
