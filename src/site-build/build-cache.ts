/**
 * The build cache in `<outDir>/.folio-cache/`:
 * - `manifest.json`: for every written page, the key of everything its HTML depended on, so a
 *   rebuild skips pages whose key is unchanged (no compile, no layout, no write).
 * - `diagnostics.json`: the problems of every page as the build that rendered it found them, so
 *   a skipped page still reports them.
 * - `bodies/<nn>.bin`: compiled MDX bodies by content key in 64 shards, each a run of framed records
 *   (key, v8-serialised body), so a shard loads and saves as bytes and a body is deserialised only when used. One 90 MB
 *   file at 3,000 pages made a one-page rebuild read and rewrite it all; 64 shards keep that to
 *   ~0.7 MB while a cold build creates 64 files, not 256 (file creation is the slow part of a
 *   cold build's writes on this machine's ext4).
 */
import { constants } from 'node:fs';
import { open, readFile, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { DefaultSerializer, deserialize } from 'node:v8';
import type { MdxResult } from '../render/index.js';
import { makeDirInside, writeFileInside, type Diagnostic } from '../shared/index.js';

/** Bump when the HTML a build writes changes shape, to invalidate every cache. */
export const BUILD_FORMAT = 'folio-build-15';

export type CachedBody = Omit<MdxResult, 'id'>;

export interface Manifest {
  format: string;
  /** href → page key. */
  pages: Record<string, string>;
  /** Extra files written last time (redirect pages), so removed ones are deleted. */
  files: string[];
  /** href → key of the page's Markdown document (`<page>.md`), so an unchanged one is not written again. */
  markdown?: Record<string, string>;
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

/**
 * One framed record: key length, key (UTF-8), body length, v8-serialised body. Serialised straight
 * after the key in one buffer, and the lengths filled in after: joining a serialised body to its
 * key copied every body once more (~55 ms of a 1,000-page build's main thread, profile).
 */
function frame(key: string, body: CachedBody): Buffer {
  const serializer = new DefaultSerializer();
  const k = Buffer.from(key, 'utf8');
  serializer.writeRawBytes(Buffer.alloc(8));
  serializer.writeRawBytes(k);
  serializer.writeHeader();
  serializer.writeValue(body);
  const record = serializer.releaseBuffer();
  record.writeUInt32LE(k.length, 0);
  record.writeUInt32LE(record.length - 8 - k.length, 4);
  return record;
}

/** The records of a shard file or spill, by key (later records win), as slices of `data`: no body is deserialised. */
function unframe(data: Buffer, into: Map<string, Buffer>): void {
  for (let at = 0; at + 8 <= data.length; ) {
    const keyLength = data.readUInt32LE(at);
    const bodyLength = data.readUInt32LE(at + 4);
    const end = at + 8 + keyLength + bodyLength;
    // A cut-off file (a build killed while writing): the complete records before it are kept.
    if (end > data.length) break;
    into.set(data.toString('utf8', at + 8, at + 8 + keyLength), data.subarray(at, end));
    at = end;
  }
}

/** The body inside a framed record. */
function bodyOf(record: Buffer): CachedBody {
  const keyLength = record.readUInt32LE(0);
  return deserialize(record.subarray(8 + keyLength)) as CachedBody;
}

export class BuildCache {
  readonly dir: string;
  private readonly outDir: string;
  /** Loaded shards: key → framed record (bodies are deserialised only when asked for). */
  private shards = new Map<string, Map<string, Buffer>>();
  private dirtyShards = new Set<string>();
  /** Framed records not yet in a shard, by shard. */
  private pending = new Map<string, Buffer[]>();
  private pendingBytes = 0;
  private spills = new Map<string, FileHandle>();
  private spilling: Promise<void> = Promise.resolve();
  /** Batches handed to `spill` and not yet on disk. */
  private spillsInFlight = 0;

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

  private async shard(id: string): Promise<Map<string, Buffer>> {
    let shard = this.shards.get(id);
    if (!shard) {
      const loaded = new Map<string, Buffer>();
      try {
        unframe(await readFile(path.join(this.dir, 'bodies', `${id}.bin`)), loaded);
      } catch {
        // Not written yet, or unreadable: its bodies are compiled again.
      }
      // Another call may have loaded it while this one waited on the disk.
      shard = this.shards.get(id) ?? loaded;
      this.shards.set(id, shard);
    }
    return shard;
  }

  async getBody(key: string): Promise<CachedBody | undefined> {
    const record = (await this.shard(shardOf(key))).get(key);
    if (!record) return undefined;
    try {
      return bodyOf(record);
    } catch {
      // A damaged record: the body is compiled again.
      return undefined;
    }
  }

  /**
   * Keep a compiled body for the next build (folded into its shard by `save`). Resolves at once
   * unless more than one batch waits for the disk: then once they are written, so a caller that
   * waits for it holds at most two batches (`spillBytes` each) however slow the disk. Unheeded, a
   * busy disk let the batches of a large build queue in memory. A failed spill is reported by `save`.
   */
  putBody(key: string, body: CachedBody): Promise<void> {
    const id = shardOf(key);
    const record = frame(key, body);
    const list = this.pending.get(id) ?? [];
    list.push(record);
    this.pending.set(id, list);
    this.pendingBytes += record.length;
    this.dirtyShards.add(id);
    if (this.pendingBytes > this.spillBytes) {
      const batch = this.pending;
      this.pending = new Map();
      this.pendingBytes = 0;
      this.spillsInFlight++;
      const written = this.spilling.then(() => this.spill(batch));
      const settled = () => void this.spillsInFlight--;
      written.then(settled, settled);
      this.spilling = written;
    }
    return this.spillsInFlight > 1 ? this.spilling.catch(() => undefined) : Promise.resolve();
  }

  /** Append records to their shards' spill files, opened without following links. */
  private async spill(batch: Map<string, Buffer[]>): Promise<void> {
    await makeDirInside(this.outDir, '.folio-cache/bodies');
    for (const [id, records] of batch) {
      let handle = this.spills.get(id);
      if (!handle) {
        handle = await open(path.join(this.dir, 'bodies', `${id}.spill`), constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
        this.spills.set(id, handle);
      }
      await handle.write(Buffer.concat(records));
    }
  }

  /** Write the manifest and changed shards, dropping bodies no page uses any more. */
  async save(pages: Record<string, string>, files: string[], liveBodyKeys: Set<string>, markdown?: Record<string, string>): Promise<void> {
    // No-follow writes: a link planted in the output folder must not carry the cache out of it.
    await makeDirInside(this.outDir, '.folio-cache/bodies');
    const manifest: Manifest = { format: BUILD_FORMAT, pages, files, ...(markdown ? { markdown } : {}) };
    const writes = [writeFileInside(this.outDir, '.folio-cache/manifest.json', JSON.stringify(manifest))];
    await this.spilling;
    // One shard at a time, as bytes: records are copied, never deserialised.
    for (const id of this.dirtyShards) {
      const shard = new Map(await this.shard(id));
      const handle = this.spills.get(id);
      if (handle) {
        await handle.close();
        this.spills.delete(id);
        const file = path.join(this.dir, 'bodies', `${id}.spill`);
        unframe(await readFile(file), shard);
        await rm(file, { force: true });
      }
      for (const record of this.pending.get(id) ?? []) unframe(record, shard);
      this.pending.delete(id);
      const kept: Buffer[] = [];
      for (const [key, record] of shard) if (liveBodyKeys.has(key)) kept.push(record);
      // One gathered write of the records: no joined copy of the shard.
      await writeFileInside(this.outDir, `.folio-cache/bodies/${id}.bin`, kept);
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
