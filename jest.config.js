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
      transform,
      moduleFileExtensions: ["js", "ts", "json"],
      testMatch: ["<rootDir>/src/**/__tests__/**/*.test.ts", "<rootDir>/unit-tests/**/*.test.ts"],
      modulePathIgnorePatterns: ["<rootDir>/.medusa/", "<rootDir>/dist/"],
    },
    {
      displayName: "integration",
      testEnvironment: "node",
      transform,
      moduleFileExtensions: ["js", "ts", "json"],
      testMatch: ["<rootDir>/integration-tests/http/**/*.spec.ts"],
      modulePathIgnorePatterns: ["<rootDir>/.medusa/", "<rootDir>/dist/"],
      setupFiles: ["<rootDir>/integration-tests/setup/env.js"],
    },
  ],
}
