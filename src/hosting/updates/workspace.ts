import fs from 'node:fs';
import path from 'node:path';
import { deadLocalProcess, localPlaceTag } from '../../jobs/index.js';
import { removeTree, resolveInside } from '../../shared/index.js';
import type { SiteKey } from '../storage/site-store.js';

// A site's workspace, kept between its updates so a one-page push compiles and publishes one page:
//   work/projects/<projectId>/<_ | preview slug>/
//     lock         `<place tag> <pid>` of the process using it (one update at a time)
//     repo/        the checkout, fetched into by each update instead of cloned afresh
//     source.json  the repository URL and branch the checkout is of, and the commit it was last fetched at
//     out/         the output of the site's last successful build, with its `.folio-cache`
//     seed.json    present only while `out/` is such an output: the update and the build settings
// Each site has its own (production and every preview, never shared between projects): what one
// untrusted build leaves is read only by the next build of the same site, on the same sandbox worker,
// as data the build already validates when it reads its cache (`folio build` re-runs). `seed.json` is
// deleted before a build starts and written after its output is published, so a failed, refused or
// killed build never seeds the next one: that one starts from an empty folder.

/** The settings a seed was built with: a change of any of them starts from an empty output. */
export interface SeedSettings {
  repoUrl: string;
  branch: string;
  docsDir: string;
  basePath: string;
  protect: string;
}

interface SeedRecord extends SeedSettings {
  updateId: string;
}

export class SiteWorkspace {
  readonly checkout: string;
  readonly out: string;
  private released = false;

  constructor(readonly dir: string) {
    this.checkout = path.join(dir, 'repo');
    this.out = path.join(dir, 'out');
  }

  /** Whether `out/` holds the last successful build of these settings (else it is emptied by `startBuild`). */
  seeded(settings: SeedSettings): boolean {
    const record = readJson<SeedRecord>(path.join(this.dir, 'seed.json'));
    if (!record) return false;
    return (Object.keys(settings) as Array<keyof SeedSettings>).every((k) => record[k] === settings[k]) && fs.existsSync(this.out);
  }

  /** The update whose published build `out/` is, when it seeds a build of these settings (`seeded`); else null. */
  seedOf(settings: SeedSettings): string | null {
    if (!this.seeded(settings)) return null;
    return readJson<SeedRecord>(path.join(this.dir, 'seed.json'))?.updateId ?? null;
  }

  /** Before a build: the seed record goes first (a build stopped from here on seeds nothing), and an unseeded output is emptied. */
  async startBuild(seeded: boolean): Promise<void> {
    fs.rmSync(path.join(this.dir, 'seed.json'), { force: true });
    if (!seeded) await removeTree(this.out);
  }

  /** After the build was published: its output seeds the next update. */
  seed(updateId: string, settings: SeedSettings): void {
    writeAtomic(path.join(this.dir, 'seed.json'), JSON.stringify({ ...settings, updateId } satisfies SeedRecord));
  }

  /** A build that failed: its output is thrown away (through the thread pool). */
  async discardOutput(): Promise<void> {
    fs.rmSync(path.join(this.dir, 'seed.json'), { force: true });
    await removeTree(this.out);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    fs.rmSync(path.join(this.dir, 'lock'), { force: true });
  }
}

/** The workspace folder of a site, or null when its ids cannot name a folder. */
export function workspaceDir(dataDir: string, site: SiteKey): string | null {
  if (site.preview !== null && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(site.preview)) return null;
  const project = resolveInside(path.join(path.resolve(dataDir), 'work', 'projects'), site.projectId);
  if (!project || path.basename(project) !== site.projectId) return null;
  return path.join(project, site.preview ?? '_');
}

/**
 * Take a site's workspace for one update, or null when another live process holds it (two servers on
 * one data folder and one PostgreSQL): that update then fetches and builds from scratch in folders of
 * its own. A lock whose process is gone (kill -9) is taken over.
 */
export function openWorkspace(dataDir: string, site: SiteKey): SiteWorkspace | null {
  const dir = workspaceDir(dataDir, site);
  if (!dir) return null;
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, 'lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, `${localPlaceTag()} ${process.pid}`, { flag: 'wx' });
      return new SiteWorkspace(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [tag = '', pid = '0'] = (readText(lock) ?? '').split(' ');
      // Updates of one project run one after another in this process: a lock of this pid is a predecessor's.
      if (!deadLocalProcess(tag, Number(pid))) return null;
      fs.rmSync(lock, { force: true });
    }
  }
  return null;
}

/** The repository a kept checkout was fetched from, to fetch into it again only for the same one. */
export function checkoutSource(ws: SiteWorkspace): { url: string; branch: string; commit?: string } | null {
  return readJson(path.join(ws.dir, 'source.json'));
}

export function recordCheckoutSource(ws: SiteWorkspace, source: { url: string; branch: string; commit?: string }): void {
  writeAtomic(path.join(ws.dir, 'source.json'), JSON.stringify(source));
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    // Missing: no record.
    return null;
  }
}

function readJson<T>(file: string): T | null {
  const text = readText(file);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    // Cut off by a crash while written (it is written by rename, so only a damaged disk does this): no record.
    return null;
  }
}

/** Write by rename, so a crash leaves the old record or the new one. */
function writeAtomic(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}
