#!/usr/bin/env node
/**
 * Migrates the store's schema (Medusa's modules, the plugin's modules, the links) into `template1` of the
 * test run's own embedded Postgres, the way @medusajs/test-utils migrates each app file's database.
 * Postgres copies `template1` into every database created without a template, so each app file's
 * database then starts migrated and the test runner's own migration step finds nothing left to do
 * (about 7 s of each file's boot). Used by scripts/test.js only on the server it started itself, never
 * on one named by DB_HOST.
 *
 * Env: DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD of that server.
 */
require("./register-ts")
process.env.NODE_ENV = "test"
// The migrations do not depend on which payment providers are configured (providers have no tables);
// the modules that do are always registered by medusa-config.ts.
process.env.TIKKIE_SCHEDULED_JOBS = "off"

const path = require("node:path")

async function main() {
  const root = path.join(__dirname, "..")
  const testUtils = require("@medusajs/test-utils")
  const { ContainerRegistrationKeys, getResolvedPlugins, mergePluginModules } = require("@medusajs/framework/utils")
  const { asValue } = require("@medusajs/framework/awilix")
  const { logger } = require("@medusajs/framework/logger")
  const { Migrator } = require("@medusajs/framework/migrations")

  await testUtils.configLoaderOverride(root, { clientUrl: testUtils.TestDatabaseUtils.getDatabaseURL("template1") })
  const { container, MedusaAppLoader } = await import("@medusajs/framework")
  const appLoader = new MedusaAppLoader({ medusaConfigPath: root, cwd: root })
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  mergePluginModules(configModule, await getResolvedPlugins(root, configModule), root)
  container.register({ [ContainerRegistrationKeys.LOGGER]: asValue(logger) })
  const pg = await testUtils.initDb()
  try {
    await new Migrator({ container }).ensureMigrationsTable()
    await testUtils.migrateDatabase(appLoader)
    await testUtils.syncLinks(appLoader, root, container, logger)
    await testUtils.clearInstances()
  } finally {
    await pg.destroy()
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e)
    process.exit(1)
  }
)
