/**
 * Links, anchors and images of rendered page bodies, checked against the site: a link must
 * lead to a page, a redirect or a file of the repository; an anchor to an id the target page
 * renders (heading ids as the MDX layer makes them, and any other `id=` in the body); an image
 * to a file. External URLs are not fetched. Each problem is located in the page's source by
 * the first occurrence of the link text (line 1 when it is not written literally, e.g. built
 * from a variable). Pages skipped by an incremental build keep the problems their last build
 * found; anchors into pages that were not rendered in this build are not checked.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageRoute } from '../navigation/index.js';
import { collectOpenApiSources, type LoadedSpec } from '../openapi/index.js';
import { detached, matchRedirect, resolveInside, type Diagnostic, type RedirectRule } from '../shared/index.js';
import type { Site } from '../site/index.js';
import type { SitePathReader } from './base-links.js';
import type { BuildCode } from './codes.js';
import { pageUnderPrefix } from './redirect-checks.js';

interface PageLinks {
  route: PageRoute;
  links: string[];
  images: string[];
  /** Links and images of the endpoint reference that the page's `openapi:` frontmatter appends (located in the spec). */
  reference?: { links: string[]; images: string[] };
}

const ATTR = /<(a|img|source|video)\b[^>]*?\s(href|src)="([^"]*)"/g;
const ID = /\sid="([^"]+)"/g;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

const unescapeText = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

// Detached: a capture of the page's HTML would keep the whole HTML alive until the checks run.
const unescape = (s: string) => detached(unescapeText(s));

/** Whether the ids a page recorded (`\0a\0b\0`) include `id`. */
const hasId = (ids: string, id: string) => ids.includes(`\0${id}\0`);

/** Collects links and ids while pages are written, then checks them all at once. */
export class LinkCollector {
  private readonly pages: PageLinks[] = [];
  /** href → the page's ids, as one string `\0a\0b\0` (a Set per page was ~1 KB a page, 50 MB at 50,000 pages). */
  private readonly ids = new Map<string, string>();
  /** http(s) URL → the pages that link or embed it (collected only when asked). */
  readonly external = new Map<string, PageRoute[]>();

  constructor(private readonly collectExternal = false) {}

  /**
   * Record a page's body as rendered, and the endpoint reference its `openapi:` frontmatter appends
   * (`reference`, HTML); a body with errors (rendered as a fallback) lends no ids, so anchors into it are not judged.
   */
  add(route: PageRoute, html: string, headingIds: string[], failed = false, reference?: string): void {
    const own = this.linksOf(route, html);
    const inReference = reference ? this.linksOf(route, reference) : undefined;
    if (!failed) {
      const ids = new Set(headingIds);
      // Joined into one new string below: no capture is kept.
      for (const part of reference ? [html, reference] : [html]) for (const m of part.matchAll(ID)) ids.add(unescapeText(m[1]!));
      this.ids.set(route.href, `\0${[...ids].join('\0')}\0`);
    }
    const hasReference = inReference && (inReference.links.length || inReference.images.length);
    if (own.links.length || own.images.length || hasReference) this.pages.push({ route, ...own, ...(hasReference ? { reference: inReference } : {}) });
  }

  /** Site links and images of `html`; http(s) URLs go to `external` when collected. */
  private linksOf(route: PageRoute, html: string): { links: string[]; images: string[] } {
    const links: string[] = [];
    const images: string[] = [];
    for (const m of html.matchAll(ATTR)) {
      const value = unescape(m[3]!);
      if (value === '') continue;
      if (EXTERNAL.test(value)) {
        if (this.collectExternal && /^https?:\/\//i.test(value)) {
          const url = value.replace(/#.*$/, '');
          const pages = this.external.get(url) ?? [];
          if (!pages.includes(route)) pages.push(route);
          this.external.set(url, pages);
        }
        continue;
      }
      (m[2] === 'href' ? links : images).push(value);
    }
    return { links, images };
  }

  /**
   * Problems per page href, located in the page sources. `read` takes each link as the page writer
   * did (`sitePathReader`: under `--base /docs`, `/docs/a` is `/a`), so a link checks clean exactly
   * when the written page leads somewhere.
   */
  check(site: Site, redirects: readonly RedirectRule[], read: SitePathReader = (url) => url): Map<string, Diagnostic<BuildCode>[]> {
    const files = new Map<string, boolean>();
    const isFile = (p: string) => {
      let found = files.get(p);
      if (found === undefined) {
        const abs = resolveInside(site.root, decodeURI(p).replace(/^\/+/, ''));
        found = abs !== null && existsSync(abs);
        files.set(p, found);
      }
      return found;
    };
    const out = new Map<string, Diagnostic<BuildCode>[]>();
    for (const { route, links, images, reference } of this.pages) {
      const problems: Diagnostic<BuildCode>[] = [];
      // The page's text is read (at most once a page) only when it has something to report.
      let text: string | undefined | null = null;
      const source = () => (text === null ? (text = pageText(site, route)) : text);
      const checkAll = (links: string[], images: string[], where: (raw: string) => { file: string; line: number; column: number }) => {
        const report = (code: BuildCode, raw: string, message: string) => problems.push({ ...where(raw), severity: 'warning', code, path: '', message });
        for (const raw of new Set(links)) {
          const [target, anchor] = splitLink(read(raw), route.href);
          if (target === route.href || target === '') {
            const own = this.ids.get(route.href);
            if (anchor && own !== undefined && !hasId(own, anchor)) report('BUILD_ANCHOR_MISSING', raw, `Link \`${raw}\`: this page has no heading or element with id \`${anchor}\`.`);
            continue;
          }
          const page = site.model.pages.get(target) ?? site.model.pages.get(target.replace(/\.mdx?$/, ''));
          if (page) {
            const ids = this.ids.get(page.href);
            if (anchor && ids !== undefined && !hasId(ids, anchor)) report('BUILD_ANCHOR_MISSING', raw, `Link \`${raw}\`: ${page.href} has no heading or element with id \`${anchor}\`.`);
            continue;
          }
          if (target === '/' || matchRedirect(redirects, target) || isFile(target)) continue;
          const under = pageUnderPrefix(target, (p) => (site.model.pages.has(p) ? 'a page' : matchRedirect(redirects, p) ? 'a redirect' : isFile(p) ? 'a file' : null));
          const fix = under ? `\`${under.page}\` is ${under.what}: the link was written for the site served under \`${under.prefix}\`; build and serve it with \`--base ${under.prefix}\` (links that begin with \`${under.prefix}\` are then full paths), or link \`${under.page}\`` : 'fix the path';
          report('BUILD_LINK_BROKEN', raw, `Link \`${raw}\` leads to no page, redirect or file of this site; ${fix}.`);
        }
        for (const raw of new Set(images)) {
          const [target] = splitLink(read(raw), route.href);
          if (raw.startsWith('data:') || isFile(target)) continue;
          report('BUILD_ASSET_MISSING', raw, `\`${raw}\` is not a file in the docs root, so the image or media is broken; add the file or fix the path.`);
        }
      };
      checkAll(links, images, (raw) => locate(site, route, raw, source));
      if (reference) checkAll(reference.links, reference.images, (raw) => locateInReference(site, route, raw, source));
      if (problems.length) out.set(route.href, problems);
    }
    return out;
  }
}

/**
 * Every page's problems, each reported once: the same operation drawn on two pages (its generated
 * page and an `openapi:` page) finds a broken link of its description twice, at the same spec line.
 */
export function pageProblems<D extends Diagnostic>(pageDiagnostics: Record<string, D[]>): D[] {
  const seen = new Set<string>();
  const out: D[] = [];
  for (const list of Object.values(pageDiagnostics)) {
    for (const d of list) {
      const key = `${d.file}:${d.line}:${d.column}:${d.code}:${d.message}`;
      if (!seen.has(key)) (seen.add(key), out.push(d));
    }
  }
  return out;
}

/** `[path, anchor]` of a site link, resolved against the page (`../x`, `x`) and without query or trailing slash. */
function splitLink(raw: string, pageHref: string): [string, string] {
  const hash = raw.indexOf('#');
  const anchor = hash === -1 ? '' : safeDecode(raw.slice(hash + 1));
  let target = (hash === -1 ? raw : raw.slice(0, hash)).replace(/\?.*$/, '');
  if (target !== '' && !target.startsWith('/')) {
    const base = pageHref.slice(0, pageHref.lastIndexOf('/') + 1);
    target = new URL(target, `http://x${base}`).pathname;
  }
  target = target.replace(/(.)\/+$/, '$1').replace(/\/index$/, '') || '/';
  return [raw.startsWith('#') ? '' : target, anchor];
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    // A malformed escape: compare the anchor as written.
    return s;
  }
}

/** The page's text: kept in the index, or read again (a build lets go of page texts once planned). */
function pageText(site: Site, route: PageRoute): string | undefined {
  const page = site.index.pages.get(route.path);
  if (page?.source !== undefined) return page.source;
  try {
    return page ? readFileSync(path.join(site.root, page.file), 'utf8') : undefined;
  } catch {
    // Gone since: the problem is reported at the top of the file.
    return undefined;
  }
}

/**
 * Where `raw` first appears in the page's source (its file; line 1 when not found). A generated
 * endpoint page's source is its OpenAPI spec: a link found in a description is located in the spec
 * file (from the operation on, then from the top; else at the operation), and for a spec given by URL
 * at the docs.json line that names it.
 */
export function locate(site: Site, route: PageRoute, raw: string, text: () => string | undefined = () => pageText(site, route)): { file: string; line: number; column: number } {
  if (route.kind !== 'page' || !route.file) {
    const inSpec = locateInSpec(site, route.href, raw);
    if (inSpec) return inSpec;
  }
  const file = route.file ?? 'docs.json';
  const source = route.kind === 'page' ? text() : undefined;
  const at = source ? source.indexOf(raw) : -1;
  if (!source || at === -1) return { file, line: 1, column: 1 };
  return { file, ...lineColumnAt(source, at) };
}

function lineColumnAt(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at);
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}

function offsetOf(text: string, { line, column }: { line: number; column: number }): number {
  let offset = 0;
  for (let n = 1; n < line && offset !== -1; n++) offset = text.indexOf('\n', offset) + 1 || -1;
  return offset === -1 ? 0 : offset + column - 1;
}

function locateInSpec(site: Site, href: string, raw: string): { file: string; line: number; column: number } | null {
  const found = site.openapi?.specs.sourceOf(href);
  return found ? locateInSource(site, found, raw) : null;
}

/**
 * A link of the endpoint reference an MDX page's `openapi:` frontmatter appends: located in the spec
 * like a generated endpoint page's, else at the page's `openapi:` line.
 */
function locateInReference(site: Site, route: PageRoute, raw: string, text: () => string | undefined): { file: string; line: number; column: number } {
  const value = site.index.pages.get(route.path)?.openapi;
  const found = value ? site.openapi?.specs.frontmatterSource(value) : undefined;
  const inSpec = found && locateInSource(site, found, raw);
  if (inSpec) return inSpec;
  const source = text();
  const at = source?.search(/^(?:openapi|asyncapi)\s*:/m) ?? -1;
  return { file: route.file ?? 'docs.json', ...(source && at !== -1 ? lineColumnAt(source, at) : { line: 1, column: 1 }) };
}

function locateInSource(site: Site, found: { spec: LoadedSpec; pointer: readonly string[]; source: string }, raw: string): { file: string; line: number; column: number } | null {
  const { spec, pointer, source } = found;
  if (/^https?:\/\//i.test(spec.id)) {
    // Nobody can edit a downloaded spec here: point at the docs.json entry that names it.
    const named = collectOpenApiSources(site.config, site.locate).find((s) => s.source === source || s.source === spec.id);
    return named?.origin ? { file: named.origin.file, line: named.origin.line, column: named.origin.column } : null;
  }
  const operation = spec.positionOf(pointer);
  const from = offsetOf(spec.text, operation);
  let at = spec.text.indexOf(raw, from);
  if (at === -1) at = spec.text.indexOf(raw);
  return { file: spec.id, ...(at === -1 ? operation : lineColumnAt(spec.text, at)) };
}
