import { InMemoryDistributedTransactionStorage } from "@medusajs/workflow-engine-inmemory/dist/utils/workflow-orchestrator-storage"
import * as pollFastCheckout from "../../src/jobs/poll-fast-checkout-orders"
import * as pollPaymentRequests from "../../src/jobs/poll-payment-requests"
import * as reconcileBank from "../../src/jobs/reconcile-tikkie-bank"
import * as subscribeNotifications from "../../src/jobs/subscribe-payment-request-notifications"
import { tikkieJobSchedule } from "../../src/lib/job-schedule"

/**
 * TIKKIE_SCHEDULED_JOBS=off must mean "never runs" in Medusa's own in-memory scheduler, not "runs in a
 * tight loop": a far-away cron overflowed setTimeout (Node caps delays above 2^31 ms to 1 ms) and the
 * jobs ran back to back until the database pool was exhausted.
 */
const jobs = { pollFastCheckout, pollPaymentRequests, reconcileBank, subscribeNotifications }
const MAX_TIMER_MS = 2 ** 31 - 1

function scheduler() {
  const runs: string[] = []
  const storage = new InMemoryDistributedTransactionStorage({ workflowExecutionService: {} as never, logger: console as never })
  storage.setWorkflowOrchestratorService({ run: async (id: string) => void runs.push(id) } as never)
  return { storage, runs }
}

describe("scheduled job switch", () => {
  const saved = process.env.TIKKIE_SCHEDULED_JOBS
  afterEach(() => {
    if (saved === undefined) delete process.env.TIKKIE_SCHEDULED_JOBS
    else process.env.TIKKIE_SCHEDULED_JOBS = saved
  })

  it("on: every job's next run fits in one timer and the scheduler runs it when due", async () => {
    delete process.env.TIKKIE_SCHEDULED_JOBS
    for (const [name, job] of Object.entries(jobs)) {
      // config was read at import, perhaps with jobs off (npm test sets that): take its cron either way
      const cron = typeof job.config.schedule === "string" ? job.config.schedule : job.config.schedule.cron
      expect(tikkieJobSchedule(cron)).toBe(cron)
      const { storage, runs } = scheduler()
      await storage.schedule(name, { cron })
      const timer = (storage as any).scheduled.get(name).timer
      const delay = timer._idleTimeout
      expect(delay).toBeGreaterThan(0)
      expect(delay).toBeLessThan(MAX_TIMER_MS)
      await (storage as any).jobHandler(name)
      expect(runs).toEqual([name])
      await storage.removeAll()
    }
  })

  it("off: the scheduler drops each job at its first due time without running it", async () => {
    process.env.TIKKIE_SCHEDULED_JOBS = "off"
    for (const cron of ["* * * * *", "*/30 * * * *"]) {
      const schedule = tikkieJobSchedule(cron)
      expect(schedule).toEqual({ cron, numberOfExecutions: 0 })
      const { storage, runs } = scheduler()
      await storage.schedule("job", schedule as { cron: string; numberOfExecutions: number })
      expect((storage as any).scheduled.get("job").timer._idleTimeout).toBeLessThan(MAX_TIMER_MS)
      await (storage as any).jobHandler("job")
      expect(runs).toEqual([])
      expect((storage as any).scheduled.has("job")).toBe(false)
    }
  })

  it("off: each job's handler returns without touching the container", async () => {
    process.env.TIKKIE_SCHEDULED_JOBS = "off"
    const container = {
      resolve: () => {
        throw new Error("resolved while jobs are off")
      },
    }
    for (const job of Object.values(jobs)) {
      await expect(job.default(container as never)).resolves.toBeUndefined()
    }
  })
})
