import fs from 'node:fs';
import path from 'node:path';
import { getPreviewBySlug, getProject, getUpdate, type Database } from '../../db/index.js';
import { deadLocalProcess, localPlaceTag } from '../../jobs/index.js';
import { removeTree } from '../../shared/index.js';
import type { SiteStore } from '../storage/site-store.js';

// What updates leave in the data folder while they run, and who owns it:
//   work/folio-update-<place>-<pid>-<random>/   a temporary checkout; owned by process <pid> of <place>
//   work/s3-builds/<project>-<site>-<update>/   a build waiting for its upload (shared storage)
//   sites/<project>/[previews/<slug>/]builds/<update>/   a build (local storage); owned by its update
//   sites/<project>/[previews/<slug>/]next.tmp/, next/   links for the site's next publish (`storage/site-store.ts`):
//                                               made in next.tmp, renamed to next, vouched for by next.json
//   work/projects/<project>/<_ | slug>/         a site's workspace (`workspace.ts`); owned by its site while it exists
// A process killed in the middle (kill -9, a power cut) leaves them behind: 83 MB and ~20,000 files a
// checkout for a large repository, five kills seen filling the disk (issue 35). `removeOrphanWork`
// runs at startup, after the unfinished updates are settled, and deletes what no live owner holds.

/** The mkdtemp prefix of this process's temporary checkouts: its place and pid say who owns one. */
export function workFolderPrefix(): string {
  return `folio-update-${localPlaceTag()}-${process.pid}-`;
}

const OWNED = /^folio-update-([0-9a-f]{8})-(\d+)-[A-Za-z0-9]+$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface OrphanWorkOptions {
  db: Database;
  dataDir: string;
  store: SiteStore;
  /**
   * This process alone uses the data folder (PGlite locks it): every leftover is an orphan. On a
   * shared PostgreSQL other servers may use the same folder: only folders whose owner is known gone
   * (same machine, process gone) or whose update has ended are removed, and untagged checkouts of
   * older versions only once they are an hour old (as `recoverUnfinishedUpdates` settles updates).
   */
  exclusive: boolean;
  /** When this process started: a checkout tagged with this process's own pid but older belongs to a predecessor. */
  startedAt?: number;
  now?: number;
}

/** The folders to delete (absolute paths), decided before any update of this process starts. */
export async function orphanWorkFolders({ db, dataDir, store, exclusive, startedAt = Date.now() - process.uptime() * 1000, now = Date.now() }: OrphanWorkOptions): Promise<string[]> {
  const data = path.resolve(dataDir);
  const work = path.join(data, 'work');
  const orphans: string[] = [];
  for (const name of list(work)) {
    if (!name.startsWith('folio-update-')) continue;
    const dir = path.join(work, name);
    const owner = OWNED.exec(name);
    const mtime = fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? now;
    if (owner) {
      const pid = Number(owner[2]);
      const ours = owner[1] === localPlaceTag() && pid === process.pid;
      // This very pid: a predecessor's folder (the same pid again, a container's PID 1) if made before this process started.
      if (ours ? mtime < startedAt : exclusive || deadLocalProcess(owner[1]!, pid)) orphans.push(dir);
    } else if (exclusive || now - mtime > 3_600_000) {
      orphans.push(dir);
    }
  }
  // A build waiting for its upload is deleted by the upload; one left over belongs to an update that ended.
  const s3Builds = path.join(work, 's3-builds');
  for (const name of list(s3Builds)) {
    const id = UUID.exec(name)?.[0];
    if (!id || (await ended(db, id, exclusive))) orphans.push(path.join(s3Builds, name));
  }
  // Workspaces of deleted projects and previews (a preview swept by its TTL): unless a live process holds one.
  const projects = path.join(work, 'projects');
  for (const projectId of list(projects)) {
    const project = await getProject(db, projectId);
    for (const name of list(path.join(projects, projectId))) {
      const dir = path.join(projects, projectId, name);
      const gone = !project || (name !== '_' && !(await getPreviewBySlug(db, projectId, name)));
      if (gone && !heldByLiveProcess(dir, exclusive)) orphans.push(dir);
    }
  }
  if (store.kind === 'local') {
    for (const site of siteDirs(path.join(data, 'sites'))) {
      const live = liveTarget(site);
      const builds = path.join(site, 'builds');
      for (const name of list(builds)) {
        const dir = path.join(builds, name);
        const real = realPath(dir);
        if (real === null || real === live) continue;
        // A build whose update failed (or was interrupted) never went live: a partial or refused build.
        // Earlier successes stay until the next publish prunes them (a reader may still be on one).
        const row = await getUpdate(db, name);
        if (!row ? UUID.test(name) || exclusive : row.status === 'failure') orphans.push(dir);
      }
      // The links prepared for the next publish: a next.tmp is never finished (a kill cut it off; the
      // rename to next ends it), and a next whose next.json does not name the live build was cut off
      // while a publish refreshed it (the marker goes first) or is of an older build. Either waits for
      // the next publish otherwise, thousands of links each (17,129 seen). A ready one stays.
      // On a shared folder another server may be making one: only an hour-old one goes.
      const unowned = (dir: string) => exclusive || now - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? now) > 3_600_000;
      const temp = path.join(site, 'next.tmp');
      if (fs.existsSync(temp) && unowned(temp)) orphans.push(temp);
      const next = path.join(site, 'next');
      if (fs.existsSync(next) && !(live !== null && readText(path.join(site, 'next.json')) === path.basename(live)) && unowned(next)) orphans.push(next);
    }
  }
  return orphans;
}

/**
 * Delete the leftovers of updates no live process runs any more; resolves with how many folders
 * went. The removal goes through the thread pool (the server answers meanwhile).
 */
export async function removeOrphanWork(options: OrphanWorkOptions & { log?: (line: string) => void }): Promise<number> {
  const orphans = await orphanWorkFolders(options);
  await Promise.all(orphans.map((dir) => removeTree(dir)));
  if (orphans.length > 0) options.log?.(`removed ${orphans.length} folder(s) left by interrupted updates`);
  return orphans.length;
}

/** Whether a workspace's lock names a process that may still be running (never, when this process owns the data folder). */
function heldByLiveProcess(dir: string, exclusive: boolean): boolean {
  if (exclusive) return false;
  let owner: string;
  try {
    owner = fs.readFileSync(path.join(dir, 'lock'), 'utf8');
  } catch {
    // No lock: nobody builds in it.
    return false;
  }
  const [tag = '', pid = '0'] = owner.split(' ');
  return !deadLocalProcess(tag, Number(pid));
}

/** Whether update `id` has ended (or does not exist); an unknown one is ended only when this process owns the data folder. */
async function ended(db: Database, id: string, exclusive: boolean): Promise<boolean> {
  const row = await getUpdate(db, id);
  if (!row) return exclusive;
  return row.status === 'success' || row.status === 'failure';
}

function list(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    // No such folder yet: nothing was left there.
    return [];
  }
}

/** Every site folder under `sites/`: each project's and each of its previews'. */
function siteDirs(sites: string): string[] {
  const out: string[] = [];
  for (const project of list(sites)) {
    const dir = path.join(sites, project);
    out.push(dir);
    for (const slug of list(path.join(dir, 'previews'))) out.push(path.join(dir, 'previews', slug));
  }
  return out;
}

/** A small file's text, or null when it cannot be read. */
function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    // Not there: nothing vouches.
    return null;
  }
}

function realPath(dir: string): string | null {
  try {
    return fs.realpathSync(dir);
  } catch {
    // Gone meanwhile.
    return null;
  }
}

/** The build folder a site's `current` link names, or null. */
function liveTarget(siteDir: string): string | null {
  try {
    return fs.realpathSync(path.join(siteDir, 'current'));
  } catch {
    // No live build.
    return null;
  }
}
