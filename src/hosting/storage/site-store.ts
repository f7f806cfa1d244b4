import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isInside, removeTree, resolveInside } from '../../shared/index.js';
import { buildDirFor, publishBuild, publishedDir, servedDir, siteDirFor } from '../updates/publish.js';
import { ByteLru } from './lru.js';
import { linkTree, refreshChanged, refreshSnapshot, snapshotBuild, type SnapshotStats } from './snapshot.js';

/**
 * What a site workspace's build changed in its output since that output was published as build `since`
 * (`BuildStats.changed`): a store that still serves `since` brings its copy over at these paths only.
 */
export interface OutputChanges {
  since: string;
  paths: readonly string[];
}

/** A site: a project's production site (`preview` null) or one of its previews. */
export interface SiteKey {
  projectId: string;
  preview: string | null;
}

/** Bytes `start` to `end` of a file, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A file of a build opened for serving: its size now, its bytes (all or one range) as a stream when asked. */
export interface BuildFile {
  readonly size: number;
  /** A strong validator when the store has one (S3: the content's hash), for `ETag` and `If-Range`. */
  readonly etag?: string;
  /**
   * The bytes as a stream, never the whole file in memory (a site may publish videos and archives of
   * gigabytes). Storage trouble before the first byte rejects (SITE_STORAGE_UNAVAILABLE on S3).
   */
  body(range?: ByteRange): Promise<ReadableStream<Uint8Array>>;
}

/** Text made for one answer (a page cut or filled for its reader) as a file to serve, its ETag from its bytes. */
export function textBuildFile(text: string): BuildFile {
  const bytes = Buffer.from(text, 'utf8');
  return {
    size: bytes.length,
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
    body: async (range) => new Blob([range ? bytes.subarray(range.start, range.end + 1) : bytes]).stream(),
  };
}

/** A build file's whole text (pages and text files the server rewrites per answer, never media). */
export async function buildFileText(file: BuildFile): Promise<string> {
  return Buffer.from(await new Response(await file.body()).arrayBuffer()).toString('utf8');
}

/** One published build, read by path relative to its root (`guide/index.html`). Builds never change once published. */
export interface PublishedBuild {
  /** The build's identity (cache key of what is derived from it: settings, redirects, page index). */
  readonly key: string;
  /** The id it was published under (the update's id): what recovery at start compares with unfinished updates. */
  readonly buildId: string;
  /** The file's bytes, for the small files Folio reads itself (settings, redirects); null when the build has no such file (or the path leaves the build). */
  read(relativePath: string): Promise<Buffer | null>;
  /** The file for serving; null as for `read`. */
  open(relativePath: string): Promise<BuildFile | null>;
}

/**
 * Where published sites live. Two implementations: `LocalSiteStore` (the data directory, a
 * `current` link per site; the default) and `S3SiteStore` (shared object storage, the live build
 * switched in PostgreSQL, so several `folio serve` processes serve every site).
 */
export interface SiteStore {
  readonly kind: 'local' | 's3';
  /** A fresh local folder to build `buildId` into before it is published; null when the site cannot name a folder. */
  buildDir(site: SiteKey, buildId: string): string | null;
  /**
   * Make the build in `dir` the site's live build, atomically. `dir` is either the store's own
   * `buildDir` (taken over) or a site workspace's output, which the site's next build rewrites in
   * place: the store then publishes a copy of it (only what changed since the live build) and leaves it as it is.
   */
  publish(site: SiteKey, buildId: string, dir: string, log?: (line: string) => void, changes?: OutputChanges): Promise<void>;
  /** Throw away a build folder that will not be published (a failed build); removed in the background. */
  discard(dir: string): void;
  /** The site's live build, or null when nothing is published. */
  current(site: SiteKey): Promise<PublishedBuild | null>;
  /** Delete a preview's published builds (local) or stop serving it (shared storage, cleaned later). */
  remove(site: SiteKey): Promise<void>;
  /** Stop background work (listeners, timers). */
  close(): Promise<void>;
}

/** Where a path of a build leads: a regular file's real path and size. */
interface Located {
  real: string;
  size: number;
}

/**
 * What a local store remembers of the files of the builds it serves, which never change once
 * published: where each path asked for leads (or that it leads nowhere), and the bytes of files of
 * up to an eighth of `contentBytes`. A page served from it costs no file system call; without it a
 * page took five (realpath, stat, open, read, close, plus the same lookups for its Markdown link),
 * about half of the server's time per page (1,900–2,700 pages a second on one core).
 */
export class LocalFileCache {
  private readonly located = new Map<string, Located | null>();
  readonly contents: ByteLru;

  constructor(
    contentBytes = DEFAULT_FILE_CACHE_BYTES,
    /** Paths remembered, found or not. */
    private readonly maxPaths = 50_000,
  ) {
    this.contents = new ByteLru(contentBytes);
  }

  /** `undefined`: not known yet. */
  where(key: string): Located | null | undefined {
    const found = this.located.get(key);
    if (found !== undefined) {
      // Most recently used last.
      this.located.delete(key);
      this.located.set(key, found);
    }
    return found;
  }

  remember(key: string, found: Located | null): void {
    this.located.set(key, found);
    if (this.located.size > this.maxPaths) this.located.delete(this.located.keys().next().value!);
  }

  get paths(): number {
    return this.located.size;
  }
}

/** `FOLIO_FILE_CACHE_MB` (default 64) megabytes of published files kept in memory by a local store. */
const DEFAULT_FILE_CACHE_BYTES = (() => {
  const mb = Number(process.env.FOLIO_FILE_CACHE_MB);
  return (Number.isFinite(mb) && mb >= 0 ? mb : 64) * 1024 * 1024;
})();

/** A build folder on this machine; with a `cache`, what it finds and reads is remembered (the build never changes). */
export class LocalBuild implements PublishedBuild {
  readonly buildId: string;
  constructor(
    readonly key: string,
    private readonly cache: LocalFileCache | null = null,
  ) {
    // `builds/<id>`: the folder is named after the build.
    this.buildId = path.basename(key);
  }

  /** The real path and size of a regular file of the build; null when missing or outside it. */
  private async locate(relativePath: string): Promise<Located | null> {
    const key = `${this.key}\0${relativePath}`;
    const known = this.cache?.where(key);
    if (known !== undefined) return known;
    const found = await this.find(relativePath);
    this.cache?.remember(key, found);
    return found;
  }

  private async find(relativePath: string): Promise<Located | null> {
    const file = resolveInside(this.key, relativePath);
    if (!file) return null;
    try {
      // A symlink inside the build must not lead outside it either.
      const real = await fsp.realpath(file);
      if (!isInside(this.key, real)) return null;
      const stat = await fsp.stat(real);
      return stat.isFile() ? { real, size: stat.size } : null;
    } catch {
      // Missing or unreadable: the caller tries the next candidate, then the site's 404 page.
      return null;
    }
  }

  /** Whether the file's bytes are kept in memory (there is a cache and the file is small enough for it). */
  private keeps(found: Located): boolean {
    return this.cache?.contents.fits(found.size) ?? false;
  }

  /** The whole file: from the cache, or read (and kept there when it `keeps` it); null when it cannot be read. */
  private async bytes(found: Located): Promise<Buffer | null> {
    const kept = this.cache?.contents.get(found.real);
    if (kept) return kept;
    const read = await fsp.readFile(found.real).catch(() => null);
    if (read && this.keeps(found)) this.cache!.contents.set(found.real, read);
    return read;
  }

  async read(relativePath: string): Promise<Buffer | null> {
    const found = await this.locate(relativePath);
    return found ? this.bytes(found) : null;
  }

  async open(relativePath: string): Promise<BuildFile | null> {
    const found = await this.locate(relativePath);
    if (!found) return null;
    return {
      size: found.size,
      body: async (range) => {
        const whole = this.keeps(found) ? await this.bytes(found) : null;
        if (whole) {
          const part = range ? whole.subarray(range.start, range.end + 1) : whole;
          return new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
              controller.close();
            },
          });
        }
        // Larger files are read as the answer is sent (64 KiB at a time); a reader that goes away stops the read.
        return Readable.toWeb(fs.createReadStream(found.real, range ? { start: range.start, end: range.end } : {})) as ReadableStream<Uint8Array>;
      },
    };
  }
}

/**
 * Published sites in `<dataDir>/sites/` (see `updates/publish.ts`): a build is written in place
 * under `builds/<id>` and a `current` link is renamed over the old one.
 */
export class LocalSiteStore implements SiteStore {
  readonly kind = 'local';
  /** Trees of links being prepared for each site's next publish, by site folder. */
  private readonly preparing = new Map<string, Promise<void>>();
  constructor(
    readonly dataDir: string,
    /** What the served builds' files are remembered in (`LocalFileCache`). */
    readonly files: LocalFileCache = new LocalFileCache(),
  ) {}

  buildDir(site: SiteKey, buildId: string): string | null {
    const siteDir = siteDirFor(this.dataDir, site.projectId, site.preview);
    return siteDir ? buildDirFor(siteDir, buildId) : null;
  }

  async publish(site: SiteKey, buildId: string, dir: string, log: (line: string) => void = () => {}, changes?: OutputChanges): Promise<void> {
    const siteDir = siteDirFor(this.dataDir, site.projectId, site.preview);
    if (!siteDir) throw new Error(`project ${site.projectId} or preview ${site.preview} cannot name a folder`);
    const target = buildDirFor(siteDir, buildId);
    if (path.resolve(dir) === target) return publishBuild(siteDir, target);
    // A site workspace's output: published as a copy of it, made from the links prepared after the last publish when they are there.
    await this.preparing.get(siteDir);
    await fsp.rm(target, { recursive: true, force: true });
    const live = publishedDir(siteDir);
    const next = path.join(siteDir, 'next');
    const marker = path.join(siteDir, 'next.json');
    const preparedFor = (await fsp.readFile(marker, 'utf8').catch(() => null)) ?? '';
    // Modified from here on: a crash leaves it without its marker, so it is never taken as ready.
    await fsp.rm(marker, { force: true });
    try {
      const prepared = live !== null && preparedFor === path.basename(live) && fs.existsSync(next);
      if (prepared && changes && changes.since === path.basename(live)) {
        // The links to the live build are the output as it was published: only what the build changed is looked at.
        const changed = await refreshChanged(dir, next, changes.paths);
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.rename(next, target);
        log(`Published what the build changed: ${changed.files} file(s) looked at, ${changed.copied} new or changed copied, ${changed.linked} unchanged kept, ${changed.removed} removed; every other file linked to the live build`);
      } else {
        let copied: SnapshotStats;
        if (prepared) {
          copied = await refreshSnapshot(dir, next);
          await fsp.mkdir(path.dirname(target), { recursive: true });
          await fsp.rename(next, target);
        } else {
          await fsp.rm(next, { recursive: true, force: true });
          copied = await snapshotBuild(dir, target, live);
        }
        log(`Published ${copied.files} file(s): ${copied.copied} new or changed copied, ${copied.linked} unchanged linked to the live build`);
      }
    } catch (error) {
      await fsp.rm(target, { recursive: true, force: true });
      throw error;
    }
    // Live once this returns (the link is switched at once); older builds are deleted, then the links for
    // the next publish made, in the background: the update is recorded without waiting for either.
    this.prepareNext(siteDir, target, publishBuild(siteDir, target));
  }

  /**
   * In the background, after a publish: a tree of links to the new live build (`<site>/next`), which
   * the site's next publish refreshes with what its build changed instead of linking every file then.
   */
  private prepareNext(siteDir: string, live: string, pruning: Promise<void>): void {
    const next = path.join(siteDir, 'next');
    const temp = path.join(siteDir, 'next.tmp');
    const work = (async () => {
      await pruning;
      await fsp.rm(next, { recursive: true, force: true });
      await fsp.rm(temp, { recursive: true, force: true });
      await linkTree(live, temp);
      await fsp.rename(temp, next);
      await fsp.writeFile(path.join(siteDir, 'next.json'), path.basename(live));
    })()
      // The next publish then links every file itself (the path without a prepared tree).
      .catch(() => fsp.rm(temp, { recursive: true, force: true }).catch(() => undefined))
      .finally(() => {
        if (this.preparing.get(siteDir) === work) this.preparing.delete(siteDir);
      });
    this.preparing.set(siteDir, work);
  }

  /** Resolves once the background work of earlier publishes is done (tests, closing). */
  async settled(): Promise<void> {
    await Promise.all([...this.preparing.values()]);
  }

  discard(dir: string): void {
    // Off the server's thread: a build of 20,000 files took the API away for up to 1.5 s removed synchronously (issue 35).
    void removeTree(dir).catch(() => undefined);
  }

  async current(site: SiteKey): Promise<PublishedBuild | null> {
    const siteDir = siteDirFor(this.dataDir, site.projectId, site.preview);
    const root = siteDir ? servedDir(siteDir) : null;
    return root ? new LocalBuild(root, this.files) : null;
  }

  async remove(site: SiteKey): Promise<void> {
    const dir = siteDirFor(this.dataDir, site.projectId, site.preview);
    if (dir && site.preview !== null) await removeTree(dir);
  }

  async close(): Promise<void> {
    await this.settled();
  }
}

const locals = new Map<string, LocalSiteStore>();

/** A store, or the local store of a data directory (callers that only know `dataDir`). */
export function siteStoreOf(store: SiteStore | string): SiteStore {
  if (typeof store !== 'string') return store;
  const dir = path.resolve(store);
  let local = locals.get(dir);
  if (!local) {
    local = new LocalSiteStore(dir);
    if (locals.size > 100) locals.clear();
    locals.set(dir, local);
  }
  return local;
}
