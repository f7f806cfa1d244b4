/**
 * Which pages of a docs checkout mention a name: every `.mdx`/`.md` file under the docs root (no
 * symlink followed, no dot-folder or node_modules), searched as whole names (`mentionPattern`).
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { mentionPattern, type NameKind } from './names.js';

/** Pages read, and bytes of each: a docs repository larger than this is read up to here. */
const MAX_PAGES = 10_000;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** A page that mentions a name: its path under the docs root and the first line that does. */
export interface Mention {
  page: string;
  line: number;
  text: string;
}

/** The pages of `root` (posix paths relative to it), sorted. */
export async function docsPages(root: string): Promise<string[]> {
  const pages: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (pages.length >= MAX_PAGES) return;
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(rel);
      else if (entry.isFile() && /\.mdx?$/i.test(entry.name)) pages.push(rel);
    }
  };
  await walk('');
  return pages;
}

/** For each name, the pages that mention it (first mention per page), in page order. */
export async function findMentions(root: string, names: readonly { kind: NameKind; name: string }[]): Promise<Map<string, Mention[]>> {
  const found = new Map<string, Mention[]>(names.map((n) => [n.name, []]));
  if (names.length === 0) return found;
  const patterns = names.map((n) => ({ name: n.name, re: mentionPattern(n.kind, n.name) }));
  for (const page of await docsPages(root)) {
    const file = path.join(root, page);
    const info = await lstat(file).catch(() => null);
    if (!info?.isFile() || info.size > MAX_PAGE_BYTES) continue;
    const text = await readFile(file, 'utf8');
    for (const { name, re } of patterns) {
      if (!text.includes(name)) continue;
      const lines = text.split('\n');
      const at = lines.findIndex((l) => re.test(l));
      if (at === -1) continue;
      found.get(name)!.push({ page, line: at + 1, text: lines[at]!.trim().slice(0, 200) });
    }
  }
  return found;
}
