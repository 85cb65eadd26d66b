import { InMemoryDistributedTransactionStorage } from "@medusajs/workflow-engine-inmemory/dist/utils/workflow-orchestrator-storage"
import * as pollFastCheckout from "../../src/jobs/poll-fast-checkout-orders"
import * as pollPaymentRequests from "../../src/jobs/poll-payment-requests"
import * as reconcileBank from "../../src/jobs/reconcile-tikkie-bank"
import * as sendReminders from "../../src/jobs/send-payment-link-reminders"
import * as subscribeNotifications from "../../src/jobs/subscribe-payment-request-notifications"

/**
 * The plugin's jobs in Medusa's own in-memory scheduler, and TIKKIE_SCHEDULED_JOBS=off. A schedule whose
 * next run is further away than one setTimeout can wait (2^31 ms) fires every millisecond instead: that
 * once ran the jobs in a tight loop until the database pool was exhausted.
 */
const jobs = { pollFastCheckout, pollPaymentRequests, reconcileBank, subscribeNotifications, sendReminders }
const MAX_TIMER_MS = 2 ** 31 - 1

describe("scheduled jobs", () => {
  const saved = process.env.TIKKIE_SCHEDULED_JOBS
  afterEach(() => {
    if (saved === undefined) delete process.env.TIKKIE_SCHEDULED_JOBS
    else process.env.TIKKIE_SCHEDULED_JOBS = saved
  })

  it("every job's next run fits in one timer and Medusa's scheduler runs it when due", async () => {
    for (const [name, job] of Object.entries(jobs)) {
      const runs: string[] = []
      const storage = new InMemoryDistributedTransactionStorage({
        workflowExecutionService: {} as never,
        logger: console as never,
      })
      storage.setWorkflowOrchestratorService({ run: async (id: string) => void runs.push(id) } as never)
      await storage.schedule(name, { cron: job.config.schedule })
      const delay = (storage as any).scheduled.get(name).timer._idleTimeout
      expect(delay).toBeGreaterThan(0)
      expect(delay).toBeLessThan(MAX_TIMER_MS)
      await (storage as any).jobHandler(name)
      expect(runs).toEqual([name])
      await storage.removeAll()
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
