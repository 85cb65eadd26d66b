/**
 * What a transport tells whoever watches its calls (traces, a health card): the operation, each
 * attempt's outcome and timings. Never a credential, a body, a header or a path with a token in it.
 */
export interface TikkieCallStart {
  /** "fastCheckout.getOrder", as in errors and logs. */
  operation: string
  method: "GET" | "POST" | "DELETE"
}

export interface TikkieAttemptOutcome {
  /** 1 for the first attempt. */
  attempt: number
  /** The service's HTTP status, when it answered. */
  status?: number
  /** The TikkieError code, when the attempt failed. */
  code?: string
  /** Time spent waiting for the rate limiter before sending. */
  rateWaitMs: number
  /** From sending to the last byte of the answer (or the failure). */
  durationMs: number
  traceId?: string
}

export interface TikkieCallEnd {
  ok: boolean
  attempts: number
  status?: number
  code?: string
  /** The whole call, waits and retries included. */
  durationMs: number
  traceId?: string
}

export interface TikkieCallWatch {
  attempt?(outcome: TikkieAttemptOutcome): void
  end?(outcome: TikkieCallEnd): void
}

export interface TikkieCallObserver {
  /** Called when a call starts; what it answers hears about the attempts and the end. */
  start(call: TikkieCallStart): TikkieCallWatch | undefined | void
}

/** An observer's failure never becomes the call's. */
export function safely(fn: () => void): void {
  try {
    fn()
  } catch {
    // ignored on purpose
  }
}

/** One observer that tells each of `observers` (traces and a health card, say); undefined ones are skipped. */
export function composeObservers(...observers: Array<TikkieCallObserver | undefined>): TikkieCallObserver | undefined {
  const present = observers.filter((o): o is TikkieCallObserver => o !== undefined)
  if (present.length <= 1) return present[0]
  return {
    start(call) {
      const watches: TikkieCallWatch[] = []
      for (const o of present) {
        safely(() => {
          const w = o.start(call)
          if (w) watches.push(w)
        })
      }
      return {
        attempt: (outcome) => watches.forEach((w) => safely(() => w.attempt?.(outcome))),
        end: (outcome) => watches.forEach((w) => safely(() => w.end?.(outcome))),
      }
    },
  }
}
