const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

const transform = {
  "^.+\\.[jt]sx?$": [
    "@swc/jest",
    {
      jsc: {
        parser: { syntax: "typescript", decorators: true },
        target: "es2022",
      },
    },
  ],
}

/**
 * The workspace packages as their source: the plugin and the tests import `tikkie-client` and
 * `tikkie-sandbox` by name, and inside jest those names mean the packages' src (no build needed, and one
 * copy of each module, so `instanceof TikkieError` holds across them). Processes outside jest (Medusa
 * started by the demo or the cluster harness, the bins) load the built dist, as a shop's store does.
 */
const moduleNameMapper = {
  "^tikkie-client$": "<rootDir>/packages/tikkie-client/src/index.ts",
  "^tikkie-client/(.*)$": "<rootDir>/packages/tikkie-client/src/$1",
  "^tikkie-sandbox$": "<rootDir>/packages/tikkie-sandbox/src/index.ts",
  "^tikkie-sandbox/(.*)$": "<rootDir>/packages/tikkie-sandbox/src/$1",
}

/** jest's runtime with V8's code cache between runs (scripts/jest-code-cache-runtime.js). */
const runtime =
  process.env.TIKKIE_JEST_CODE_CACHE === "off" ? undefined : "<rootDir>/scripts/jest-code-cache-runtime.js"

/**
 * Two projects: `unit` (framework-free code and contract tests against the sandbox, no database) and
 * `integration` (a real Medusa app on real Postgres; the global setup starts embedded Postgres when
 * DB_HOST is unset).
 */
module.exports = {
  globalSetup: "<rootDir>/integration-tests/setup/global-setup.js",
  globalTeardown: "<rootDir>/integration-tests/setup/global-teardown.js",
  projects: [
    {
      displayName: "unit",
      testEnvironment: "node",
      runtime,
      transform,
      moduleFileExtensions: ["js", "ts", "json"],
      testMatch: [
        "<rootDir>/src/**/__tests__/**/*.test.ts",
        "<rootDir>/unit-tests/**/*.test.ts",
        "<rootDir>/packages/*/test/**/*.test.ts",
      ],
      moduleNameMapper,
      modulePathIgnorePatterns: ["<rootDir>/.medusa/", "<rootDir>/dist/", "<rootDir>/packages/[^/]+/dist/"],
    },
    {
      displayName: "integration",
      testEnvironment: "node",
      runtime,
      transform,
      moduleFileExtensions: ["js", "ts", "json"],
      testMatch: ["<rootDir>/integration-tests/{http,redis}/**/*.spec.ts"],
      moduleNameMapper,
      modulePathIgnorePatterns: ["<rootDir>/.medusa/", "<rootDir>/dist/", "<rootDir>/packages/[^/]+/dist/"],
      setupFiles: ["<rootDir>/integration-tests/setup/env.js"],
    },
  ],
}
