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
 *
 * Every open of an in-memory database writes the whole unpacked template into PGlite's memory
 * filesystem, so its size is paid by each test's database. With initdb's defaults it was 43 MB:
 * a 16 MB WAL segment, and the `template0`/`template1` databases (7.2 MB each) that only
 * `CREATE DATABASE` copies, which Folio never runs on its embedded database. Made with 1 MB WAL
 * segments, checkpointed and without those two, it is 17 MB; the first open of a process (what each
 * isolated test file pays) went from about 1.7 to 1.15 s of CPU, later ones from 0.50 to 0.37 s.
 */

/** initdb's arguments for every embedded database Folio creates (and so for the template's). */
export const PGLITE_INITDB_ARGS = ['--wal-segsize=1'];

/** Bumped when what `savePgliteTemplate` writes changes, so an older template is not reused (3: a template saved from an in-memory database no longer carries its 16 MB shared_buffers in postgresql.conf). */
const TEMPLATE_FORMAT = 3;

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
  hash.update(`\0format ${TEMPLATE_FORMAT}\0${PGLITE_INITDB_ARGS.join(' ')}`);
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
    await slimForTemplate(client);
    const blob = await client.dumpDataDir('gzip');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
    removeOtherTemplates(file);
  } catch {
    // A read-only install or a full disk: fresh databases keep running initdb.
  }
}

/**
 * Drop the two template databases (only `CREATE DATABASE` reads them) and checkpoint, so the dump
 * holds neither them nor WAL a later start would replay. `client` is the database being opened:
 * it loses nothing it uses.
 */
async function slimForTemplate(client: PGlite): Promise<void> {
  for (const name of ['template0', 'template1']) {
    // One statement per call: DROP DATABASE refuses to run inside the implicit block of a multi-statement exec.
    await client.query(`ALTER DATABASE ${name} WITH is_template false`);
    await client.query(`DROP DATABASE ${name}`);
  }
  await client.query('CHECKPOINT');
}

/** Templates of older migrations or PGlite versions are never read again: remove them. */
function removeOtherTemplates(kept: string): void {
  const dir = path.dirname(kept);
  for (const name of fs.readdirSync(dir)) {
    if (/^template-[0-9a-f]{24}\.tar\.gz$/.test(name) && path.join(dir, name) !== kept) fs.rmSync(path.join(dir, name), { force: true });
  }
}
