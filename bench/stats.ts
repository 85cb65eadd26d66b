export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** The value below which `p` (0..1) of the samples fall (nearest rank). */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]
}

export function fmt(n: number, digits = 2): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })
}

export interface ThroughputRound {
  /** Completed calls per second of wall time. */
  perSecond: number
  calls: number
  /** CPU time (user + system) of this process per completed call, in microseconds. */
  cpuMicrosPerCall: number
}

/** Runs `fn` from `concurrency` workers for `durationMs`. */
export async function throughput(
  fn: () => Promise<unknown>,
  concurrency: number,
  durationMs: number
): Promise<ThroughputRound> {
  const until = performance.now() + durationMs
  let calls = 0
  const cpu = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await fn()
        calls++
      }
    })
  )
  const seconds = (performance.now() - started) / 1000
  const used = process.cpuUsage(cpu)
  return { perSecond: calls / seconds, calls, cpuMicrosPerCall: (used.user + used.system) / calls }
}

/** Sequential latencies in ms. */
export async function latencies(fn: () => Promise<unknown>, n: number): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn()
    out.push(performance.now() - t)
  }
  return out
}
