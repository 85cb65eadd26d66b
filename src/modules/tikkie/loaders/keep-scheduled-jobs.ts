import type { LoaderOptions, Logger } from "@medusajs/framework/types"
import { WorkflowManager, WorkflowScheduler, type WorkflowDefinition } from "@medusajs/framework/orchestration"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorMessage } from "../../../utils/error-message"
import { isOneOffCommand } from "./check-production-shape"

/** How often each instance that runs jobs checks that the plugin's schedules are still in Redis. */
export const SCHEDULE_CHECK_MS = 30_000

/** The plugin's jobs as Medusa's job loader names their workflows (`job-<config.name>`). */
const PLUGIN_JOB_PREFIX = "job-tikkie-"

/**
 * Medusa registers a scheduled job once, at start: on the Redis workflow engine, as a repeatable BullMQ
 * job that lives only in Redis. A Redis that restarts empty (no persistence, a failover to an empty
 * replica, a FLUSHALL) loses every schedule, and the instances reconnect without registering them again:
 * the poll never runs, so a paid order whose webhook was lost never becomes an order.
 *
 * Every instance that runs jobs (the workflow engine gives it a job queue: `worker` and `shared`) looks
 * every SCHEDULE_CHECK_MS for the plugin's schedules and registers a missing one again, through Medusa's
 * own scheduler, with the definition this process loaded. Several instances may do it at once: the
 * schedule's key and the next run's job id are fixed by the job's name and time, so Redis keeps one.
 * The in-memory engine keeps its schedules in the process and has no job queue: nothing to do there.
 */
export default async function keepScheduledJobs({ container }: LoaderOptions): Promise<void> {
  if (isOneOffCommand(process.argv)) return
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    restoreMissingSchedules(logger)
      .catch((e) => logger.warn(`Tikkie: checking the scheduled jobs in Redis failed (${errorMessage(e)}); will retry`))
      .finally(() => (running = false))
  }, SCHEDULE_CHECK_MS)
  timer.unref()
}

type RepeatableJobs = { getRepeatableJobs(): Promise<Array<{ key: string }>> }

/** Registers again each of the plugin's schedules missing from the job queue; answers their names. */
export async function restoreMissingSchedules(logger: Logger): Promise<string[]> {
  const storage = (WorkflowScheduler as unknown as { storage?: { jobQueue?: RepeatableJobs } }).storage
  const queue = storage?.jobQueue
  if (!queue?.getRepeatableJobs) return []
  const workflows = WorkflowManager.getWorkflows() as Map<string, WorkflowDefinition>
  const ours = [...workflows.values()].filter((w) => w.id.startsWith(PLUGIN_JOB_PREFIX) && w.options?.schedule)
  if (!ours.length) return []
  const present = new Set((await queue.getRepeatableJobs()).map((j) => j.key))
  const missing = ours.filter((w) => !present.has(`schedule_${w.id}`))
  for (const workflow of missing) await WorkflowManager.scheduler.scheduleWorkflow(workflow)
  if (missing.length) {
    logger.warn(
      `Tikkie: the scheduled jobs ${missing.map((w) => w.id).join(", ")} were gone from Redis (restarted empty?); registered again`
    )
  }
  return missing.map((w) => w.id)
}
