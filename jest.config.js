const path = require("node:path")

/** Medusa's loadEnv from its own file: the utils barrel costs each jest process about 0.9 s of CPU. */
function medusaLoadEnv() {
  try {
    return require(path.join(path.dirname(require.resolve("@medusajs/utils")), "common", "load-env.js")).loadEnv
  } catch {
    return require("@medusajs/framework/utils").loadEnv
  }
}
medusaLoadEnv()("test", process.cwd())

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

// Inside jest, `tikkie-client` and `tikkie-sandbox` are the packages' src (one copy of each module, so
// `instanceof TikkieError` holds); processes outside jest load the built dist, as a shop's store does.
const moduleNameMapper = {
  "^tikkie-client$": "<rootDir>/packages/tikkie-client/src/index.ts",
  "^tikkie-client/(.*)$": "<rootDir>/packages/tikkie-client/src/$1",
  "^tikkie-sandbox$": "<rootDir>/packages/tikkie-sandbox/src/index.ts",
  "^tikkie-sandbox/(.*)$": "<rootDir>/packages/tikkie-sandbox/src/$1",
}

/** V8's code cache between runs (TIKKIE_JEST_CODE_CACHE=off: without). */
const runtime =
  process.env.TIKKIE_JEST_CODE_CACHE === "off" ? undefined : "<rootDir>/scripts/jest-code-cache-runtime.js"

/** `unit`: no database; `integration`: a real Medusa app on Postgres (embedded when DB_HOST is unset). */
module.exports = {
  globalSetup: "<rootDir>/integration-tests/setup/global-setup.js",
  globalTeardown: "<rootDir>/integration-tests/setup/global-teardown.js",
  projects: [
    {
      displayName: "unit",
      testEnvironment: "node",
      runner: "<rootDir>/scripts/jest-shared-runner.js",
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
      runner: "<rootDir>/scripts/jest-shared-runner.js",
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
