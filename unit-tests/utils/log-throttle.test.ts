import { LogThrottle } from "../../src/utils/log-throttle"

describe("LogThrottle", () => {
  it("writes the first lines of a minute, counts the rest, and says how many it left out", () => {
    let now = 120_000
    const lines: string[] = []
    const logger = { warn: (m: string) => lines.push(m) }
    const throttle = new LogThrottle("forged webhooks", 3, () => now)
    for (let i = 0; i < 1_000; i++) throttle.warn(logger, () => `ignored ${i}`)
    expect(lines).toEqual(["ignored 0", "ignored 1", "ignored 2"])
    now += 60_000
    throttle.warn(logger, () => "ignored again")
    expect(lines.slice(3)).toEqual(["997 more forged webhooks were not logged in an earlier minute", "ignored again"])
  })

  it("does not build a line it does not write", () => {
    const throttle = new LogThrottle("x", 1, () => 0)
    const built: number[] = []
    for (let i = 0; i < 5; i++) throttle.warn({ warn: () => undefined }, () => String(built.push(i)))
    expect(built).toEqual([0])
  })
})
