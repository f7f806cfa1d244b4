/**
 * The repository's own `.css` and `.js` files, which the platform includes on every page ("custom
 * scripts"): found with the same rules as pages (`.mintignore`, default ignores, no dot folders, no
 * `node_modules`, no build output), except snippet folders, whose `.js`/`.jsx` files are components
 * imported by pages, not scripts. Each file comes with a hash of its text, so its URL changes when
 * it does.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isIgnored, type IgnoreRule } from './ignore.js';

export interface CustomFile {
  /** Posix path relative to the docs root, e.g. `css/style.css`. */
  file: string;
  /** First 8 hex digits of the SHA-256 of its text. */
  hash: string;
}

export interface CustomFiles {
  css: CustomFile[];
  js: CustomFile[];
}

const SKIPPED_DIRS = new Set(['node_modules', 'snippets', '_snippets']);

/** Every `.css` and `.js` file under `root`, sorted by path. Unreadable folders and files are left out. */
export async function discoverCustomFiles(root: string, rules: readonly IgnoreRule[]): Promise<CustomFiles> {
  const found: { css: string[]; js: string[] } = { css: [], js: [] };
  const walk = async (dir: string): Promise<void> => {
    // A folder that cannot be listed holds no file the site could link; the page walk reports it.
    const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
    if (dir !== '' && entries.some((e) => e.isDirectory() && e.name === '.folio-cache')) return;
    await Promise.all(
      entries.map(async (entry) => {
        if (entry.name.startsWith('.')) return;
        const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
        if (entry.isDirectory()) {
          if (!SKIPPED_DIRS.has(entry.name) && !isIgnored(rules, rel, true)) await walk(rel);
        } else if (entry.isFile() && !isIgnored(rules, rel, false)) {
          const ext = path.extname(entry.name).toLowerCase();
          if (ext === '.css') found.css.push(rel);
          else if (ext === '.js') found.js.push(rel);
        }
      }),
    );
  };
  await walk('');
  const hashed = (files: string[]) =>
    Promise.all(
      files.sort().map(async (file) => {
        const text = await readFile(path.join(root, file)).catch(() => null);
        return text ? { file, hash: createHash('sha256').update(text).digest('hex').slice(0, 8) } : null;
      }),
    ).then((list) => list.filter((f): f is CustomFile => f !== null));
  return { css: await hashed(found.css), js: await hashed(found.js) };
}
