/**
 * Runs keyed tasks `concurrency` at a time in this process: a waiting key is not queued twice, a running one
 * runs once more after it ends. Only an economy: the lock and the poll keep settlement exactly-once.
 */
export class CoalescingQueue {
  private readonly waiting = new Map<string, Waiting>()
  private readonly running = new Set<string>()

  constructor(private readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new RangeError("concurrency must be a whole number of at least 1")
  }

  push(key: string, task: () => Promise<unknown>): Promise<void> {
    let entry = this.waiting.get(key)
    if (!entry) {
      entry = { task, callers: [] }
      this.waiting.set(key, entry)
    }
    const done = new Promise<void>((resolve, reject) => entry!.callers.push({ resolve, reject }))
    this.next()
    return done
  }

  get size(): { waiting: number; running: number } {
    return { waiting: this.waiting.size, running: this.running.size }
  }

  private next(): void {
    for (const [key, entry] of this.waiting) {
      if (this.running.size >= this.concurrency) return
      if (this.running.has(key)) continue
      this.waiting.delete(key)
      this.running.add(key)
      entry
        .task()
        .then(
          () => entry.callers.forEach((c) => c.resolve()),
          (e) => entry.callers.forEach((c) => c.reject(e))
        )
        .finally(() => {
          this.running.delete(key)
          this.next()
        })
    }
  }
}

interface Waiting {
  task: () => Promise<unknown>
  callers: Array<{ resolve: () => void; reject: (e: unknown) => void }>
}
