import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as AwsS3 from '@aws-sdk/client-s3';
import type { S3Client, _Object } from '@aws-sdk/client-s3';
import { currentSiteBuild, dropSiteBuild, keptSiteBuilds, SITE_BUILD_CHANNEL, switchSiteBuild, type Database } from '../../db/index.js';
import { eachLimited, isInside, removeTree } from '../../shared/index.js';
import { HostingError } from '../codes.js';
import { ByteLru } from './lru.js';
import type { S3StorageConfig } from './storage-config.js';
import type { BuildFile, ByteRange, PublishedBuild, SiteKey, SiteStore } from './site-store.js';
import { publishedFile } from './snapshot.js';

// The AWS SDK takes about a fifth of a second of CPU to load, and most processes that import hosting
// (the CLI, every test of the server) never use object storage: it is loaded with the first S3 store.
let awsS3: typeof AwsS3 | undefined;
const s3 = (): typeof AwsS3 => (awsS3 ??= createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof AwsS3);

// Layout under `s3://<bucket>/<prefix>`:
//   objects/<aa>/<sha256>                      one object per distinct file content (shared by every build)
//   sites/<projectId>/<site>/<buildId>.json     a build's manifest: each path → content hash and size
// (`<site>` is `_` for the production site, else the preview's slug.) The live build of each site is
// a row in PostgreSQL (`site_builds`), switched in one statement after the manifest is stored.

/** A build's manifest: path relative to the site root → [sha256, size]. */
export interface Manifest {
  version: 1;
  buildId: string;
  createdAt: string;
  files: Record<string, [string, number]>;
}

const siteName = (site: SiteKey) => site.preview ?? '';

/** Normalise a request's relative path to a manifest key; null when it would leave the build. */
function manifestPath(relativePath: string): string | null {
  const normal = path.posix.normalize(`/${relativePath.replace(/\\/g, '/')}`);
  if (normal.includes('\0')) return null;
  return normal.replace(/^\/+/, '');
}

/** Every regular file under `root` (symlinks followed only while they stay inside), relative paths with `/`. */
async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      let stat: fs.Stats;
      try {
        const real = await fsp.realpath(full);
        if (!isInside(root, real)) continue;
        stat = await fsp.stat(real);
      } catch {
        continue;
      }
      if (stat.isDirectory()) await walk(full);
      else if (stat.isFile()) out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  await walk(root);
  return out.sort();
}

/** Files up to this size are read whole to hash and upload (one read instead of a stream's many); larger ones are streamed. */
const WHOLE_FILE_BYTES = 8 * 1024 * 1024;

/** A file's sha256 and size, streamed when it is large. */
async function hashFile(file: string): Promise<[string, number]> {
  const { size } = await fsp.stat(file);
  const hash = createHash('sha256');
  if (size <= WHOLE_FILE_BYTES) hash.update(await fsp.readFile(file));
  else for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return [hash.digest('hex'), size];
}

export interface GarbageReport {
  manifests: number;
  objects: number;
}

/**
 * Published sites in S3-compatible object storage, shared by every `folio serve` process on one
 * PostgreSQL. Files are stored once per content (sha256), a build is a manifest, and the live build
 * of a site is switched in the database after everything it names is uploaded, so no server ever
 * serves half a build. Readers cache the live build id briefly (dropped at once on a
 * `site_builds` notification), manifests by build id, and file contents in an LRU bounded by bytes.
 */
export class S3SiteStore implements SiteStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly prefix: string;
  private readonly liveIds = new Map<string, { id: string | null; at: number }>();
  private readonly manifests = new Map<string, Promise<Manifest | null>>();
  private readonly contents: ByteLru;
  private readonly fetching = new Map<string, Promise<Buffer>>();
  private stopListening: (() => Promise<void>) | null = null;
  private listening: Promise<void> | null = null;
  private lastCollect = 0;
  /** Hashes of the files of site workspaces' outputs at their last publish, by folder: path → [hash, size, mtime]. */
  private readonly hashes = new Map<string, Map<string, [string, number, number]>>();
  private collecting: Promise<GarbageReport> | null = null;
  /** Counters for benchmarks and tests: object reads served from memory, fetched whole, uploaded, and streamed (large ones). */
  readonly stats = { hits: 0, fetches: 0, uploads: 0, streams: 0 };

  constructor(
    private readonly db: Database,
    private readonly config: S3StorageConfig,
    /** Local folder where builds are written before upload (`<dataDir>/work/s3-builds`). */
    private readonly workDir: string,
    private readonly log: (line: string) => void = () => {},
  ) {
    this.client = new (s3().S3Client)({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // Plain checksums only where S3 requires them: S3-compatible servers vary in what else they accept.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.prefix = config.prefix ? `${config.prefix.replace(/\/+$/, '')}/` : '';
    this.contents = new ByteLru(config.cacheBytes);
  }

  /** Listen for live build switches (any server's), so cached ids are dropped at once. */
  start(): Promise<void> {
    this.listening ??= this.db
      .listen(SITE_BUILD_CHANNEL, (payload) => {
        const [projectId = '', site = ''] = payload.split(' ');
        this.liveIds.delete(`${projectId} ${site}`);
      })
      .then((stop) => {
        this.stopListening = stop;
      })
      .catch((error: unknown) => this.log(`site storage: LISTEN failed (${error instanceof Error ? error.message : String(error)}); live builds are re-read every ${this.config.liveTtlMs} ms`));
    return this.listening;
  }

  private objectKey(hash: string): string {
    return `${this.prefix}objects/${hash.slice(0, 2)}/${hash}`;
  }

  private manifestKey(site: SiteKey, buildId: string): string {
    return `${this.prefix}sites/${site.projectId}/${site.preview ?? '_'}/${buildId}.json`;
  }

  buildDir(site: SiteKey, buildId: string): string | null {
    if (!/^[A-Za-z0-9_-]+$/.test(site.projectId) || !/^[A-Za-z0-9_-]+$/.test(buildId)) return null;
    if (site.preview !== null && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(site.preview)) return null;
    return path.join(this.workDir, `${site.projectId}-${site.preview ?? '_'}-${buildId}`);
  }

  discard(dir: string): void {
    // Off the server's thread: a build of 20,000 files took the API away for up to 1.5 s removed synchronously (issue 35).
    void removeTree(dir).catch(() => undefined);
  }

  // A build's `changes` are not taken: each file is compared with the live build's hashes (stat, and a hash of what was rewritten).
  async publish(site: SiteKey, buildId: string, dir: string, log: (line: string) => void = () => {}): Promise<void> {
    const files = (await listFiles(dir)).filter(publishedFile);
    const manifest: Manifest = { version: 1, buildId, createdAt: new Date().toISOString(), files: {} };
    // A site workspace's output is published again at each update: a file whose size and time are
    // those it had at the last publish keeps its hash, so only the files the build rewrote are read.
    const known = this.hashes.get(dir) ?? new Map<string, [string, number, number]>();
    const seen = new Map<string, [string, number, number]>();
    for (const file of files) {
      const { size, mtimeMs } = await fsp.stat(path.join(dir, file));
      const memo = known.get(file);
      const entry: [string, number] = memo && memo[1] === size && memo[2] === mtimeMs ? [memo[0], size] : await hashFile(path.join(dir, file));
      manifest.files[file] = entry;
      seen.set(file, [entry[0], entry[1], mtimeMs]);
    }
    // Contents the live build already has are in storage and kept while it is live (or retired
    // within the grace time); every other one is uploaded, which also renews its age for cleanup.
    const live = await this.current(site, true).catch(() => null);
    const have = new Set(live ? Object.values(live.manifest.files).map(([hash]) => hash) : []);
    const pending = new Map<string, string>();
    for (const [file, [hash]] of Object.entries(manifest.files)) if (!have.has(hash) && !pending.has(hash)) pending.set(hash, file);
    log(`Uploading build ${buildId}: ${files.length} file(s), ${pending.size} new content(s)`);
    let done = 0;
    await eachLimited([...pending], this.config.uploadConcurrency, async ([hash, file]) => {
      const size = manifest.files[file]![1];
      // Large files go up as a stream of known length, as they are served: never whole in memory.
      const body = size > WHOLE_FILE_BYTES ? fs.createReadStream(path.join(dir, file)) : await fsp.readFile(path.join(dir, file));
      await this.client.send(new (s3().PutObjectCommand)({ Bucket: this.config.bucket, Key: this.objectKey(hash), Body: body, ContentLength: size }));
      this.stats.uploads++;
      if (++done % 100 === 0) log(`Uploaded ${done} of ${pending.size} content(s)`);
    });
    await this.client.send(
      new (s3().PutObjectCommand)({ Bucket: this.config.bucket, Key: this.manifestKey(site, buildId), Body: JSON.stringify(manifest), ContentType: 'application/json' }),
    );
    this.manifests.set(buildId, Promise.resolve(manifest));
    // The switch: one statement. Until here every server serves the previous build.
    await switchSiteBuild(this.db, site.projectId, siteName(site), buildId);
    this.liveIds.set(`${site.projectId} ${siteName(site)}`, { id: buildId, at: Date.now() });
    log(`Switched the live build to ${buildId}`);
    if (isInside(this.workDir, dir)) await removeTree(dir);
    else {
      this.hashes.delete(dir);
      this.hashes.set(dir, seen);
      if (this.hashes.size > 100) this.hashes.delete(this.hashes.keys().next().value!);
    }
    if (Date.now() - this.lastCollect > this.config.collectEveryMs) {
      void this.collectGarbage().catch((error: unknown) => this.log(`site storage cleanup failed: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  async current(site: SiteKey, fresh = false): Promise<S3Build | null> {
    void this.start();
    const key = `${site.projectId} ${siteName(site)}`;
    let live = this.liveIds.get(key);
    if (fresh || !live || Date.now() - live.at > this.config.liveTtlMs) {
      live = { id: await this.storageCall(() => currentSiteBuild(this.db, site.projectId, siteName(site))), at: Date.now() };
      this.liveIds.set(key, live);
      if (this.liveIds.size > 10_000) this.liveIds.delete(this.liveIds.keys().next().value!);
    }
    if (!live.id) return null;
    const manifest = await this.manifest(site, live.id);
    return manifest ? new S3Build(this, manifest) : null;
  }

  private manifest(site: SiteKey, buildId: string): Promise<Manifest | null> {
    let loading = this.manifests.get(buildId);
    if (!loading) {
      loading = this.storageCall(async () => {
        const body = await this.getObject(this.manifestKey(site, buildId));
        return body ? (JSON.parse(body.toString('utf8')) as Manifest) : null;
      });
      this.manifests.set(buildId, loading);
      // A failed read is not remembered: the next request tries again.
      loading.catch(() => this.manifests.delete(buildId));
      if (this.manifests.size > 500) this.manifests.delete(this.manifests.keys().next().value!);
    }
    return loading;
  }

  /** A file's contents by hash: from memory, or fetched once (concurrent readers share the fetch). */
  async content(hash: string): Promise<Buffer> {
    const cached = this.contents.get(hash);
    if (cached) {
      this.stats.hits++;
      return cached;
    }
    let fetching = this.fetching.get(hash);
    if (!fetching) {
      fetching = this.storageCall(async () => {
        const body = await this.getObject(this.objectKey(hash));
        if (!body) throw new Error(`object ${hash} is missing from the bucket`);
        this.stats.fetches++;
        this.contents.set(hash, body);
        return body;
      }).finally(() => this.fetching.delete(hash));
      this.fetching.set(hash, fetching);
    }
    return fetching;
  }

  /**
   * A content's bytes (all, or one range) as a stream. Contents the cache keeps are read whole once and
   * sliced from memory; larger ones (videos, archives) are streamed from the bucket as they are sent,
   * a range as a ranged GET, and never held: one large download no longer takes its size in memory.
   */
  async contentStream(hash: string, size: number, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
    if (this.contents.fits(size)) {
      const body = await this.content(hash);
      return streamOf(range ? body.subarray(range.start, range.end + 1) : body);
    }
    return this.storageCall(async () => {
      const res = await this.client.send(
        new (s3().GetObjectCommand)({ Bucket: this.config.bucket, Key: this.objectKey(hash), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      this.stats.streams++;
      return res.Body ? (res.Body.transformToWebStream() as ReadableStream<Uint8Array>) : streamOf(new Uint8Array(0));
    });
  }

  private async getObject(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new (s3().GetObjectCommand)({ Bucket: this.config.bucket, Key: key }));
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') return null;
      throw error;
    }
  }

  /** Storage or database trouble while serving becomes SITE_STORAGE_UNAVAILABLE (503), not a crash. */
  private async storageCall<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof HostingError) throw error;
      throw new HostingError('SITE_STORAGE_UNAVAILABLE', error instanceof Error ? error.message : String(error));
    }
  }

  async remove(site: SiteKey): Promise<void> {
    // Its manifest and contents go with the next cleanup, once the grace time has passed.
    if (site.preview !== null) await dropSiteBuild(this.db, site.projectId, siteName(site));
    this.liveIds.delete(`${site.projectId} ${siteName(site)}`);
  }

  private async listAll(prefix: string): Promise<_Object[]> {
    const out: _Object[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new (s3().ListObjectsV2Command)({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }));
      out.push(...(page.Contents ?? []));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await this.client.send(new (s3().DeleteObjectsCommand)({ Bucket: this.config.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
    }
  }

  /**
   * Delete builds that are neither live, nor retired within the grace time, nor uploaded within it
   * (a publish may be under way), then every content no kept build names and older than the grace
   * time. Safe to run from several servers at once.
   */
  collectGarbage(now = Date.now()): Promise<GarbageReport> {
    this.collecting ??= (async () => {
      this.lastCollect = now;
      const since = now - this.config.graceMs;
      const kept = await keptSiteBuilds(this.db, new Date(since));
      const manifests = await this.listAll(`${this.prefix}sites/`);
      const keep: string[] = [];
      const drop: string[] = [];
      for (const object of manifests) {
        const key = object.Key ?? '';
        const buildId = path.posix.basename(key, '.json');
        const recent = (object.LastModified?.getTime() ?? 0) > since;
        (kept.has(buildId) || recent ? keep : drop).push(key);
      }
      const referenced = new Set<string>();
      for (const key of keep) {
        const body = await this.getObject(key);
        if (!body) continue;
        for (const [hash] of Object.values((JSON.parse(body.toString('utf8')) as Manifest).files)) referenced.add(hash);
      }
      const objects = await this.listAll(`${this.prefix}objects/`);
      const stale = objects.filter((o) => !referenced.has(path.posix.basename(o.Key ?? '')) && (o.LastModified?.getTime() ?? 0) <= since).map((o) => o.Key!);
      await this.deleteKeys(drop);
      await this.deleteKeys(stale);
      if (drop.length || stale.length) this.log(`site storage cleanup: removed ${drop.length} build(s) and ${stale.length} file content(s)`);
      return { manifests: drop.length, objects: stale.length };
    })().finally(() => {
      this.collecting = null;
    });
    return this.collecting;
  }

  /** Bytes and entries in the local content cache. */
  cacheUsage(): { bytes: number; entries: number } {
    return { bytes: this.contents.bytes, entries: this.contents.size };
  }

  async close(): Promise<void> {
    await this.listening;
    await this.stopListening?.().catch(() => undefined);
    this.stopListening = null;
    this.client.destroy();
  }
}

/** One build in object storage, read through its manifest. */
export class S3Build implements PublishedBuild {
  readonly key: string;
  readonly buildId: string;
  constructor(
    private readonly store: S3SiteStore,
    readonly manifest: Manifest,
  ) {
    this.key = `s3:${manifest.buildId}`;
    this.buildId = manifest.buildId;
  }

  private entry(relativePath: string): [string, number] | undefined {
    const file = manifestPath(relativePath);
    return file === null ? undefined : this.manifest.files[file];
  }

  async read(relativePath: string): Promise<Buffer | null> {
    const entry = this.entry(relativePath);
    return entry ? this.store.content(entry[0]) : null;
  }

  async open(relativePath: string): Promise<BuildFile | null> {
    const entry = this.entry(relativePath);
    if (!entry) return null;
    const [hash, size] = entry;
    return { size, etag: `"${hash}"`, body: (range) => this.store.contentStream(hash, size, range) };
  }
}

/** Bytes already in memory as a one-chunk stream. */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (bytes.length > 0) controller.enqueue(bytes);
      controller.close();
    },
  });
}
