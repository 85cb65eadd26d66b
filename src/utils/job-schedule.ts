/**
 * TIKKIE_SCHEDULED_JOBS=off: every job returns at once (tests run the jobs' functions themselves). Checked in
 * the handler: a cron that never comes due overflows Node's setTimeout, and the job then runs in a tight loop.
 */
export function tikkieScheduledJobsOff(): boolean {
  return process.env.TIKKIE_SCHEDULED_JOBS === "off"
}
