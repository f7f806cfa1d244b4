import fs from 'node:fs';
import path from 'node:path';
import { randomBase36 } from '../../db/index.js';
import { removeTree, resolveInside } from '../../shared/index.js';

// Layout under the data dir:
//   sites/<projectId>/builds/<updateId>/   one directory per successful build
//   sites/<projectId>/current -> builds/<updateId>   the published one (a symlink)
//   sites/<projectId>/previews/<slug>/{builds,current}   the same for each preview
// Publishing renames a fresh symlink over `current`; rename(2) is atomic, so a
// reader resolves either the old build or the new one, never a partial tree.

/** Directory holding one project's builds and its `current` link, or null for an unsafe id. */
export function projectSiteDir(dataDir: string, projectId: string): string | null {
  return resolveInside(path.join(path.resolve(dataDir), 'sites'), projectId);
}

/**
 * Directory of one preview (`sites/<projectId>/previews/<slug>/`, laid out like a project's:
 * `builds/` and `current`), or null for an unsafe id or slug.
 */
export function previewSiteDir(dataDir: string, projectId: string, slug: string): string | null {
  const siteDir = projectSiteDir(dataDir, projectId);
  if (!siteDir || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return null;
  return resolveInside(path.join(siteDir, 'previews'), slug);
}

/** The site directory for a project's production site (`preview` null) or one of its previews. */
export function siteDirFor(dataDir: string, projectId: string, preview: string | null = null): string | null {
  return preview === null ? projectSiteDir(dataDir, projectId) : previewSiteDir(dataDir, projectId, preview);
}

/** Where a build for `updateId` is written before it is published. */
export function buildDirFor(siteDir: string, updateId: string): string {
  return path.join(siteDir, 'builds', updateId);
}

/** The published build's directory (through the `current` link), or null when nothing is published. */
export function publishedDir(siteDir: string): string | null {
  const current = path.join(siteDir, 'current');
  try {
    return fs.realpathSync(current);
  } catch {
    // No `current` link (or it dangles): nothing is published.
    return null;
  }
}

/** `servedDir`'s answers: site directory → the link's text when it was resolved, and the build it named. */
const served = new Map<string, { target: string; dir: string }>();

/**
 * `publishedDir` for serving: each request of a site asks it, and resolving the link's real path
 * (a system call per folder of the path) on the server's thread took a tenth of an event's time under a
 * flood. Here one `readlink` tells whether the link still names the build resolved before; a
 * publish by any process (a worker sharing the data directory too) is served from the next request.
 */
export function servedDir(siteDir: string): string | null {
  let target: string;
  try {
    target = fs.readlinkSync(path.join(siteDir, 'current'));
  } catch {
    // No `current` link: nothing is published.
    return null;
  }
  const hit = served.get(siteDir);
  if (hit && hit.target === target) return hit.dir;
  const dir = publishedDir(siteDir);
  if (dir === null) return null;
  if (served.size > 10_000) served.clear();
  served.set(siteDir, { target, dir });
  return dir;
}

/**
 * Point `current` at `buildDir` atomically (done when this returns), then delete builds older than
 * the previous one: the returned promise settles once they are gone. The deletion runs in a child
 * process (`removeTree`), so a large old build does not hold up the event loop that answers HTTP.
 */
export function publishBuild(siteDir: string, buildDir: string): Promise<void> {
  const current = path.join(siteDir, 'current');
  const previous = publishedDir(siteDir);
  const temp = path.join(siteDir, `.current-${randomBase36(8)}`);
  fs.symlinkSync(path.relative(siteDir, buildDir), temp, 'dir');
  try {
    fs.renameSync(temp, current);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  // Keep the previous build a while: a request that resolved it just before the swap may still be reading.
  const keep = new Set([path.resolve(buildDir), previous ? path.resolve(previous) : '']);
  const builds = path.join(siteDir, 'builds');
  const old = fs.readdirSync(builds).map((name) => path.join(builds, name)).filter((dir) => !keep.has(path.resolve(dir)));
  return Promise.all(old.map((dir) => removeTree(dir))).then(() => undefined);
}
