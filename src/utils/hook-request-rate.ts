import { performance } from "node:perf_hooks"

/**
 * How many of Tikkie's hooks (webhooks, notifications, shoppers' returns) this process was asked in the
 * last 0.5 to 1 s. A burst shows here before its load shows in the event loop: the first returns of a
 * sale-day burst would otherwise settle inline on the server while the webhooks queue behind them.
 */
const WINDOW_MS = 500
let windowIndex = 0
let current = 0
let previous = 0

export function noteHookRequest(now = performance.now()): void {
  roll(now)
  current++
}

export function recentHookRequests(now = performance.now()): number {
  roll(now)
  return current + previous
}

function roll(now: number): void {
  const at = Math.floor(now / WINDOW_MS)
  if (at === windowIndex) return
  previous = at === windowIndex + 1 ? current : 0
  current = 0
  windowIndex = at
}
