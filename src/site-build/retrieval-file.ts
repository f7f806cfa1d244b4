/**
 * The assistant's and discovery API's index input (`RETRIEVAL_FILE`): every page site search may
 * show (the Pagefind index's own rule, `SiteRenderer.pageFlags(...).unsearchable`: not hidden unless
 * `seo.indexing: "all"`, not `noindex`, `searchable: false` or protected), cut into sections from
 * the Markdown the build wrote beside it. Incremental: a page whose Markdown key and metadata are
 * those of the previous build keeps its sections from the previous file (one read of it), so an
 * edit cuts only its own page again. Pages' Markdown comes from memory (`rendered`) or their `.md`.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { markdownFileFor } from '../markdown/index.js';
import type { PageRoute } from '../navigation/index.js';
import { searchBoost, searchKeywords, type SiteRenderer } from '../render/index.js';
import { readRetrievalLines, RETRIEVAL_FILE, retrievalHeaderLine, retrievalPageLine, sectionsOfMarkdown, type AssistantSiteSettings, type RetrievalPage } from '../retrieval/index.js';
import { hashText, openFileInside, resolveInside } from '../shared/index.js';
import type { Site } from '../site/index.js';

export interface RetrievalInput {
  site: Site;
  outDir: string;
  renderer: SiteRenderer;
  /** href → Markdown key of every planned page. */
  markdownKeys: ReadonlyMap<string, string>;
  /** The Markdown of pages this build wrote; others are read from their `.md`. */
  rendered: ReadonlyMap<string, Uint8Array>;
  /** Reuse the previous file's sections of unchanged pages (false: cut every page). */
  reuse: boolean;
}

/** Kept in the file beside each page: what its sections were cut from (`RetrievalPage` plus this). */
type KeyedPage = RetrievalPage & { key: string };

/** Characters of page records gathered before they are written out. */
const WRITE_CHARS = 4 * 1024 * 1024;

/**
 * Write `RETRIEVAL_FILE`; returns how many pages were cut again (the others were kept). The file is
 * a line per page after a header line (`retrieval/file-lines.ts`), written a few megabytes at a
 * time as pages are cut: whole, it is about as large as the site's Markdown (~10 KB a generated
 * page: 500 MB at 50,000 pages, past V8's longest string), so it is never one string, here or
 * where it is read.
 */
export async function writeRetrievalFile(input: RetrievalInput): Promise<{ pages: number; cut: number }> {
  const { site, outDir, renderer, markdownKeys, rendered } = input;
  const previous = input.reuse ? await previousPages(outDir) : new Map<string, KeyedPage>();
  const decoder = new TextDecoder();
  const assistant = retrievalAssistantSettings(site);
  // The first format's file (one JSON document), left by an older Folio in a reused output.
  await rm(path.join(outDir, '.folio-cache', 'retrieval.json'), { force: true });
  const handle = await openFileInside(outDir, RETRIEVAL_FILE);
  let pages = 0;
  let cut = 0;
  try {
    let text = retrievalHeaderLine(assistant);
    const add = async (page: KeyedPage) => {
      pages++;
      text += retrievalPageLine(page);
      if (text.length >= WRITE_CHARS) await handle.writeFile(text), (text = '');
    };
    for (const route of site.model.pages.values()) {
      if (renderer.pageFlags(route).unsearchable) continue;
      const meta = retrievalPageMeta(site, route);
      const key = hashText(markdownKeys.get(route.href) ?? '', JSON.stringify(meta));
      const kept = previous.get(route.href);
      if (kept?.key === key) {
        await add(kept);
        continue;
      }
      const markdown = markdownOf(outDir, route.href, rendered, decoder);
      // A page whose Markdown was not written (it failed to compile) is left out until it is.
      if (markdown === null) continue;
      cut++;
      await add({ ...meta, key, sections: sectionsOfMarkdown(markdown) });
    }
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
  return { pages, cut };
}

/** The docs.json `assistant` settings the file carries (the build's file and `folio dev`'s index). */
export function retrievalAssistantSettings(site: Site): AssistantSiteSettings {
  const { starterQuestions, supportEmail, supportUrl } = site.config.assistant ?? {};
  return { siteName: site.config.name, ...(starterQuestions?.length ? { starterQuestions } : {}), ...(supportEmail ? { supportEmail } : {}), ...(supportUrl ? { supportUrl } : {}) };
}

/** What a page's record says besides its sections (the build's file and `folio dev`'s index). */
export function retrievalPageMeta(site: Site, route: PageRoute): Omit<RetrievalPage, 'sections'> {
  const frontmatter = route.kind === 'page' ? (site.index.pages.get(route.path)?.frontmatter ?? {}) : {};
  const keywords = searchKeywords(frontmatter);
  const boost = (searchBoost(frontmatter) ?? 1) * (route.boost ?? 1);
  const section = site.model.sectionsById.get(route.sectionId);
  const trail = section?.trail ?? [];
  const version = trail.find((d) => d.kind === 'version')?.label;
  const otherVersion = version !== undefined && section?.switchers.versions.find((v) => v.active)?.isDefault === false;
  const language = trail.find((d) => d.kind === 'language')?.label;
  const group = route.breadcrumbs.at(-1)?.label;
  const product = trail.find((d) => d.kind === 'product')?.label;
  const tab = trail.findLast((d) => d.kind === 'tab' || d.kind === 'anchor' || d.kind === 'dropdown' || d.kind === 'menu')?.label;
  const tag = typeof frontmatter.tag === 'string' && frontmatter.tag.trim() ? frontmatter.tag.trim() : undefined;
  return {
    href: route.href,
    title: route.title,
    ...(route.description ? { description: route.description } : {}),
    ...(keywords.length ? { keywords } : {}),
    ...(group ? { group } : {}),
    ...(product ? { product } : {}),
    ...(tab ? { tab } : {}),
    ...(tag ? { tag } : {}),
    ...(version ? { version } : {}),
    ...(otherVersion ? { otherVersion: true as const } : {}),
    ...(language ? { language } : {}),
    ...(boost !== 1 ? { boost } : {}),
    ...(route.endpoint ? { operation: { method: route.endpoint.method.toUpperCase(), path: route.endpoint.path } } : {}),
  };
}

function markdownOf(outDir: string, href: string, rendered: ReadonlyMap<string, Uint8Array>, decoder: TextDecoder): string | null {
  const known = rendered.get(href);
  if (known) return decoder.decode(known);
  const file = resolveInside(outDir, markdownFileFor(href));
  try {
    // Synchronous: thousands of small reads cost more in promise handles than in reading (llms-files.ts).
    return file ? readFileSync(file, 'utf8') : null;
  } catch {
    // Not written: the page failed, or the output lost it.
    return null;
  }
}

async function previousPages(outDir: string): Promise<Map<string, KeyedPage>> {
  const pages = new Map<string, KeyedPage>();
  try {
    const ok = await readRetrievalLines<KeyedPage>(createReadStream(path.join(outDir, RETRIEVAL_FILE)), { assistant: () => {}, page: (page) => pages.set(page.href, page) });
    return ok ? pages : new Map();
  } catch {
    // First build, or an unreadable file: every page is cut.
    return new Map();
  }
}
