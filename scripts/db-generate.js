#!/usr/bin/env node
/**
 * `node scripts/db-generate.js <module> [<module> ...]`: generates migrations for the plugin's modules
 * (`medusa db:generate`) against a throwaway embedded Postgres, so a developer needs no database.
 */
const { spawn } = require("node:child_process")
const path = require("node:path")
const { startEmbeddedPostgres } = require("./embedded-db")

async function main() {
  const modules = process.argv.slice(2)
  if (!modules.length) throw new Error("usage: node scripts/db-generate.js <module> [<module> ...]")
  const db = await startEmbeddedPostgres()
  const base = `postgres://postgres:postgres@localhost:${db.port}`
  try {
    const { Client } = require("pg")
    const client = new Client({ connectionString: `${base}/postgres` })
    await client.connect()
    await client.query("create database tikkie_generate")
    await client.end()
    const cli = path.join(__dirname, "..", "node_modules", "@medusajs", "cli", "cli.js")
    // Async, not execFileSync: this process must keep reading the embedded Postgres's log pipes, or
    // Postgres blocks writing to them (scripts/test.js says more).
    await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [cli, "db:generate", ...modules], {
        stdio: "inherit",
        cwd: path.join(__dirname, ".."),
        env: { ...process.env, DATABASE_URL: `${base}/tikkie_generate`, TIKKIE_BASE_URL: "" },
      })
      child.on("error", reject)
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`medusa db:generate exited with ${code}`))))
    })
  } finally {
    await db.stop()
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
