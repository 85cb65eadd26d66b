import { monitorEventLoopDelay, performance } from "node:perf_hooks"

/** This process's event-loop delay and utilization (its own load, so per process), from the first import. */
const histogram = monitorEventLoopDelay({ resolution: 10 })
histogram.enable()
let previousMaxMs = 0
let windowStart = performance.eventLoopUtilization()
let previousUtilization = 0
const WINDOW_MS = 500
setInterval(() => {
  previousMaxMs = histogram.max / 1e6
  histogram.reset()
  const now = performance.eventLoopUtilization()
  previousUtilization = performance.eventLoopUtilization(now, windowStart).utilization
  windowStart = now
}, WINDOW_MS).unref()

/** The longest event-loop delay of this process over the last 0.5 to 1 s, in ms. */
export function recentEventLoopLagMs(): number {
  return Math.max(previousMaxMs, histogram.max / 1e6)
}

/**
 * The share of the last full 0.5 s window this process's event loop was busy (0 to 1). A loop saturated by
 * many short tasks lags little but has no time to spare: only this sees it.
 */
export function recentEventLoopUtilization(): number {
  return previousUtilization
}
