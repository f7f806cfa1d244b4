import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildPageIndex } from '../../content/index.js';
import { resolveInside } from '../../shared/index.js';
import { readDocsJson } from './docs-json.js';
import type { TaskResult } from './task.js';

/** A link target inside the site, split from its `#hash` / `?query` suffix. */
interface Target {
  page: string;
  suffix: string;
}

const FENCE = /(```[\s\S]*?```|~~~[\s\S]*?~~~)/g;
// Markdown links/images `](/x)` and JSX attributes `href="/x"`.
const LINK = /(\]\(\s*)(\/[^)\s]*)|(\bhref=["'])(\/[^"']*)/g;

function splitTarget(raw: string): Target {
  const cut = raw.search(/[#?]/);
  const target = cut === -1 ? raw : raw.slice(0, cut);
  return { page: target.replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.(mdx|md)$/i, ''), suffix: cut === -1 ? '' : raw.slice(cut) };
}

async function isFile(root: string, rel: string): Promise<boolean> {
  const abs = resolveInside(root, rel);
  if (abs === null) return false;
  return stat(abs).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * Rewrite internal links whose target page does not exist when the fix is
 * unambiguous: a docs.json redirect for the path, or exactly one page with the
 * same file name. Links without such a fix are listed in the notes, unchanged.
 */
export async function fixBrokenLinks(root: string): Promise<TaskResult> {
  // Redirects only help to pick a fix: without a readable docs.json, links are fixed by file name alone.
  const doc = await readDocsJson(root).catch(() => null);
  const index = await buildPageIndex(root);
  const pages = new Set(index.pages.keys());
  const redirects = new Map<string, string>();
  for (const r of Array.isArray(doc?.value.redirects) ? (doc.value.redirects as unknown[]) : []) {
    const { source, destination } = (r ?? {}) as { source?: unknown; destination?: unknown };
    if (typeof source === 'string' && typeof destination === 'string' && !source.includes(':')) redirects.set(splitTarget(source).page, destination);
  }
  const byName = new Map<string, string[]>();
  for (const p of pages) {
    const name = p.slice(p.lastIndexOf('/') + 1);
    byName.set(name, [...(byName.get(name) ?? []), p]);
  }
  const exists = async (page: string) => page === '' || pages.has(page) || pages.has(`${page}/index`) || (await isFile(root, page));
  const notes: string[] = [];
  let changed = false;
  for (const page of index.pages.values()) {
    const file = path.join(root, page.file);
    const text = await readFile(file, 'utf8');
    const parts = text.split(FENCE);
    for (let i = 0; i < parts.length; i += 2) {
      const part = parts[i]!;
      const found = [...part.matchAll(LINK)];
      let out = part;
      for (const m of found.reverse()) {
        const raw = m[2] ?? m[4]!;
        if (raw.startsWith('//')) continue;
        const target = splitTarget(raw);
        if (await exists(target.page)) continue;
        const fix = redirects.get(target.page) ?? (byName.get(target.page.slice(target.page.lastIndexOf('/') + 1))?.length === 1 ? `/${byName.get(target.page.slice(target.page.lastIndexOf('/') + 1))![0]}` : undefined);
        if (fix === undefined) {
          notes.push(`\`${page.file}\` links to \`${raw}\`, which does not exist; no unambiguous replacement, left unchanged.`);
          continue;
        }
        const replacement = fix + target.suffix;
        const start = m.index! + (m[1] ?? m[3]!).length;
        out = out.slice(0, start) + replacement + out.slice(start + raw.length);
        notes.push(`\`${page.file}\`: \`${raw}\` → \`${replacement}\`.`);
      }
      parts[i] = out;
    }
    const next = parts.join('');
    if (next !== text) {
      await writeFile(file, next);
      changed = true;
    }
  }
  if (notes.length === 0) notes.push('No broken internal links found.');
  return { changed, notes };
}

/** One internal link whose target page or file does not exist. */
export interface BrokenLink {
  /** Page file, relative to the docs root. */
  file: string;
  line: number;
  target: string;
}

/**
 * Internal links (Markdown `](/x)` and `href="/x"`, outside code fences) that lead to no page or file
 * of the docs root: the quick check the language-model agent's `check_links` tool runs, without a build.
 */
export async function findBrokenLinks(root: string): Promise<BrokenLink[]> {
  const index = await buildPageIndex(root);
  const pages = new Set(index.pages.keys());
  const exists = async (page: string) => page === '' || pages.has(page) || pages.has(`${page}/index`) || (await isFile(root, page));
  const broken: BrokenLink[] = [];
  for (const page of index.pages.values()) {
    const text = await readFile(path.join(root, page.file), 'utf8');
    let offset = 0;
    const parts = text.split(FENCE);
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (i % 2 === 0) {
        for (const m of part.matchAll(LINK)) {
          const raw = m[2] ?? m[4]!;
          if (raw.startsWith('//') || (await exists(splitTarget(raw).page))) continue;
          const line = text.slice(0, offset + m.index!).split('\n').length;
          broken.push({ file: page.file, line, target: raw });
        }
      }
      offset += part.length;
    }
  }
  return broken;
}
