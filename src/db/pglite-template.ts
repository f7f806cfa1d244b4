import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { loadMigrations } from './migrate.js';

/**
 * A fresh embedded database is created by PGlite's initdb, which runs inside WebAssembly and
 * costs seconds (about 5× the cost of unpacking an existing data directory). The first fresh
 * database Folio migrates is saved as a gzipped tarball, a template keyed by the PGlite version
 * and the migrations' contents; later fresh databases (`folio start` on a new data dir, tests,
 * in-memory databases) are unpacked from it and find every migration already applied.
 *
 * The template lives under the package's own `node_modules/.cache` (owned by whoever installed
 * the package, like every other file Folio runs), never in a shared temporary directory where
 * another user could plant one. `FOLIO_PGLITE_TEMPLATE=0` turns it off.
 */

const PACKAGE_ROOT = path.resolve(import.meta.dirname, '../..');

function templateDir(): string | null {
  if (process.env.FOLIO_PGLITE_TEMPLATE === '0') return null;
  const modules = path.join(PACKAGE_ROOT, 'node_modules');
  return fs.existsSync(modules) ? path.join(modules, '.cache', 'folio-pglite') : null;
}

let cachedKey: string | undefined;

/** PGlite version + every migration file: a template made under other migrations is never used. */
function templateKey(): string {
  if (cachedKey) return cachedKey;
  const hash = createHash('sha256');
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    hash.update(pkg.version);
  } catch {
    hash.update('unknown-pglite');
  }
  for (const m of loadMigrations()) hash.update(`\0${m.id}\0${m.name}\0${m.sql}`);
  cachedKey = hash.digest('hex').slice(0, 24);
  return cachedKey;
}

/** Where the template for the current migrations is (or would be) saved; null when templates are off. */
export function pgliteTemplateFile(): string | null {
  const dir = templateDir();
  return dir ? path.join(dir, `template-${templateKey()}.tar.gz`) : null;
}

/**
 * A tar already in memory, handed to PGlite as its `loadDataDir`: node's `Blob#arrayBuffer()` reads
 * a 40 MB blob in small chunks and joins them, which cost more than the unpacking itself.
 */
class TarBytes extends Blob {
  readonly #tar: Uint8Array;
  constructor(tar: Uint8Array) {
    super([], { type: 'application/x-tar' });
    this.#tar = tar;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy: PGlite reads it as it pleases, and the kept tar serves the next database.
    return Promise.resolve(this.#tar.slice().buffer as ArrayBuffer);
  }
}

/** The unpacked template of the in-memory databases of this process (tests open dozens). */
let memoryTar: { file: string; tar: Buffer } | undefined;

/**
 * The saved template, or null when there is none yet (or templates are off). Handed the gzipped
 * bytes, PGlite first fails to read them as a tar, then inflates them through a DecompressionStream:
 * about 0.9 s of CPU per fresh database. `forMemory` (an in-memory database) gets the tar inflated
 * by node's zlib once per process and kept for the next one; a data directory, made once, the file.
 */
export function readPgliteTemplate({ forMemory = false }: { forMemory?: boolean } = {}): Blob | null {
  const file = pgliteTemplateFile();
  if (!file) return null;
  try {
    if (!forMemory) return new Blob([fs.readFileSync(file)], { type: 'application/x-gzip' });
    if (memoryTar?.file !== file) memoryTar = { file, tar: gunzipSync(fs.readFileSync(file)) };
    return new TarBytes(memoryTar.tar);
  } catch {
    return null;
  }
}

/**
 * Save `client` (freshly created and migrated, nothing else written) as the template, unless one
 * exists. Written to a temporary name and renamed, so concurrent processes never read half a file.
 * Failing to save only costs the next fresh database its initdb.
 */
export async function savePgliteTemplate(client: PGlite): Promise<void> {
  const file = pgliteTemplateFile();
  if (!file || fs.existsSync(file)) return;
  try {
    const blob = await client.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
  } catch {
    // A read-only install or a full disk: fresh databases keep running initdb.
  }
}
