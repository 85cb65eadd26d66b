export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

export function fmt(n: number, digits = 2): string {
  return n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })
}

/** Runs `fn` from `concurrency` workers for `durationMs`; returns completed calls per second. */
export async function throughput(fn: () => Promise<unknown>, concurrency: number, durationMs: number): Promise<number> {
  const until = performance.now() + durationMs
  let done = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await fn()
        done++
      }
    })
  )
  return done / ((performance.now() - started) / 1000)
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
