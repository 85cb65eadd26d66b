const { startEmbeddedPostgres } = require("../../scripts/embedded-db")

/**
 * Gives the Medusa integration tests a real Postgres: the one named by DB_HOST when set, otherwise an
 * embedded one started here. DB_HOST must say "localhost": with 127.0.0.1 the test runner turns on SSL.
 */
module.exports = async function globalSetup(_config, projectConfig) {
  const wantsDb = process.argv.every((a) => a !== "unit") || process.env.TIKKIE_FORCE_DB === "1"
  if (process.env.DB_HOST || !wantsDb) return
  const db = await startEmbeddedPostgres()
  Object.assign(process.env, db.env)
  globalThis.__TIKKIE_EMBEDDED_PG__ = db
  void projectConfig
}
