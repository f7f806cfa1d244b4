/**
 * Run `fn` over `items` with at most `limit` running at a time. For file work over a repository's
 * files: one `Promise.all` over 20,000 of them opens 20,000 files at once, past the open-file limit
 * (the build sandbox allows 4,096), and the build fails with EMFILE.
 */
export async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  });
  await Promise.all(workers);
}
