import { spawn, spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync, writeFileSync, realpathSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { request } from "undici"

/**
 * The two framework-free packages as a project without Medusa uses them: a separate `node` process, in a
 * directory of its own whose node_modules holds `tikkie-client` and `tikkie-sandbox` (symlinks to the
 * workspace packages, as `npm link` or a file: dependency gives), requiring both through their package.json
 * "exports" maps (their built dist), and the `tikkie-sandbox` bin.
 */
const REPO = path.resolve(__dirname, "../../..")
const PACKAGE_DIR = {
  client: path.join(REPO, "packages/tikkie-client"),
  sandbox: path.join(REPO, "packages/tikkie-sandbox"),
}

/** The packages' dist, as `npm install` (`prepare`) builds it; a no-op when it is up to date. */
function ensureWorkspacesBuilt(): void {
  const r = spawnSync(process.execPath, [path.join(REPO, "scripts/build-workspaces.js")], { encoding: "utf8" })
  if (r.status !== 0) throw new Error(`build-workspaces failed: ${r.stdout}${r.stderr}`)
}

/** A child's environment: none of jest's Node options, no sandbox-from-source switch, no PORT. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra }
  delete env.NODE_OPTIONS
  delete env.PORT
  return env
}

const CONSUMER_SCRIPT = String.raw`
const path = require("node:path")
const { FastCheckoutClient, TikkieError } = require("tikkie-client")
const { startSandbox } = require("tikkie-sandbox")

async function main() {
  const sandbox = await startSandbox({ port: 0 })
  try {
    const apiKey = "exports-test-api-key-0001"
    const setup = new FastCheckoutClient({ apiKey, baseUrl: sandbox.url })
    const { merchantToken } = await setup.createSandboxMerchant()
    const shop = new FastCheckoutClient({ apiKey, merchantToken, baseUrl: sandbox.url })
    const created = await shop.createOrder({
      referenceId: "order-from-a-plain-node-project",
      currency: "EUR",
      shippingCostsInCents: 495,
      expiration: 900,
      redirectUrl: "https://shop.example/return",
      items: [{ itemName: "Stroopwafels", priceInCents: 1299, quantity: 2 }],
    })
    const order = await shop.getOrder(created.orderToken)
    let refused
    try {
      await shop.createOrder({ referenceId: "x", currency: "USD", shippingCostsInCents: 0, expiration: 60, redirectUrl: "https://shop.example/r", items: [{ itemName: "x", priceInCents: 1, quantity: 1 }] })
    } catch (e) {
      refused = { isTikkieError: e instanceof TikkieError, kind: e.kind, code: e.code }
    }
    await Promise.all([setup.close(), shop.close()])
    const loaded = Object.keys(require.cache)
    const tikkie = require.resolve("tikkie-client")
    let medusaResolvable = false
    try {
      require.resolve("@medusajs/framework/utils", { paths: [path.dirname(tikkie)] })
      medusaResolvable = true
    } catch {}
    process.stdout.write(JSON.stringify({
      resolved: { tikkie, sandbox: require.resolve("tikkie-sandbox") },
      sandboxUrl: sandbox.url,
      merchantToken: typeof merchantToken,
      created,
      order,
      refused,
      medusaModules: loaded.filter((p) => p.split(path.sep).includes("@medusajs")),
      typescriptModules: loaded.filter((p) => /\.tsx?$/.test(p)),
      medusaResolvable,
    }))
  } finally {
    await sandbox.close()
  }
}
main().catch((e) => {
  process.stderr.write(String(e && e.stack || e))
  process.exit(1)
})
`

describe("package exports without Medusa", () => {
  let consumerDir: string
  beforeAll(() => {
    ensureWorkspacesBuilt()
    consumerDir = mkdtempSync(path.join(tmpdir(), "tikkie-consumer-"))
    mkdirSync(path.join(consumerDir, "node_modules"))
    symlinkSync(PACKAGE_DIR.client, path.join(consumerDir, "node_modules", "tikkie-client"), "dir")
    symlinkSync(PACKAGE_DIR.sandbox, path.join(consumerDir, "node_modules", "tikkie-sandbox"), "dir")
    writeFileSync(path.join(consumerDir, "package.json"), JSON.stringify({ name: "plain-node-shop", private: true }))
    writeFileSync(path.join(consumerDir, "use-tikkie.cjs"), CONSUMER_SCRIPT)
  }, 60_000)
  afterAll(() => rmSync(consumerDir, { recursive: true, force: true }))

  it("runs a Fast Checkout order against the sandbox from a plain Node project, loading no @medusajs module", () => {
    const run = spawnSync(process.execPath, ["use-tikkie.cjs"], {
      cwd: consumerDir,
      env: childEnv(),
      encoding: "utf8",
      timeout: 30_000,
    })
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" })
    const out = JSON.parse(run.stdout)

    expect(out.resolved).toEqual({
      tikkie: path.join(realpathSync(PACKAGE_DIR.client), "dist/index.js"),
      sandbox: path.join(realpathSync(PACKAGE_DIR.sandbox), "dist/index.js"),
    })
    expect(out.sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/)
    expect(out.merchantToken).toBe("string")
    expect(out.created.checkoutUrl.startsWith(`${out.sandboxUrl}/checkout/fastcheckout/`)).toBe(true)
    expect(out.order).toEqual({
      orderToken: out.created.orderToken,
      referenceId: "order-from-a-plain-node-project",
      shippingCostsInCents: 495,
      currency: "EUR",
      items: [{ itemName: "Stroopwafels", priceInCents: 1299, quantity: 2 }],
      status: "NEW",
    })
    expect(out.refused).toEqual({ isTikkieError: true, kind: "local", code: "ERR_1100_004" })

    // Medusa is installed in this repository (it could be loaded), yet nothing of it was.
    expect(out.medusaResolvable).toBe(true)
    expect(out.medusaModules).toEqual([])
    expect(out.typescriptModules).toEqual([])
  })
})

describe("the tikkie-sandbox bin", () => {
  const pkg = JSON.parse(readFileSync(path.join(PACKAGE_DIR.sandbox, "package.json"), "utf8"))
  const bin = path.join(PACKAGE_DIR.sandbox, pkg.bin["tikkie-sandbox"])
  beforeAll(() => {
    ensureWorkspacesBuilt()
  }, 60_000)

  /** Starts the bin, resolves with its first stdout line; the caller stops it. */
  function start(args: string[], env: NodeJS.ProcessEnv) {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ["ignore", "pipe", "pipe"] })
    let stderr = ""
    child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()))
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
    const firstLine = new Promise<string>((resolve, reject) => {
      let out = ""
      child.stdout!.on("data", (c: Buffer) => {
        out += c.toString()
        const nl = out.indexOf("\n")
        if (nl >= 0) resolve(out.slice(0, nl))
      })
      void exited.then((code) => reject(new Error(`tikkie-sandbox exited (${code}) before printing a line: ${stderr}`)))
    })
    return { child, firstLine, exited, stderr: () => stderr }
  }

  it("--port 0 prints the listening line first and serves /_sandbox/health", async () => {
    const s = start(["--port", "0"], childEnv())
    try {
      const line = await s.firstLine
      const m = /^Tikkie sandbox listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line)
      expect(m).not.toBeNull()
      expect(Number(m![2])).toBeGreaterThan(0)
      const res = await request(`${m![1]}/_sandbox/health`)
      expect({ status: res.statusCode, body: await res.body.json() }).toEqual({ status: 200, body: { ok: true } })
    } finally {
      s.child.kill("SIGTERM")
    }
    expect(await s.exited).toBe(0)
    expect(s.stderr()).toBe("")
  }, 30_000)

  it("refuses --port abc with a clear message and a non-zero exit, printing no listening line", () => {
    const run = spawnSync(process.execPath, [bin, "--port", "abc"], {
      env: childEnv(),
      encoding: "utf8",
      timeout: 20_000,
    })
    expect(run.status).not.toBe(0)
    expect(run.status).not.toBeNull()
    expect(run.stdout).toBe("")
    expect(run.stderr.trim()).toBe('tikkie-sandbox: --port must be a whole number from 0 to 65535, got "abc"')
  })
})
