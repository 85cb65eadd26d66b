/**
 * The plugin's job schedules, switched off with TIKKIE_SCHEDULED_JOBS=off: the integration tests run the
 * jobs' functions themselves, at the moment a test means them to, so a poll that fires on its own
 * between two steps of a test cannot change what the test observes. "Off" is 03:00 on February 29th
 * (cron-parser refuses a date that never comes).
 */
const NEVER = "0 3 29 2 *"

export function tikkieJobSchedule(cron: string): string {
  return process.env.TIKKIE_SCHEDULED_JOBS === "off" ? NEVER : cron
}
