import { LogThrottle } from "../../utils/log-throttle"

/**
 * Makes a flood of forged webhooks cost the store little. A webhook or notification that is not this
 * store's (a token of no record, or a subscriptionId that is not the store's) is answered 200 like any
 * other, but past `freePerSecond` such answers in one second, each further one is held `holdMs` before it
 * is sent. A sender that waits for its answers (every HTTP client with a bounded pool) then gets through
 * at most its concurrency per `holdMs`, and the process spends its time on real orders instead. Tikkie's
 * own webhooks name this store's orders (open or settled) and are never held; a held answer is still a
 * 200 well within Tikkie's delivery timeout.
 *
 * At most `maxHeld` answers wait at once (each is a timer and an open socket); beyond that they are sent
 * at once. Per process on purpose: it protects this process's own event loop, and no other instance
 * needs what it counts.
 *
 * Choice: TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND sets `freePerSecond` (default 20; read on every call, so a
 * test or an operator's restart-free tuning applies at once). Not held: repeats naming a real settled
 * token (Tikkie's own retries look the same); a replay flood of one costs one indexed lookup each.
 */
export class IdleHookBrake {
  private second = -1
  private answered = 0
  private held = 0
  private heldTotal = 0

  constructor(
    private readonly options: {
      freePerSecond: () => number
      holdMs: number
      maxHeld: number
      now?: () => number
    }
  ) {}

  /** How long to hold this idle answer: 0 to send it now. Counts it. */
  holdFor(): number {
    const second = Math.floor((this.options.now ?? Date.now)() / 1000)
    if (second !== this.second) {
      this.second = second
      this.answered = 0
    }
    this.answered++
    if (this.answered <= this.options.freePerSecond() || this.held >= this.options.maxHeld) return 0
    return this.options.holdMs
  }

  /** Holds an idle answer for `ms` (from holdFor), counting it while it waits. */
  async hold(ms: number): Promise<void> {
    if (ms <= 0) return
    this.held++
    this.heldTotal++
    try {
      await new Promise((resolve) => setTimeout(resolve, ms))
    } finally {
      this.held--
    }
  }

  /** Answers held since this process started (for the log line that says a flood is being braked). */
  get totalHeld(): number {
    return this.heldTotal
  }
}

const DEFAULT_FREE_PER_SECOND = 20

/** The one brake of this process, shared by the Fast Checkout webhook and the payment request notification routes. */
export const IDLE_HOOK_BRAKE = new IdleHookBrake({
  freePerSecond: () => {
    const n = Math.floor(Number(process.env.TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND))
    return Number.isFinite(n) && n >= 1 ? n : DEFAULT_FREE_PER_SECOND
  },
  holdMs: 2_000,
  maxHeld: 2_000,
})

const FLOOD_LOG = new LogThrottle("notices of held hook answers", 1)

/**
 * For a route that answers a webhook that is not this store's: holds the answer when the brake says so,
 * and says in the log (once a minute at most) that a flood is being held back.
 */
export async function brakeIdleHookAnswer(
  logger: { warn(message: string): unknown },
  brake: IdleHookBrake = IDLE_HOOK_BRAKE
): Promise<void> {
  const ms = brake.holdFor()
  if (!ms) return
  FLOOD_LOG.warn(
    logger,
    () =>
      `Tikkie hooks: a flood of webhooks that are not this store's; their answers are held ${ms} ms each (${brake.totalHeld + 1} held so far)`
  )
  await brake.hold(ms)
}
