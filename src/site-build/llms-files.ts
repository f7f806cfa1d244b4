/**
 * `llms.txt` and `llms-full.txt` at the root and under `/.well-known/`, from the Markdown files the
 * build wrote beside its pages (pages skipped as unchanged keep theirs). A repository's own file of
 * either name replaces the generated one.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DOCS_INDEX_FILE, llmsFiles, llmsGroups, markdownFileFor, type DocsIndexFile } from '../markdown/index.js';
import type { SiteRenderer } from '../render/index.js';
import { resolveInside } from '../shared/index.js';
import type { Site } from '../site/index.js';
import type { OutputWriter } from './output-writer.js';

/** Size of `llms-full.txt` past which it is split per section (bytes). */
export const DEFAULT_LLMS_FULL_MAX_BYTES = 8_000_000;

/** Write the llms files; returns every file written (site-relative), so later builds remove parts no longer made. */
export async function writeLlmsFiles(site: Site, output: OutputWriter, renderer: SiteRenderer, siteUrl: string | undefined, maxFullBytes = DEFAULT_LLMS_FULL_MAX_BYTES): Promise<string[]> {
  const all = site.config.seo?.indexing === 'all';
  const groups = llmsGroups(site.model, (r) => (r.listed || all) && !renderer.pageFlags(r).noindex);
  // Read as needed, synchronously: thousands of small reads through the promise API cost more in
  // handles and callbacks than in reading (most of a one-page rebuild's time at 1,000 pages).
  const markdownOf = (href: string): string | null => {
    const file = resolveInside(output.outDir, markdownFileFor(href));
    try {
      return file ? readFileSync(file, 'utf8') : null;
    } catch {
      // Not written (the page failed, or the output lost it): the file lists the page by title.
      return null;
    }
  };
  const written: string[] = [];
  const writes: Promise<void>[] = [];
  const write = (rel: string, contents: string) => {
    const target = resolveInside(output.outDir, rel);
    if (!target) return;
    written.push(rel);
    writes.push(output.write(target, contents));
  };
  // Parts of a split full text are written as they are made, so they are not all in memory at once.
  const made = llmsFiles({ name: site.config.name, description: site.config.description, siteUrl }, groups, markdownOf, maxFullBytes, write);
  for (const name of ['llms.txt', 'llms-full.txt']) {
    const own = await readFile(path.join(site.root, name), 'utf8').catch(() => null);
    if (own !== null) made.files.set(name, own);
    made.files.set(`.well-known/${name}`, made.files.get(name)!);
  }
  // The page list the MCP server's search reads (with each page's `.md`).
  const indexed: DocsIndexFile = {
    name: site.config.name,
    ...(site.config.description ? { description: site.config.description } : {}),
    pages: groups.flatMap((g) => g.pages.map((r) => ({ href: r.href, title: r.title, ...(r.description ? { description: r.description } : {}), section: g.label }))),
  };
  made.files.set(DOCS_INDEX_FILE, JSON.stringify(indexed));
  for (const [rel, contents] of made.files) write(rel, contents);
  await Promise.all(writes);
  return written;
}
