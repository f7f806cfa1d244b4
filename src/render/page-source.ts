/**
 * What a route's body is made from, decided from the `Site` alone: the MDX job of a page file
 * (with the endpoint reference its `openapi:` frontmatter asks for), or the finished HTML of a
 * generated endpoint page. The build plans its pages from this and the dev server renders from
 * it, so both show the same body.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '../content/index.js';
import { channelMarkdown, endpointMarkdown } from '../markdown/index.js';
import { codeThemesOf, knownImportsFor, type Heading } from '../mdx/index.js';
import type { PageRoute } from '../navigation/index.js';
import { escapeHtml, hashText, type Diagnostic } from '../shared/index.js';
import type { EndpointPage } from '../openapi/index.js';
import type { Site } from '../site/index.js';
import { apiDisplayOf, endpointReferenceForFrontmatter, manualEndpointReference, renderChannel, renderChannelReference, renderEndpoint } from './endpoint/index.js';
import type { MdxJob } from './mdx-job.js';

export type PageSource =
  | {
      kind: 'mdx';
      page: Page & { source: string };
      /** The body to compile (the caller numbers jobs). */
      job: Omit<MdxJob, 'id'>;
      /** Endpoint reference appended to the compiled body (`openapi:` frontmatter). */
      suffix?: string;
      /** The same reference as Markdown, appended to the page's Markdown. */
      markdownSuffix?: string;
      /** Problems with the page's `openapi:` frontmatter. */
      problems: Diagnostic[];
    }
  | { kind: 'endpoint'; html: string; markdown: string; headings: Heading[] }
  /** A page route whose file is not in the index or was read without its text. */
  | { kind: 'unreadable' };

/** The body source of `route`; page text is there only when the site was loaded with `keepSource`. */
export function pageSourceOf(site: Site, route: PageRoute): PageSource {
  if (route.kind !== 'page' || !route.file) {
    const operation = site.openapi?.specs.operation(route.href);
    if (operation?.content) return endpointContentSource(site, route, operation);
    return { kind: 'endpoint', ...endpointBodyOf(site, route), markdown: endpointBodyMarkdown(site, route) };
  }
  const page = site.index.pages.get(route.path);
  if (!page || (page.source === undefined && page.sourceHash === undefined)) return { kind: 'unreadable' };
  // Loaded with `keepSource: 'hash'`: the text is read again where it is needed (the forgotten-import
  // lookup when the repository imports components), else the job is planned without it and the
  // build reads it when it compiles the page.
  const source = page.source ?? (site.imports.size ? readText(site.root, page.file) : '');
  if (source === null) return { kind: 'unreadable' };
  const problems: Diagnostic[] = [];
  let suffix: string | undefined;
  let markdownSuffix: string | undefined;
  if (page.openapi && site.openapi) {
    const ref = endpointReferenceOf(site, page.openapi, route.href, page.frontmatter.playground);
    if ('diagnostic' in ref) problems.push({ file: page.file, line: lineOf(source, /^openapi\s*:/m), column: 1, path: 'openapi', ...ref.diagnostic });
    else ({ html: suffix, markdown: markdownSuffix } = ref);
  } else if (page.asyncapi && site.openapi?.asyncapi) {
    // `asyncapi: "asyncapi.yaml channelId"`: the channel's reference laid around the page's own body.
    const found = site.openapi.asyncapi.frontmatterChannel(page.asyncapi, route.href);
    if ('diagnostic' in found) problems.push({ file: page.file, line: lineOf(source, /^asyncapi\s*:/m), column: 1, path: 'asyncapi', ...found.diagnostic });
    else {
      suffix = renderChannelReference(found.page, apiDisplayOf(site.config));
      markdownSuffix = channelMarkdown(found.page);
    }
  } else if (page.frontmatter.api !== undefined) {
    const ref = manualEndpointReference(site.config, page.frontmatter, { href: route.href, title: route.title }, source.slice(page.bodyOffset));
    if ('problem' in ref) {
      problems.push({ file: page.file, line: lineOf(source, /^api\s*:/m), column: 1, path: 'api', severity: 'warning', code: 'OPENAPI_BAD_API_FRONTMATTER', message: `The page is built without its request line and playground: ${ref.problem}` });
    } else ({ html: suffix, markdown: markdownSuffix } = ref);
  }
  // What other pages import under the names this page uses decides forgotten imports.
  const knownImports = knownImportsFor(page.file, source, site.imports);
  const job = { file: page.file, source: source.slice(page.bodyOffset), lineOffset: page.bodyLine - 1, knownImports, iconLibrary: site.config.icons?.library, codeThemes: codeThemesOf(site.config.styling?.codeblocks).themes };
  return { kind: 'mdx', page: page as Page & { source: string }, job, suffix, markdownSuffix, problems };
}

/**
 * Endpoint references of `openapi:` frontmatter, kept across builds of one process (`build --watch`,
 * dev): every build plans every page, and drawing the references again was a third of a one-page
 * rebuild of prefect (946 pages). Keyed by docs.json and the text of every spec loaded when the
 * reference was drawn, so any change to them draws it again. Specs load on demand (the first page
 * naming one loads it), so a reference is stored under the specs loaded after drawing it, and the
 * key is made again whenever more specs have loaded: a key made before its spec was loaded would
 * match the previous build's reference after the spec changed.
 */
const references = new Map<string, ReturnType<typeof endpointReferenceForFrontmatter>>();
const REFERENCES_KEPT = 2000;
const fingerprints = new WeakMap<Site, { specs: number; fingerprint: string }>();

/** docs.json and the text of every spec `site` has loaded so far. */
function specsFingerprint(site: Site): string {
  const specs = site.openapi!.specs.specs();
  let known = fingerprints.get(site);
  if (known?.specs !== specs.length) {
    known = { specs: specs.length, fingerprint: hashText(JSON.stringify(site.config), ...specs.flatMap((s) => [s.id, s.text])) };
    fingerprints.set(site, known);
  }
  return known.fingerprint;
}

function endpointReferenceOf(site: Site, value: string, href: string, playground: unknown): ReturnType<typeof endpointReferenceForFrontmatter> {
  const page = `\0${value}\0${href}\0${JSON.stringify(playground ?? null)}`;
  let ref = references.get(specsFingerprint(site) + page);
  if (!ref) {
    ref = endpointReferenceForFrontmatter(site.openapi!.specs, value, href, [], apiDisplayOf(site.config, playground));
    if (references.size >= REFERENCES_KEPT) references.clear();
    references.set(specsFingerprint(site) + page, ref);
  }
  return ref;
}

/**
 * A generated endpoint page whose operation has `x-mint`/`x-service` content: the content is the
 * page's MDX body (compiled like a page file, so components work and its Markdown comes from the
 * same tree), placed in the reference's slot as an `openapi:` page's body is. Problems in it are
 * reported at the spec file.
 */
function endpointContentSource(site: Site, route: PageRoute, operation: EndpointPage): PageSource {
  const content = operation.content!;
  const file = operation.ref.specFile;
  const page: Page & { source: string } = { path: route.path, file, format: 'mdx', title: route.title, titleSource: 'openapi', frontmatter: {}, bodyOffset: 0, bodyLine: 1, source: content, sourceHash: hashText('x-mint content', content), hidden: false, noindex: false };
  const { html } = renderEndpoint(operation, { display: apiDisplayOf(site.config, operation.metadata.playground), bodySlot: true });
  const job = { file, source: content, lineOffset: 0, knownImports: knownImportsFor(file, content, site.imports), iconLibrary: site.config.icons?.library, codeThemes: codeThemesOf(site.config.styling?.codeblocks).themes };
  return { kind: 'mdx', page, job, suffix: html, markdownSuffix: endpointMarkdown(operation, { content: false }), problems: [] };
}

/** HTML body of a generated endpoint page: the planned operation, else its method and path. */
export function endpointBody(site: Site, route: PageRoute): string {
  return endpointBodyOf(site, route).html;
}

/** HTML body and TOC headings of a generated endpoint page, drawn with the site's `api.*` settings. */
function endpointBodyOf(site: Site, route: PageRoute): { html: string; headings: Heading[] } {
  const channel = route.endpoint?.method === 'CHANNEL' ? site.openapi?.asyncapi?.channel(route.href) : undefined;
  if (channel) return renderChannel(channel, { display: apiDisplayOf(site.config) });
  const page = site.openapi?.specs.operation(route.href);
  return page ? renderEndpoint(page, { display: apiDisplayOf(site.config, page.metadata.playground) }) : { html: fallbackEndpointBody(route), headings: [] };
}

/** Markdown body of a generated endpoint page, from the same plan as its HTML. */
export function endpointBodyMarkdown(site: Site, route: PageRoute): string {
  const channel = route.endpoint?.method === 'CHANNEL' ? site.openapi?.asyncapi?.channel(route.href) : undefined;
  if (channel) return channelMarkdown(channel);
  const page = site.openapi?.specs.operation(route.href);
  if (page) return endpointMarkdown(page);
  return route.endpoint ? `\`${route.endpoint.method} ${route.endpoint.path}\`` : '';
}

/** Body of an endpoint page the openapi layer could not plan: method and path. */
function fallbackEndpointBody(route: PageRoute): string {
  const e = route.endpoint;
  if (!e) return '';
  return `<p><code>${escapeHtml(e.method)} ${escapeHtml(e.path)}</code></p>`;
}

/** Docs.json `variables` as MDX substitutes them: every value a string. */
export function siteVariables(site: Site): Record<string, string> {
  return Object.fromEntries(Object.entries(site.config.variables ?? {}).map(([k, v]) => [k, String(v)]));
}

/** A page file's text, read again; null when it is gone. */
function readText(root: string, file: string): string | null {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return null;
  }
}

/** 1-based line of the first match of `pattern` in `text` (1 when absent). */
function lineOf(text: string, pattern: RegExp): number {
  const m = pattern.exec(text);
  return m ? text.slice(0, m.index).split('\n').length : 1;
}
