import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { compileIgnore, DEFAULT_IGNORES, isIgnored, type IgnoreRule } from './ignore.js';

/** Folders that hold reusable fragments, never pages. */
const SNIPPET_DIRS = new Set(['snippets', '_snippets']);

/** Load the default ignore rules plus the root `.mintignore` (if any) plus caller extras. */
export async function loadIgnoreRules(root: string, extra: readonly string[] = []): Promise<IgnoreRule[]> {
  let mintignore: string[] = [];
  try {
    mintignore = (await readFile(path.join(root, '.mintignore'), 'utf8')).split('\n');
  } catch {
    // No .mintignore: only the defaults apply.
  }
  return compileIgnore([...DEFAULT_IGNORES, ...mintignore, ...extra]);
}

/**
 * Every `.md`/`.mdx` file under `root` as posix paths relative to it, sorted.
 * Skips dot-folders, `node_modules`, snippet folders and ignored paths; never follows symlinks.
 */
export async function discoverPageFiles(root: string, rules: readonly IgnoreRule[]): Promise<string[]> {
  const found: string[] = [];
  const pending: string[] = [''];
  while (pending.length > 0) {
    const batch = pending.splice(0, 16);
    const listings = await Promise.all(batch.map(async (dir) => ({ dir, entries: await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []) })));
    for (const { dir, entries } of listings) {
      for (const entry of entries) {
        const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
        if (entry.isDirectory()) {
          if (entry.name.startsWith('.') || entry.name === 'node_modules' || SNIPPET_DIRS.has(entry.name)) continue;
          if (!isIgnored(rules, rel, true)) pending.push(rel);
        } else if (entry.isFile() && /\.mdx?$/i.test(entry.name) && !entry.name.startsWith('.')) {
          if (!isIgnored(rules, rel, false)) found.push(rel);
        }
      }
    }
  }
  return found.sort();
}
