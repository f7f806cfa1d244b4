/**
 * `llms.txt` and `llms-full.txt` at the root and under `/.well-known/`, from the Markdown files the
 * build wrote beside its pages (pages skipped as unchanged keep theirs). A repository's own file of
 * either name replaces the generated one.
 */
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
  const markdown = new Map<string, string | null>();
  await Promise.all(
    groups.flatMap((g) => g.pages).map(async (route) => {
      const file = resolveInside(output.outDir, markdownFileFor(route.href));
      markdown.set(route.href, file ? await readFile(file, 'utf8').catch(() => null) : null);
    }),
  );
  const made = llmsFiles({ name: site.config.name, description: site.config.description, siteUrl }, groups, (href) => markdown.get(href) ?? null, maxFullBytes);
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
  const written: string[] = [];
  await Promise.all(
    [...made.files].map(([rel, contents]) => {
      const target = resolveInside(output.outDir, rel);
      if (!target) return Promise.resolve();
      written.push(rel);
      return output.write(target, contents);
    }),
  );
  return written;
}
