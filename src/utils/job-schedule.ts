/**
 * TIKKIE_SCHEDULED_JOBS=off: each of the plugin's jobs returns at once when its schedule fires. The
 * integration tests run the jobs' functions themselves, at the moment a test means them to, so a poll
 * that fires on its own between two steps of a test cannot change what the test observes.
 *
 * Why in the handler and not in the schedule: a cron that never comes due ("0 3 29 2 *") is no way to
 * say "off". Medusa's in-memory scheduler puts the delay to the next run into one setTimeout, Node caps a
 * delay above 2^31 ms (24.8 days) to 1 ms, and the jobs then ran in a tight loop (seen in CI as a flood
 * of TimeoutOverflowWarning and a full database pool). A check in the handler works in every engine.
 */
export function tikkieScheduledJobsOff(): boolean {
  return process.env.TIKKIE_SCHEDULED_JOBS === "off"
}
