/**
 * Runs keyed tasks in this process, at most `concurrency` at a time, and folds repeats:
 *
 * - a key already waiting in the queue is not queued again: the waiting run has not read anything yet,
 *   so it covers both callers;
 * - a key whose task is running gets one more run after it ends (that run may have read the state
 *   before the change a repeat announces), however many repeats come meanwhile.
 *
 * `push` resolves when a run that started after the call has ended (rejects with its error), so a
 * caller such as an event subscriber still finishes only when its work is done.
 *
 * Why: Tikkie sends a webhook up to three times and a storm of paid orders brings thousands at once;
 * each one used to start its own settlement, and together they saturated the store process until
 * webhook answers timed out. This queue is only an economy of one process: the per-order lock still
 * makes settlement exactly-once across instances, and work lost with the process (a crash, a deploy)
 * is found again by the poll job.
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

  /** How many keys wait and run: for logs and tests. */
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
