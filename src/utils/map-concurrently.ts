/**
 * `items.map(fn)` with at most `concurrency` calls of `fn` running at once; answers in the items' order.
 * The poll jobs settle their records this way: one by one took minutes once a few hundred orders were
 * open (each a Tikkie read under the store-wide rate limit, some a cart completion), all at once would
 * take the store's whole database pool.
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T) => Promise<R>
): Promise<R[]> {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError("concurrency must be a whole number of at least 1")
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i])
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return out
}
