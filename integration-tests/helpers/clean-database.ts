/**
 * A database of its own for a module test, made from template0. The test run migrates Medusa's whole
 * schema into template1 once, which every app file's database copies (scripts/migrate-template.js); a
 * module test needs an empty database instead, or Medusa's module runner, which sets up and clears only
 * its own module's tables, trips over the rest. Call in a `beforeAll` before moduleIntegrationTestRunner.
 */
export async function createCleanDatabase(name: string): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client } = require("pg") as typeof import("pg")
  const client = new Client({
    host: process.env.DB_HOST ?? "localhost",
    port: Number(process.env.DB_PORT ?? 5432),
    user: process.env.DB_USERNAME ?? "postgres",
    password: process.env.DB_PASSWORD ?? "",
    database: "postgres",
  })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}"`)
    await client.query(`CREATE DATABASE "${name}" TEMPLATE template0`)
  } finally {
    await client.end()
  }
}
