/**
 * Emit options for an event a /hooks route hands to the workers. On the Redis event bus, `jobId` folds
 * Tikkie's repeats into the one BullMQ job in flight across instances, and removal on completion or
 * failure lets the next real news become a job again. The in-memory bus honours only `delay`.
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
