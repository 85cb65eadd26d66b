/** At most `perMinute` warnings of one kind a minute from this process, for what a caller can cause at will. */
export class LogThrottle {
  private minute = -1
  private written = 0
  private skipped = 0

  constructor(
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
