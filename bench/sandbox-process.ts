import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"

/**
 * Runs the sandbox in its own process, as a shop developer would (`tikkie-sandbox --port 0`), so the
 * benchmark's client and the server do not share one event loop.
 */
export interface SandboxProcess {
  url: string
  stop(): Promise<void>
}

export function startSandboxProcess(args: string[] = []): Promise<SandboxProcess> {
  // The package's bin on its dist (scripts/run-ts.js, which runs the bench, has just built it).
  const bin = path.join(__dirname, "..", "packages", "tikkie-sandbox", "bin", "tikkie-sandbox.js")
  const child: ChildProcess = spawn(process.execPath, [bin, "--port", "0", ...args], {
    env: process.env,
    stdio: ["ignore", "pipe", "inherit"],
  })
  return new Promise((resolve, reject) => {
    let out = ""
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const m = out.match(/Tikkie sandbox listening on (\S+)/)
      if (m) {
        child.stdout!.off("data", onData)
        resolve({
          url: m[1],
          stop: () =>
            new Promise<void>((r) => {
              child.once("exit", () => r())
              child.kill("SIGTERM")
            }),
        })
      }
    }
    child.stdout!.on("data", onData)
    child.once("exit", (code) => reject(new Error(`sandbox exited early with code ${code}`)))
  })
}
