/**
 * What both editors do the same way over a docs folder: the dashboard's session (a checkout with
 * the database's drafts) and `folio dev`'s local editor (the writer's own files). The sidebar's
 * navigation and the arrange mode's outline from a loaded site, the checks of a text save and an
 * image upload, the first text of a new page, and the docs.json check (a docs.json that does not
 * load as a site is refused and the file put back as it was).
 */
import { createHash } from 'node:crypto';
import { normalizePagePath, type SidebarNode } from '../navigation/index.js';
import { writeFileInside, type Diagnostic } from '../shared/index.js';
import type { Site } from '../site/index.js';
import { EditorError } from './codes.js';
import { addPage, addPageToGroup, navOutline } from './docs-json.js';
import type { NavOutline, OutlineNode } from './nav-outline.js';
import { checkEditableFile, checkImageFile, pageEntryOf, sniffImage } from './paths.js';

/** Git's blob id of `bytes`: what `git rev-parse HEAD:<file>` answers for the same content. */
export function blobHash(bytes: Uint8Array | string): string {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  return createHash('sha1').update(`blob ${data.byteLength}\0`).update(data).digest('hex');
}

/** Largest page (or docs.json) text a save may hold. */
export const MAX_TEXT_BYTES = 2 * 1024 * 1024;
/** Largest image upload. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** A navigation entry as the editor's sidebar draws it. */
export type NavItem =
  | { type: 'group'; name: string; children: NavItem[] }
  | { type: 'page'; title: string; file: string; href: string; draft: boolean }
  | { type: 'other'; title: string };

export interface NavSection {
  label: string;
  items: NavItem[];
}

/** The site's navigation as the sidebar draws it, one entry per section, and the site's problems; `drafted` files are marked. */
export function navigationOf(site: Site | null, diagnostics: Diagnostic[], drafted: ReadonlySet<string>): { sections: NavSection[]; hidden: NavItem[]; problems: string[] } {
  const problems = diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line}: ${d.message}`);
  if (!site) return { sections: [], hidden: [], problems };
  const page = (href: string, title: string): NavItem => {
    const file = site.model.pages.get(href)?.file;
    return file ? { type: 'page', title, file, href, draft: drafted.has(file) } : { type: 'other', title };
  };
  const items = (nodes: SidebarNode[]): NavItem[] =>
    nodes.map((n): NavItem => {
      if (n.type === 'group') return { type: 'group', name: n.name, children: items(n.children) };
      if (n.type === 'page') return page(n.href, n.sidebarTitle ?? n.title);
      if (n.type === 'link') return { type: 'other', title: n.label };
      if (n.type === 'endpoint') return { type: 'other', title: n.sidebarTitle ?? n.title };
      return { type: 'other', title: 'API reference' };
    });
  const sections = site.model.sections.map((s) => ({ label: s.trail.map((d) => d.label).join(' / ') || site.config.name || 'Navigation', items: items(s.sidebar) }));
  const hidden = site.model.hidden.filter((r) => r.file).map((r) => page(r.href, r.title));
  return { sections, hidden, problems };
}

/**
 * The navigation of a docs.json text as the editor arranges it, each page with its title and file
 * when the site has it. Null without a docs.json that parses (the sidebar then shows the site's problems).
 */
export function outlineOf(docsJson: string | null, site: Site | null): NavOutline | null {
  if (docsJson === null) return null;
  let outline: NavOutline;
  try {
    outline = navOutline(docsJson);
  } catch (err) {
    if (err instanceof EditorError) return null;
    throw err;
  }
  const routes = new Map([...(site?.model.pages.values() ?? [])].map((r) => [r.path, r]));
  const titled = (nodes: OutlineNode[]): OutlineNode[] =>
    nodes.map((n) => {
      if (n.type === 'page') {
        const route = routes.get(normalizePagePath(n.entry));
        return route?.file ? { ...n, title: route.sidebarTitle ?? route.title, file: route.file } : n;
      }
      return 'children' in n ? { ...n, children: titled(n.children) } : n;
    });
  return { ...outline, items: titled(outline.items) };
}

/** The breadcrumbs of a file: its page's trail and title, or the file name when it is not a page of the site. */
export function breadcrumbsOf(site: Site | null, file: string): string[] {
  const route = site ? [...site.model.pages.values()].find((r) => r.file === file) : undefined;
  return route ? [...route.breadcrumbs.map((c) => c.label), route.title] : [file];
}

/** Refuse a text save the editor does not take: a bad path, an image, over the size limit. */
export function checkTextSave(file: string, text: string): void {
  checkEditableFile(file);
  if (/\.(png|jpe?g|gif|webp)$/i.test(file)) throw new EditorError('EDITOR_BAD_REQUEST', 'Images are uploaded, not saved as text.');
  if (Buffer.byteLength(text, 'utf8') > MAX_TEXT_BYTES) throw new EditorError('EDITOR_TOO_LARGE', `The text is over the ${MAX_TEXT_BYTES / 1024 / 1024} MB limit of one file; nothing was saved. Split the page into several.`, 413);
}

/** Refuse an image upload: a bad path, over 5 MB, or bytes that are not a PNG, JPEG, GIF or WebP. */
export function checkImageUpload(file: string, bytes: Uint8Array): void {
  checkImageFile(file);
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new EditorError('EDITOR_TOO_LARGE', `The image is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Make it smaller and upload it again.`, 413);
  if (!sniffImage(bytes)) throw new EditorError('EDITOR_IMAGE_TYPE', 'The file is not a PNG, JPEG, GIF or WebP image; other types (SVG included) are not accepted.', 415);
}

/** The first text of a new page: its title in the frontmatter (refused when empty). */
export function newPageText(title: string): string {
  const name = title.trim().replace(/[\r\n]+/g, ' ');
  if (name === '') throw new EditorError('EDITOR_BAD_REQUEST', 'Give the new page a title.');
  return `---\ntitle: ${JSON.stringify(name)}\n---\n\n`;
}

/**
 * Write `text` as `root`'s docs.json and load the site: refused (EDITOR_DOCS_JSON_INVALID) when it
 * does not load or docs.json has errors, and then the file is put back to `before`.
 */
export async function writeCheckedDocsJson(root: string, text: string, before: Uint8Array | null): Promise<void> {
  await writeFileInside(root, 'docs.json', text);
  // The site layer (the MDX stack under it) loads with the first site read, not with the editor.
  const { loadSite } = await import('../site/index.js');
  const { site, diagnostics } = await loadSite(root, { openapi: false });
  const errors = diagnostics.filter((d) => d.severity === 'error' && d.file.endsWith('docs.json'));
  if (!site || errors.length) {
    if (before) await writeFileInside(root, 'docs.json', before);
    const first = errors[0] ?? diagnostics[0];
    throw new EditorError('EDITOR_DOCS_JSON_INVALID', `docs.json was not saved: ${first ? `line ${first.line}: ${first.code}: ${first.message}` : 'it does not load as a site'}.`);
  }
}

/** docs.json with the page `file` listed after `besides` (a page file) or at the end of `group` (an outline id), else at the end. */
export function withNewPage(docsJson: string, file: string, besides?: string, group?: string): string {
  const entry = pageEntryOf(file);
  return group ? addPageToGroup(docsJson, entry, group) : addPage(docsJson, entry, besides ? pageEntryOf(besides) : undefined);
}
