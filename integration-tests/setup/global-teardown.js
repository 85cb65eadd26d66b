module.exports = async function globalTeardown() {
  const db = globalThis.__TIKKIE_EMBEDDED_PG__
  if (db) await db.stop()
}
