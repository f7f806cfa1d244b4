import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../shared/index.js';
import type { ContentCode } from './codes.js';
import { compileIgnore, DEFAULT_IGNORES, isIgnored, type IgnoreRule } from './ignore.js';

/** Folders that hold reusable fragments, never pages. */
const SNIPPET_DIRS = new Set(['snippets', '_snippets']);

/** A file or folder that exists but cannot be read. */
function unreadable(file: string, error: unknown, consequence: string): Diagnostic<ContentCode> {
  const reason = (error as NodeJS.ErrnoException).code ?? String(error);
  return { file, line: 1, column: 1, severity: 'error', code: 'CONTENT_READ_FAILED', path: '', message: `Cannot read ${file} (${reason}), so ${consequence}. Check its permissions.` };
}

/** What a symbolic link stands for as far as pages go: a folder, a page file, or nothing (null). */
async function linkedPageOrFolder(file: string, name: string): Promise<'folder' | 'page' | null> {
  if (/\.mdx?$/i.test(name)) return 'page';
  // A dangling link, or one to a file of another kind (an image: the static files report those).
  const target = await stat(file).catch(() => null);
  return target?.isDirectory() ? 'folder' : null;
}

function skippedLink(rel: string, link: 'folder' | 'page'): Diagnostic<ContentCode> {
  const what = link === 'folder' ? `a symbolic link to a folder, so no page in it is published` : `a symbolic link, so this page is not published`;
  return {
    file: rel, line: 1, column: 1, severity: 'warning', code: 'CONTENT_SYMLINK_SKIPPED', path: '',
    message: `\`${rel}\` is ${what}: Folio does not follow links in the docs root (one could lead out of it). Commit the ${link} itself.`,
  };
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Load the default ignore rules plus the root `.mintignore` (if any) plus caller extras. A
 * `.mintignore` that exists but cannot be read is reported: ignoring it would publish what it hides.
 */
export async function loadIgnoreRules(root: string, extra: readonly string[] = [], diagnostics: Diagnostic<ContentCode>[] = []): Promise<IgnoreRule[]> {
  let mintignore: string[] = [];
  try {
    mintignore = (await readFile(path.join(root, '.mintignore'), 'utf8')).split('\n');
  } catch (error) {
    // No .mintignore: only the defaults apply.
    if (!missing(error)) diagnostics.push(unreadable('.mintignore', error, 'its rules were not applied'));
  }
  return compileIgnore([...DEFAULT_IGNORES, ...mintignore, ...extra]);
}

/**
 * Every `.md`/`.mdx` file under `root` as posix paths relative to it, sorted.
 * Skips dot-folders, `node_modules`, snippet folders, ignored paths and Folio build outputs (a folder
 * holding `.folio-cache/`, e.g. `folio build . --out site`, whose `.md` files are the pages' Markdown
 * export, not pages); never follows symlinks, and reports a link that stands where a page or a folder
 * of pages would be (a repository may link to files outside the root).
 * A folder that cannot be listed is reported; one deleted while listing is not.
 */
export async function discoverPageFiles(root: string, rules: readonly IgnoreRule[], diagnostics: Diagnostic<ContentCode>[] = []): Promise<string[]> {
  const found: string[] = [];
  const pending: string[] = [''];
  while (pending.length > 0) {
    const batch = pending.splice(0, 16);
    const list = (dir: string) =>
      readdir(path.join(root, dir), { withFileTypes: true }).catch((error: unknown) => {
        if (!missing(error)) diagnostics.push(unreadable(dir === '' ? '.' : `${dir}/`, error, 'its pages were left out'));
        return [];
      });
    const listings = await Promise.all(batch.map(async (dir) => ({ dir, entries: await list(dir) })));
    for (const { dir, entries } of listings) {
      if (dir !== '' && entries.some((e) => e.isDirectory() && e.name === '.folio-cache')) continue;
      for (const entry of entries) {
        const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
        if (entry.isDirectory()) {
          if (entry.name.startsWith('.') || entry.name === 'node_modules' || SNIPPET_DIRS.has(entry.name)) continue;
          if (!isIgnored(rules, rel, true)) pending.push(rel);
        } else if (entry.isFile() && /\.mdx?$/i.test(entry.name) && !entry.name.startsWith('.')) {
          if (!isIgnored(rules, rel, false)) found.push(rel);
        } else if (entry.isSymbolicLink() && !entry.name.startsWith('.') && entry.name !== 'node_modules' && !SNIPPET_DIRS.has(entry.name)) {
          const link = await linkedPageOrFolder(path.join(root, rel), entry.name);
          if (link && !isIgnored(rules, rel, link === 'folder')) diagnostics.push(skippedLink(rel, link));
        }
      }
    }
  }
  return found.sort();
}
