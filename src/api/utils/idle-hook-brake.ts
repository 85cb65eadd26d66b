import { envSetting } from "../../utils/env-settings"
import { LogThrottle } from "../../utils/log-throttle"

/**
 * Makes a flood of forged webhooks cheap: past `freePerSecond` answers that name nothing of this store's,
 * each further 200 is held `holdMs`, so a sender waiting for answers gets through at most its concurrency
 * per `holdMs`. Tikkie's own webhooks name real orders and are never held. Per process on purpose: it
 * protects this event loop (docs/production.md).
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

  /** 0: send now. Counts it. */
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

  get totalHeld(): number {
    return this.heldTotal
  }
}

export const IDLE_HOOK_BRAKE = new IdleHookBrake({
  freePerSecond: () => envSetting("TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND"),
  holdMs: 2_000,
  maxHeld: 2_000,
})

const FLOOD_LOG = new LogThrottle("notices of held hook answers", 1)

/** Holds an idle answer when the brake says so; logs a flood once a minute at most. */
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
