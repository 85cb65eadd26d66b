/**
 * The plugin's job schedules, switched off with TIKKIE_SCHEDULED_JOBS=off: the integration tests run the
 * jobs' functions themselves, at the moment a test means them to, so a poll that fires on its own
 * between two steps of a test cannot change what the test observes.
 *
 * "Off" keeps the cron but allows zero executions: the in-memory workflow engine drops such a job at its
 * first due time without running it. A cron that never comes due is no way to say "off": the engine puts
 * the delay to the next run into one setTimeout, Node caps a delay above 2^31 ms (24.8 days) to 1 ms, and
 * the job then ran in a tight loop (seen in CI as a flood of TimeoutOverflowWarning and a full knex
 * pool). Each job's handler also returns at once when off (`tikkieScheduledJobsOff`), for engines that
 * read "0 executions" as "no limit".
 */
export type TikkieJobSchedule = string | { cron: string; numberOfExecutions: number }

export function tikkieScheduledJobsOff(): boolean {
  return process.env.TIKKIE_SCHEDULED_JOBS === "off"
}

export function tikkieJobSchedule(cron: string): TikkieJobSchedule {
  return tikkieScheduledJobsOff() ? { cron, numberOfExecutions: 0 } : cron
}
