import { request } from "undici"
import { startSandbox, type RunningSandbox } from "../src"

describe("sandbox core", () => {
  let sandbox: RunningSandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
  })
  afterAll(() => sandbox.close())

  it("answers an unknown path with ERR_1100_007 in the documented error shape and a Trace-Id", async () => {
    const res = await request(`${sandbox.url}/v1/pay/nothing-here`, { method: "GET" })
    const body = (await res.body.json()) as { errors: Array<Record<string, unknown>> }
    expect(res.statusCode).toBe(400)
    const traceId = res.headers["trace-id"]
    expect(typeof traceId).toBe("string")
    expect(body.errors).toEqual([
      expect.objectContaining({ code: "ERR_1100_007", status: 400, category: "BAD_REQUEST", traceId }),
    ])
    expect(body.errors[0]).toHaveProperty("reference")
    expect(body.errors[0]).toHaveProperty("message")
  })

  it("records requests in the log the control interface serves", async () => {
    await request(`${sandbox.url}/v1/pay/nothing-here`, { method: "POST", body: "{" }).then((r) => r.body.dump())
    const res = await request(`${sandbox.url}/_sandbox/requests?operation=unknown`)
    const { requests } = (await res.body.json()) as { requests: Array<{ method: string; status: number }> }
    expect(requests.some((r) => r.method === "POST" && r.status === 400)).toBe(true)
  })

  it("refuses a malformed control body with a clear 400 instead of crashing", async () => {
    const res = await request(`${sandbox.url}/_sandbox/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ operation: "x", kind: "418" }),
    })
    const body = (await res.body.json()) as { errors: Array<{ code: string; message: string }> }
    expect(res.statusCode).toBe(400)
    expect(body.errors[0].message).toMatch(/kind/)
    const health = await request(`${sandbox.url}/_sandbox/health`)
    expect(health.statusCode).toBe(200)
    await health.body.dump()
  })
})
