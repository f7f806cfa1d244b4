/**
 * The build cache in `<outDir>/.folio-cache/`:
 * - `manifest.json`: for every written page, the key of everything its HTML depended on, so a
 *   rebuild skips pages whose key is unchanged (no compile, no layout, no write).
 * - `diagnostics.json`: the problems of every page as the build that rendered it found them, so
 *   a skipped page still reports them.
 * - `bodies/<nn>.bin`: compiled MDX bodies by content key in 64 shards (v8-serialised). One 90 MB
 *   file at 3,000 pages made a one-page rebuild read and rewrite it all; 64 shards keep that to
 *   ~0.7 MB while a cold build creates 64 files, not 256 (file creation is the slow part of a
 *   cold build's writes on this machine's ext4).
 */
import { constants } from 'node:fs';
import { open, readFile, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { MdxResult } from '../render/index.js';
import { makeDirInside, writeFileInside, type Diagnostic } from '../shared/index.js';

/** Bump when the HTML a build writes changes shape, to invalidate every cache. */
export const BUILD_FORMAT = 'folio-build-7';

export type CachedBody = Omit<MdxResult, 'id'>;

export interface Manifest {
  format: string;
  /** href → page key. */
  pages: Record<string, string>;
  /** Extra files written last time (redirect pages), so removed ones are deleted. */
  files: string[];
}

/**
 * New bodies wait in memory, serialised, up to this many bytes; past it they are appended to
 * per-shard spill files (`bodies/<nn>.spill`) that `save` folds in one shard at a time. A cold
 * build of 50,000 pages compiles ~1.2 GB of bodies; holding them all until the end was most of
 * its memory.
 */
const SPILL_BYTES = 48 * 1024 * 1024;

/** Shard of a body key (a hex hash): its first byte divided by four, as two digits. */
const shardOf = (key: string) => String(parseInt(key.slice(0, 2), 16) >> 2).padStart(2, '0');

export class BuildCache {
  readonly dir: string;
  private readonly outDir: string;
  private shards = new Map<string, Map<string, CachedBody>>();
  private dirtyShards = new Set<string>();
  /** Serialised `[key, body]` records not yet in a shard, by shard. */
  private pending = new Map<string, Buffer[]>();
  private pendingBytes = 0;
  private spills = new Map<string, FileHandle>();
  private spilling: Promise<void> = Promise.resolve();

  constructor(outDir: string, readonly manifest: Manifest, private readonly spillBytes = SPILL_BYTES) {
    this.outDir = outDir;
    this.dir = path.join(outDir, '.folio-cache');
  }

  /** Open the cache of `outDir`; a missing or foreign cache is an empty one. */
  static async open(outDir: string, enabled: boolean, spillBytes = SPILL_BYTES): Promise<BuildCache> {
    const empty: Manifest = { format: BUILD_FORMAT, pages: {}, files: [] };
    if (!enabled) return new BuildCache(outDir, empty, spillBytes);
    try {
      const manifest = JSON.parse(await readFile(path.join(outDir, '.folio-cache', 'manifest.json'), 'utf8')) as Manifest;
      return new BuildCache(outDir, manifest.format === BUILD_FORMAT ? manifest : empty, spillBytes);
    } catch {
      // No manifest (first build) or an unreadable one: every page is rendered again.
      return new BuildCache(outDir, empty, spillBytes);
    }
  }

  private async shard(key: string): Promise<Map<string, CachedBody>> {
    const id = shardOf(key);
    let shard = this.shards.get(id);
    if (!shard) {
      try {
        shard = deserialize(await readFile(path.join(this.dir, 'bodies', `${id}.bin`))) as Map<string, CachedBody>;
      } catch {
        // Not written yet, or unreadable: its bodies are compiled again.
        shard = new Map();
      }
      // Another call may have loaded it while this one waited on the disk.
      shard = this.shards.get(id) ?? shard;
      this.shards.set(id, shard);
    }
    return shard;
  }

  async getBody(key: string): Promise<CachedBody | undefined> {
    return (await this.shard(key)).get(key);
  }

  /** Keep a compiled body for the next build (folded into its shard by `save`). */
  putBody(key: string, body: CachedBody): Promise<void> {
    const id = shardOf(key);
    const record = serialize([key, body]);
    const list = this.pending.get(id) ?? [];
    list.push(record);
    this.pending.set(id, list);
    this.pendingBytes += record.length + 4;
    this.dirtyShards.add(id);
    if (this.pendingBytes > this.spillBytes) {
      const batch = this.pending;
      this.pending = new Map();
      this.pendingBytes = 0;
      this.spilling = this.spilling.then(() => this.spill(batch));
    }
    return this.spilling;
  }

  /** Append records to their shards' spill files (length-prefixed), opened without following links. */
  private async spill(batch: Map<string, Buffer[]>): Promise<void> {
    await makeDirInside(this.outDir, '.folio-cache/bodies');
    for (const [id, records] of batch) {
      let handle = this.spills.get(id);
      if (!handle) {
        handle = await open(path.join(this.dir, 'bodies', `${id}.spill`), constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
        this.spills.set(id, handle);
      }
      const framed: Buffer[] = [];
      for (const r of records) {
        const length = Buffer.alloc(4);
        length.writeUInt32LE(r.length);
        framed.push(length, r);
      }
      await handle.write(Buffer.concat(framed));
    }
  }

  /** Records of a shard: spilled ones first, then those still in memory. */
  private async *records(id: string): AsyncGenerator<[string, CachedBody]> {
    const handle = this.spills.get(id);
    if (handle) {
      await handle.close();
      this.spills.delete(id);
      const file = path.join(this.dir, 'bodies', `${id}.spill`);
      const data = await readFile(file);
      await rm(file, { force: true });
      for (let at = 0; at < data.length; ) {
        const length = data.readUInt32LE(at);
        yield deserialize(data.subarray(at + 4, at + 4 + length)) as [string, CachedBody];
        at += 4 + length;
      }
    }
    for (const r of this.pending.get(id) ?? []) yield deserialize(r) as [string, CachedBody];
    this.pending.delete(id);
  }

  /** Write the manifest and changed shards, dropping bodies no page uses any more. */
  async save(pages: Record<string, string>, files: string[], liveBodyKeys: Set<string>): Promise<void> {
    // No-follow writes: a link planted in the output folder must not carry the cache out of it.
    await makeDirInside(this.outDir, '.folio-cache/bodies');
    const manifest: Manifest = { format: BUILD_FORMAT, pages, files };
    const writes = [writeFileInside(this.outDir, '.folio-cache/manifest.json', JSON.stringify(manifest))];
    await this.spilling;
    // One shard at a time: only one shard's bodies are whole objects in memory at once.
    for (const id of this.dirtyShards) {
      const shard = await this.shard(id);
      for await (const [key, body] of this.records(id)) shard.set(key, body);
      for (const key of shard.keys()) if (!liveBodyKeys.has(key)) shard.delete(key);
      await writeFileInside(this.outDir, `.folio-cache/bodies/${id}.bin`, serialize(shard));
      this.shards.delete(id);
    }
    this.dirtyShards.clear();
    await Promise.all(writes);
  }
}

/** Page problems `writePageDiagnostics` kept (href → problems); empty when there are none or the file is unreadable. */
export async function readPageDiagnostics(cacheDir: string): Promise<Record<string, Diagnostic[]>> {
  try {
    return JSON.parse(await readFile(path.join(cacheDir, 'diagnostics.json'), 'utf8')) as Record<string, Diagnostic[]>;
  } catch {
    // Missing before the first build. If it was lost since, skipped pages have no earlier
    // problems to report; a build without the cache finds them again.
    return {};
  }
}

/** Write the page problems into `<outDir>/.folio-cache/` without following links. */
export async function writePageDiagnostics(outDir: string, value: Record<string, Diagnostic[]>): Promise<void> {
  await writeFileInside(outDir, '.folio-cache/diagnostics.json', JSON.stringify(value));
}
