/**
 * Emit options for an event a /hooks route hands to the workers, keyed by what it is about.
 *
 * With Medusa's Redis event bus every emit is a BullMQ job, and these options go to the job as they are:
 * - `jobId`: BullMQ adds no second job with the id of one still waiting, delayed or running, so Tikkie's
 *   repeats of a webhook (up to three, more in a storm) and a flood of copies fold into the one job in
 *   flight, across every server instance, instead of each costing a job a worker must take;
 * - `removeOnComplete` / `removeOnFail`: the job leaves Redis when done either way, so the next real news
 *   about the same key becomes a job again (a failed job kept under its id would fold every later
 *   webhook into nothing; the poll would still settle it, but a minute late).
 * - `delay` (`delayMs`, when given): the job waits that long before a worker may take it (a BullMQ delayed
 *   job, still folded by its id meanwhile).
 * Medusa's in-memory event bus ignores all but `delay` (it waits in process); its subscriber folds
 * repeats in process (coalescing-queue.ts).
 */
export function hookEventOptions(
  key: string,
  delayMs?: number
): { jobId: string; removeOnComplete: true; removeOnFail: true; delay?: number } {
  return {
    jobId: key,
    removeOnComplete: true,
    removeOnFail: true,
    ...(delayMs && delayMs > 0 ? { delay: Math.ceil(delayMs) } : {}),
  }
}
