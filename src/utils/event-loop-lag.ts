import { monitorEventLoopDelay } from "node:perf_hooks"

/** This process's event-loop delay (its own load, so per process), sampled every 10 ms from the first import. */
const histogram = monitorEventLoopDelay({ resolution: 10 })
histogram.enable()
let previousMaxMs = 0
const WINDOW_MS = 500
setInterval(() => {
  previousMaxMs = histogram.max / 1e6
  histogram.reset()
}, WINDOW_MS).unref()

/** The longest event-loop delay of this process over the last 0.5 to 1 s, in ms. */
export function recentEventLoopLagMs(): number {
  return Math.max(previousMaxMs, histogram.max / 1e6)
}
