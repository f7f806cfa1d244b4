import { deletePreview, stalePreviews, type Database } from '../../db/index.js';
import { siteStoreOf, type SiteStore } from '../storage/site-store.js';

/** Delete a preview: its row and its builds (`store`: a data directory means the local store). True when the row existed. */
export async function removePreview(db: Database, store: SiteStore | string, projectId: string, slug: string): Promise<boolean> {
  // Files first, the row last: a crash between leaves the row, and the next sweep removes what is left.
  if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) await siteStoreOf(store).remove({ projectId, preview: slug });
  return deletePreview(db, projectId, slug);
}

/** Delete every preview not triggered within `ttlMs`; returns how many were removed. */
export async function sweepPreviews(db: Database, dataDir: SiteStore | string, ttlMs: number, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const preview of await stalePreviews(db, new Date(now - ttlMs))) {
    if (await removePreview(db, dataDir, preview.projectId, preview.slug)) removed++;
  }
  return removed;
}

/**
 * Sweep stale previews now and then every `everyMs` (a quarter of the TTL, at most 10 minutes)
 * until the returned stop is called. Failures go to `log`; the next sweep tries again.
 */
export function startPreviewSweeper(options: { db: Database; dataDir: SiteStore | string; ttlMs: number; everyMs?: number; log?: (line: string) => void }): () => void {
  const { db, dataDir, ttlMs, log = () => {} } = options;
  const everyMs = options.everyMs ?? Math.max(1_000, Math.min(ttlMs / 4, 600_000));
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= sweepPreviews(db, dataDir, ttlMs)
      .then((n) => {
        if (n > 0) log(`swept ${n} preview(s) unused for ${Math.round(ttlMs / 1000)} s`);
      })
      .catch((error: unknown) => log(`preview sweep failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
