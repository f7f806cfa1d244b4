/**
 * Folio's sources compiled to JavaScript once, for the sandboxed processes started while Folio runs
 * from its TypeScript sources (tests, `npm run folio`). Without it such a process loaded every module
 * through tsx, whose cache lives in the sandbox's private /tmp and so started empty each time: about
 * 4 s more CPU per process than compiled code on this 2-core machine, plus esbuild's own process.
 *
 * `compiledSources` writes `src/` file by file (not bundled: each module keeps its place, so the
 * paths modules find beside themselves hold, as under `dist/`) into
 * `node_modules/.cache/folio-sandbox-js/<hash>/src/`, the hash taken over every source file, the
 * tsconfig and esbuild's version: an edit makes a new folder, never a stale process. The folder
 * is under `node_modules`, which the sandbox already shows read-only, and the processes are
 * started by the server side; nothing in a sandbox writes to it. A compiled `dist/` (production)
 * never comes here.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folders of `<hash>` kept beside the current one: another checkout's run may use them. Older than this are removed. */
const KEEP_OLD_MS = 24 * 3600_000;

const memo = new Map<string, Promise<string>>();

/** Every file under `dir` (relative paths, sorted), test files left out. */
function sourceFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...sourceFiles(dir, rel));
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out.sort();
}

/**
 * The folder holding `src/` of package `pkg` compiled to JavaScript (made when missing), for the
 * current state of its sources. Memoised per process while the sources keep their hash.
 */
export function compiledSources(pkg: string): Promise<string> {
  const src = path.join(pkg, 'src');
  const files = sourceFiles(src);
  const hash = createHash('sha256');
  const esbuildVersion = JSON.parse(fs.readFileSync(path.join(pkg, 'node_modules/esbuild/package.json'), 'utf8')).version as string;
  hash.update(`esbuild ${esbuildVersion}\0`);
  hash.update(fs.readFileSync(path.join(pkg, 'tsconfig.json')));
  for (const rel of files) {
    hash.update(`\0${rel}\0`);
    hash.update(fs.readFileSync(path.join(src, rel)));
  }
  const key = hash.digest('hex').slice(0, 24);
  let made = memo.get(key);
  if (!made) {
    made = compile(pkg, files, key);
    memo.set(key, made);
    made.catch(() => memo.delete(key));
  }
  return made;
}

async function compile(pkg: string, files: string[], key: string): Promise<string> {
  const cache = path.join(pkg, 'node_modules', '.cache', 'folio-sandbox-js');
  const dir = path.join(cache, key);
  if (fs.existsSync(path.join(dir, 'package.json'))) {
    // In use: kept by `removeOld` of another state of the sources.
    const now = new Date();
    fs.utimesSync(dir, now, now);
    return dir;
  }
  fs.mkdirSync(cache, { recursive: true });
  // Made aside and renamed into place: a process of another test file may be making the same one.
  const scratch = fs.mkdtempSync(path.join(cache, `.${key}-`));
  // (Readable by the sandbox's user: a server run as root starts its processes as another user.)
  fs.chmodSync(scratch, 0o755);
  try {
    const { build } = await import('esbuild');
    const src = path.join(pkg, 'src');
    const code = files.filter((rel) => /\.tsx?$/.test(rel));
    await build({
      entryPoints: code.map((rel) => path.join(src, rel)),
      outbase: src,
      outdir: path.join(scratch, 'src'),
      bundle: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      tsconfig: path.join(pkg, 'tsconfig.json'),
      logLevel: 'silent',
    });
    for (const rel of files.filter((f) => !/\.tsx?$/.test(f))) {
      fs.mkdirSync(path.dirname(path.join(scratch, 'src', rel)), { recursive: true });
      fs.copyFileSync(path.join(src, rel), path.join(scratch, 'src', rel));
    }
    // ESM, as Folio's package.json says (the lookup of a module's package stops at node_modules).
    fs.writeFileSync(path.join(scratch, 'package.json'), '{"type":"module"}\n');
    try {
      fs.renameSync(scratch, dir);
    } catch (error) {
      if (!fs.existsSync(path.join(dir, 'package.json'))) throw error;
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  removeOld(cache, key);
  return dir;
}

/** Folders of other hashes untouched for a day (sources since changed), and scratch folders left by killed processes. */
function removeOld(cache: string, key: string): void {
  for (const name of fs.readdirSync(cache)) {
    if (name === key) continue;
    const dir = path.join(cache, name);
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs > KEEP_OLD_MS) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Removed meanwhile.
    }
  }
}
