/**
 * Starts Debian's redis-server for the cluster harness (demo/cluster.ts): a free port on 127.0.0.1, its
 * own temporary directory, nothing saved to disk, stopped (and its directory removed) by `stop()`.
 * Install it with `sh scripts/install-redis.sh` (apt-get install redis-server).
 */
const { spawn, execFileSync } = require("node:child_process")
const fs = require("node:fs")
const net = require("node:net")
const os = require("node:os")
const path = require("node:path")
const { freePort } = require("./embedded-db")

function redisServerBinary() {
  for (const candidate of [process.env.REDIS_SERVER, "/usr/bin/redis-server", "/usr/local/bin/redis-server"]) {
    if (candidate && fs.existsSync(candidate)) return candidate
  }
  try {
    return execFileSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).trim() || undefined
  } catch {
    return undefined
  }
}

/** Answers when the server answers PING (RESP, no client library needed). */
function ping(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1")
    socket.setTimeout(1000)
    socket.once("connect", () => socket.write("PING\r\n"))
    socket.once("data", (d) => {
      socket.destroy()
      resolve(String(d).startsWith("+PONG"))
    })
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => {
      socket.destroy()
      resolve(false)
    })
  })
}

async function startRedis({ port } = {}) {
  const binary = redisServerBinary()
  if (!binary)
    throw new Error("redis-server is not installed: run `sh scripts/install-redis.sh` (Debian's redis-server package)")
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tikkie-redis-"))
  const redisPort = port ?? (await freePort())
  const child = spawn(
    binary,
    [
      "--port",
      String(redisPort),
      "--bind",
      "127.0.0.1",
      "--dir",
      dir,
      "--save",
      "",
      "--appendonly",
      "no",
      "--daemonize",
      "no",
      "--protected-mode",
      "yes",
    ],
    { stdio: ["ignore", "pipe", "pipe"] }
  )
  let output = ""
  const keep = (c) => (output = (output + c).slice(-4000))
  child.stdout.on("data", keep)
  child.stderr.on("data", keep)
  const exited = new Promise((resolve) => child.once("exit", resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM")
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000)
      await exited
      clearTimeout(timer)
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 15_000
  while (!(await ping(redisPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`redis-server did not start on port ${redisPort}:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return { port: redisPort, url: `redis://127.0.0.1:${redisPort}`, pid: child.pid, stop }
}

module.exports = { startRedis }
