import http from "node:http"
import net from "node:net"
import { once } from "node:events"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { skipWhenSenderGone } from "../../src/api/utils/skip-when-sender-gone"

/**
 * The middleware in front of the webhook routes, on a real Node HTTP server with a raw TCP client: a
 * webhook the server reads after its sender hung up goes no further; a live one does.
 */
describe("skipWhenSenderGone", () => {
  const WEBHOOK =
    "POST /hooks/tikkie/fast-checkout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"

  async function serve(onRequest: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) {
    const server = http.createServer((req, res) => void onRequest(req, res))
    server.listen(0, "127.0.0.1")
    await once(server, "listening")
    return { server, port: (server.address() as net.AddressInfo).port }
  }

  function run(
    middleware: ReturnType<typeof skipWhenSenderGone>,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    warnings: string[]
  ) {
    const scope = { resolve: () => ({ warn: (m: string) => warnings.push(m) }) }
    let passedOn = false
    const next: MedusaNextFunction = () => {
      passedOn = true
    }
    return middleware(
      Object.assign(req, { scope }) as unknown as MedusaRequest,
      res as unknown as MedusaResponse,
      next
    ).then(() => passedOn)
  }

  it("does not pass on a webhook whose sender closed the connection before the server got to it, and says so once", async () => {
    const warnings: string[] = []
    const middleware = skipWhenSenderGone("Tikkie Fast Checkout webhooks")
    const outcomes: boolean[] = []
    const done: Array<() => void> = []
    const { server, port } = await serve(async (req, res) => {
      // The server is behind: it gets to the request only after the sender gave up (Node then aborts the
      // request with an "aborted" error).
      req.on("error", () => undefined)
      await new Promise((resolve) => req.on("close", resolve))
      outcomes.push(await run(middleware, req, res, warnings))
      done.shift()?.()
    })
    try {
      for (let i = 0; i < 2; i++) {
        const finished = new Promise<void>((r) => done.push(r))
        const socket = net.connect(port, "127.0.0.1")
        await once(socket, "connect")
        socket.end(WEBHOOK) // the whole webhook, then the sender hangs up (a timeout's abort)
        await finished
      }
      expect(outcomes).toEqual([false, false])
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/Tikkie Fast Checkout webhooks: skipped one whose sender had hung up/)
    } finally {
      server.close()
    }
  })

  it("passes on a webhook whose sender is waiting for the answer", async () => {
    const warnings: string[] = []
    const middleware = skipWhenSenderGone("Tikkie Fast Checkout webhooks")
    const { server, port } = await serve(async (req, res) => {
      const passedOn = await run(middleware, req, res, warnings)
      res.end(JSON.stringify({ passedOn }))
    })
    try {
      const res = await fetch(`http://127.0.0.1:${port}/hooks/tikkie/fast-checkout`, { method: "POST", body: "{}" })
      expect(await res.json()).toEqual({ passedOn: true })
      expect(warnings).toEqual([])
    } finally {
      server.close()
    }
  })
})
