import { finishUpdate, listUnfinishedUpdates, type Database } from '../../db/index.js';
import type { SiteStore } from '../storage/site-store.js';

export interface RecoverUpdatesOptions {
  db: Database;
  store: SiteStore;
  /** Only updates created before this (a shared PostgreSQL: other servers may be building younger ones); all when omitted. */
  createdBefore?: Date;
  log?: (line: string) => void;
}

/**
 * Settle the updates a stopped server left unfinished, so each record agrees with the live site.
 * The switch of the live build (a renamed link, or one statement in `site_builds`) and the update's
 * `success` are two writes; a kill between them left the new build live under an update reading
 * `failure`. An unfinished update whose build is its site's live build is recorded as a success
 * here; every other one failed (`UPDATE_INTERRUPTED`), and the live site is the one before it.
 */
export async function recoverUnfinishedUpdates({ db, store, createdBefore, log = () => {} }: RecoverUpdatesOptions): Promise<{ published: number; failed: number }> {
  let published = 0;
  let failed = 0;
  for (const update of await listUnfinishedUpdates(db, createdBefore)) {
    const site = { projectId: update.projectId, preview: update.previewSlug };
    // Storage unreachable: the build cannot be shown live, so the update counts as interrupted.
    const live = await store.current(site).catch(() => null);
    if (live?.buildId === update.id) {
      const what = update.previewSlug ? ` as preview ${update.previewSlug}` : '';
      const done = await finishUpdate(db, update.id, {
        status: 'success',
        summary: `Published${what}; the server stopped after the switch to this build, before recording it (recorded at the next start).`,
      });
      if (done) published++;
      continue;
    }
    const done = await finishUpdate(db, update.id, { status: 'failure', summary: 'UPDATE_INTERRUPTED: the server stopped during this update; trigger it again.' });
    if (done) failed++;
  }
  if (published > 0) log(`recorded ${published} update(s) whose build went live before the server stopped as published`);
  if (failed > 0) log(`marked ${failed} interrupted update(s) as failed`);
  return { published, failed };
}
