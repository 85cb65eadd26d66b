/**
 * At most `perMinute` log lines of one kind a minute from this process; the rest are counted and the
 * first line of a later minute says how many were left out. For warnings a caller can cause at will
 * (a forged webhook per request): a flood must not become a flood of log lines. Per process on purpose:
 * it only bounds this process's own output, no other instance needs it.
 */
export class LogThrottle {
  private minute = -1
  private written = 0
  private skipped = 0

  constructor(
    /** What the lines are about, for the "left out" line: "Tikkie Fast Checkout webhooks for unknown orders". */
    private readonly about: string,
    private readonly perMinute = 10,
    private readonly now: () => number = Date.now
  ) {}

  warn(logger: { warn(message: string): unknown }, line: () => string): void {
    const minute = Math.floor(this.now() / 60_000)
    if (minute !== this.minute) {
      if (this.skipped) logger.warn(`${this.skipped} more ${this.about} were not logged in an earlier minute`)
      this.minute = minute
      this.written = 0
      this.skipped = 0
    }
    if (this.written < this.perMinute) {
      this.written++
      logger.warn(line())
    } else {
      this.skipped++
    }
  }
}
