import type { LoaderOptions, Logger } from "@medusajs/framework/types"
import { WorkflowManager, WorkflowScheduler, type WorkflowDefinition } from "@medusajs/framework/orchestration"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { errorMessage } from "../../../utils/error-message"
import { isOneOffCommand } from "./check-production-shape"

export const SCHEDULE_CHECK_MS = 30_000

const PLUGIN_JOB_PREFIX = "job-tikkie-"

/**
 * Medusa registers scheduled jobs once, as repeatable BullMQ jobs in Redis: a Redis that restarts empty
 * loses them and the poll never runs. So every job-running instance re-registers a missing one through
 * Medusa's scheduler; fixed keys and job ids make concurrent re-registrations one.
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
