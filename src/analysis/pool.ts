// A bounded pool: the per-item requests of a view or a command (path traces of a round, session
// details) run a few at a time, so one reader never floods the rate limit. Plain JavaScript:
// the walks in src/analysis and the panels in src/vscode share it.

/**
 * Runs `work` for every item, at most `limit` at once, starting them in order; resolves when
 * all are done (the first failure rejects). `stop` is asked before each start.
 */
export async function forEachAtMost<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !stop()) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
