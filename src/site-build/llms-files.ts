/**
 * `llms.txt` and `llms-full.txt` at the root and under `/.well-known/`, from the Markdown files the
 * build wrote beside its pages (pages skipped as unchanged keep theirs). A repository's own file of
 * either name replaces the generated one.
 */
import { closeSync, constants, lstatSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
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
  const groups = llmsGroups(site.model, (r) => {
    const flags = renderer.pageFlags(r);
    // Protected pages are for signed-in readers only: not in the public llms files nor the MCP/search index.
    return (r.listed || all) && !flags.noindex && !flags.protected;
  });
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
  // Parts of a split full text are written as they are made (synchronously, so each is freed
  // before the next is assembled: a 50,000-page site has ~500 MB of Markdown).
  const partsDir = path.join(output.outDir, 'llms-full');
  let partsDirReady: boolean | undefined;
  const writePart = (rel: string, contents: string) => {
    const target = resolveInside(output.outDir, rel);
    // The folder is made on the first part; a link or file in its place gets the ordinary refusing write.
    partsDirReady ??= realFolder(partsDir);
    if (!target || path.dirname(target) !== partsDir || !partsDirReady) return write(rel, contents);
    written.push(rel);
    const fd = openSync(target, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
    try {
      writeFileSync(fd, contents);
    } finally {
      closeSync(fd);
    }
  };
  const made = llmsFiles({ name: site.config.name, description: site.config.description, siteUrl }, groups, markdownOf, maxFullBytes, writePart);
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

/** Make `dir` (its parent exists and is trusted) unless there; true when it is a real folder, not a link. */
function realFolder(dir: string): boolean {
  try {
    mkdirSync(dir);
  } catch {
    // Already there (checked below), or not makeable (the caller falls back to the refusing write).
  }
  try {
    const info = lstatSync(dir);
    return info.isDirectory() && !info.isSymbolicLink();
  } catch {
    // Not makeable: the ordinary write reports why.
    return false;
  }
}
