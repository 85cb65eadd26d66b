import { readFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { DEFAULT_SANDBOX_PORT, startSandbox } from "./server"

/**
 * `tikkie-sandbox [--port N] [--host H] [--seed N] [--state-file F] [--control-token T]
 *                 [--tls-cert F --tls-key F --client-ca F]`
 * The first line printed is always "Tikkie sandbox listening on <base URL>", so scripts can read it.
 * The control token may come from TIKKIE_SANDBOX_CONTROL_TOKEN instead, to keep it out of `ps`.
 */
export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      seed: { type: "string" },
      "public-url": { type: "string" },
      "state-file": { type: "string" },
      "control-token": { type: "string" },
      "tls-cert": { type: "string" },
      "tls-key": { type: "string" },
      "client-ca": { type: "string" },
      "no-rate-limit": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  })
  if (values.help) {
    process.stdout.write(
      "Usage: tikkie-sandbox [--port N (default 4010, 0 = free port; or PORT)] [--host H] [--seed N]\n" +
        "                      [--public-url URL] [--no-rate-limit]\n" +
        "                      [--state-file FILE (keep state across restarts)]\n" +
        "                      [--control-token T (or TIKKIE_SANDBOX_CONTROL_TOKEN: /_sandbox from other machines)]\n" +
        "                      [--tls-cert server.pem --tls-key server.key --client-ca ca.pem]\n"
    )
    return
  }
  const portText = values.port ?? process.env.PORT ?? String(DEFAULT_SANDBOX_PORT)
  const port = Number(portText)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be a whole number from 0 to 65535, got "${portText}"`)
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed)
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error(`--seed must be a whole number`)
  const tlsParts = [values["tls-cert"], values["tls-key"], values["client-ca"]]
  if (tlsParts.some(Boolean) && !tlsParts.every(Boolean)) {
    throw new Error("--tls-cert, --tls-key and --client-ca go together")
  }
  const sandbox = await startSandbox({
    port,
    host: values.host,
    seed,
    publicUrl: values["public-url"],
    stateFile: values["state-file"],
    controlToken: values["control-token"] ?? process.env.TIKKIE_SANDBOX_CONTROL_TOKEN,
    getOrderRateLimitPerSecond: values["no-rate-limit"] ? 0 : undefined,
    tls: values["tls-cert"]
      ? {
          cert: readFileSync(values["tls-cert"]),
          key: readFileSync(values["tls-key"]!),
          clientCa: readFileSync(values["client-ca"]!),
        }
      : undefined,
  })
  process.stdout.write(`Tikkie sandbox listening on ${sandbox.url}\n`)
  process.stdout.write(
    values["state-file"]
      ? `State kept in ${values["state-file"]}\n`
      : "State in memory only: the merchant and app tokens issued now are gone after a restart (--state-file FILE keeps them)\n"
  )
  const stop = () => {
    void sandbox.close().then(() => process.exit(0))
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

if (require.main === module) {
  main().catch((e) => {
    process.stderr.write(`tikkie-sandbox: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  })
}
