import type { PageIndex } from '../../content/index.js';
import { parseEndpointEntry, type EndpointEntry } from '../../shared/index.js';
import { specId } from '../entries.js';
import type { OpenApiSiteProvider } from '../provider.js';

/** An MDX page that only points at an endpoint: the spec can generate everything it shows. */
export interface MigrationCandidate {
  /** File relative to the docs root. */
  file: string;
  /** Page path as navigation lists it (no extension, no leading slash). */
  path: string;
  entry: EndpointEntry;
  /** Normalized id of the spec the endpoint was found in. */
  spec: string;
  /** Title the generated page will have (the page's own title may differ: reported, not kept). */
  generatedTitle: string;
  pageTitle: string;
  /** The page's own description when the generated page will show another one. */
  lostDescription?: string;
}

/** Frontmatter a generated page reproduces (title and description are compared and reported). */
const PORTABLE_KEYS = new Set(['openapi', 'title', 'description']);

export interface SkippedPage {
  file: string;
  reason: string;
}

/** MDX comments, HTML comments and whitespace: what a body may hold and still add nothing. */
export function bodyAddsNothing(body: string): boolean {
  return body.replace(/\{\s*\/\*[\s\S]*?\*\/\s*\}/g, '').replace(/<!--[\s\S]*?-->/g, '').trim() === '';
}

/**
 * Pages whose frontmatter `openapi:` names an endpoint the spec has and whose
 * body adds nothing; every other `openapi:` page is listed as skipped with why.
 * `index` must be built with `keepSource` so bodies can be inspected.
 */
export function findMigrationCandidates(index: PageIndex, provider: OpenApiSiteProvider, inherited: readonly string[] = []): { candidates: MigrationCandidate[]; skipped: SkippedPage[] } {
  const candidates: MigrationCandidate[] = [];
  const skipped: SkippedPage[] = [];
  const pages = [...index.pages.values()].filter((p) => p.openapi).sort((a, b) => a.file.localeCompare(b.file));
  for (const page of pages) {
    const value = page.openapi!;
    const entry = parseEndpointEntry(value);
    if (!entry) {
      skipped.push({ file: page.file, reason: `openapi: "${value}" is not "[spec] METHOD /path"` });
      continue;
    }
    if (page.source === undefined) {
      skipped.push({ file: page.file, reason: 'source not available' });
      continue;
    }
    if (!bodyAddsNothing(page.source.slice(page.bodyOffset))) {
      skipped.push({ file: page.file, reason: 'the page body adds content the spec cannot generate; keep it as an MDX page' });
      continue;
    }
    const extra = Object.keys(page.frontmatter).filter((key) => !PORTABLE_KEYS.has(key));
    if (extra.length > 0) {
      skipped.push({ file: page.file, reason: `frontmatter sets ${extra.map((k) => `\`${k}\``).join(', ')}, which a generated page cannot keep; move it to x-mint.metadata in the spec first` });
      continue;
    }
    const result = provider.frontmatterEndpoint(value, `/${page.path}`, inherited);
    if ('diagnostic' in result) {
      skipped.push({ file: page.file, reason: result.diagnostic.message });
      continue;
    }
    candidates.push({
      file: page.file,
      path: page.path,
      entry: { ...entry, method: entry.method },
      spec: specId(result.page.ref.specFile),
      generatedTitle: result.page.title,
      pageTitle: page.title,
      ...(page.description !== undefined && page.description !== result.page.description ? { lostDescription: page.description } : {}),
    });
  }
  return { candidates, skipped };
}
