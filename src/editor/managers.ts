/**
 * The editor's managers of a site's files beyond its pages (issue 44): the assets (the repository's
 * media files: listed with their size and the places that use them, moved and deleted as drafts),
 * docs.json's `redirects` (listed, added, edited, deleted) and its common settings (a form). Every
 * change is a draft of the editor session, published with the pages; docs.json changes are text edits
 * (jsonc-parser's `modify`, `json-text.ts`) so the rest of the file keeps its bytes, and each is saved
 * only when the site still loads (Folio's docs.json schema, `writeCheckedDocsJson`).
 */
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import jsonc, { type JSONPath, type Node, type ParseError } from 'jsonc-parser';
import { SOCIAL_NETWORKS, THEMES } from '../config/index.js';
import { EditorError } from './codes.js';
import { insertElement, removeElement } from './json-text.js';
import { ASSET_FILE, checkAssetFile } from './paths.js';
import type { EditorSession, EditorUser, SessionFiles } from './session.js';

// ------------------------------------------------------------------ assets

/** Files a listing walks at most (a repository of thousands of images lists the first ones, and says so). */
export const MAX_LISTED_FILES = 5000;

export interface AssetInfo {
  file: string;
  size: number;
  kind: 'image' | 'video' | 'document';
  /** Added, moved or changed in this branch's drafts (not published yet). */
  drafted: boolean;
}

/** A place a file is used: the page (or docs.json) and the line. */
export interface AssetUse {
  file: string;
  line: number;
  text: string;
}

const kindOf = (file: string): AssetInfo['kind'] => (/\.(mp4|webm)$/i.test(file) ? 'video' : /\.pdf$/i.test(file) ? 'document' : 'image');

/** The docs folder's media files and text files (pages, snippets, docs.json), outside node_modules and dot-folders; links are not followed. */
async function walk(root: string): Promise<{ assets: { file: string; size: number }[]; texts: string[]; truncated: boolean }> {
  const assets: { file: string; size: number }[] = [];
  const texts: string[] = [];
  let seen = 0;
  const visit = async (rel: string): Promise<void> => {
    const entries = await readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (seen >= MAX_LISTED_FILES) return;
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const file = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await visit(file);
      else if (entry.isFile()) {
        seen++;
        if (ASSET_FILE.test(entry.name)) assets.push({ file, size: (await lstat(path.join(root, file))).size });
        else if (/\.(mdx?|json)$/i.test(entry.name)) texts.push(file);
      }
    }
  };
  await visit('');
  return { assets, texts, truncated: seen >= MAX_LISTED_FILES };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where `text` names the docs-folder file `asset`: as `/images/a.png`, `images/a.png`, `./images/a.png`
 * or `../images/a.png` (a page in a folder), between the characters that end a path in Markdown, MDX
 * and JSON. Each match's index and the length of the path part (its leading `/`, `./` or `../` kept).
 */
function referencesIn(text: string, asset: string): { at: number; length: number }[] {
  const found: { at: number; length: number }[] = [];
  const pattern = new RegExp(`(^|[\\s"'(=<>{}\\[\\],\`])((?:\\.{1,2}/)*/?)${escapeRegExp(asset)}(?![A-Za-z0-9_./-])`, 'g');
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    found.push({ at: m.index + m[1]!.length + m[2]!.length, length: asset.length });
    pattern.lastIndex = m.index + m[0].length;
  }
  return found;
}

/** The places of `texts` (file → text) that use `asset`, one per line. */
export function assetUses(texts: Map<string, string>, asset: string): AssetUse[] {
  const uses: AssetUse[] = [];
  for (const [file, text] of texts) {
    const lines = new Set<number>();
    for (const ref of referencesIn(text, asset)) {
      const line = text.slice(0, ref.at).split('\n').length;
      if (lines.has(line)) continue;
      lines.add(line);
      uses.push({ file, line, text: text.split('\n')[line - 1]!.trim().slice(0, 200) });
    }
  }
  return uses;
}

/** `text` with every reference to `from` naming `to` instead (its `/`, `./` or `../` prefix kept). */
export function renameReferences(text: string, from: string, to: string): string {
  let out = text;
  for (const ref of referencesIn(text, from).reverse()) out = out.slice(0, ref.at) + to + out.slice(ref.at + ref.length);
  return out;
}

async function readTexts(files: SessionFiles, list: string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const file of list) {
    const bytes = await files.read(file);
    // Large generated files (OpenAPI specifications) are not pages; they are read as well, up to 2 MB.
    if (bytes && bytes.length <= 2 * 1024 * 1024) texts.set(file, bytes.toString('utf8'));
  }
  return texts;
}

/** The branch's media files with their size, kind, draft state, and the places that use each. */
export async function listAssets(session: EditorSession): Promise<{ assets: (AssetInfo & { uses: AssetUse[] })[]; truncated: boolean }> {
  return session.withFiles(async (files) => {
    const { assets, texts, truncated } = await walk(files.root);
    const drafted = await files.drafted();
    const sources = await readTexts(files, texts);
    return { assets: assets.map((a) => ({ ...a, kind: kindOf(a.file), drafted: drafted.has(a.file), uses: assetUses(sources, a.file) })), truncated };
  });
}

/** Delete a media file as a draft; refused with EDITOR_ASSET_IN_USE (its places in `details`) unless `force`. */
export async function deleteAsset(session: EditorSession, file: string, user: EditorUser, force: boolean): Promise<{ file: string; uses: AssetUse[] }> {
  checkAssetFile(file);
  return session.withFiles(async (files) => {
    if ((await files.read(file)) === null) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `There is no file "${file}" on the branch "${session.branch}".`, 404);
    const uses = assetUses(await readTexts(files, (await walk(files.root)).texts), file);
    if (uses.length && !force) {
      const where = uses.slice(0, 3).map((u) => `${u.file}:${u.line}`).join(', ');
      throw new EditorError('EDITOR_ASSET_IN_USE', `"${file}" is used in ${uses.length} place${uses.length === 1 ? '' : 's'} (${where}${uses.length > 3 ? ', …' : ''}); change them first, or delete it anyway.`, 409, uses);
    }
    await files.draft(file, 'deleted', '', user);
    await files.reload();
    return { file, uses };
  });
}

/**
 * Move (rename) a media file as a draft, and name it anew in every page and in docs.json that use it
 * (each of those a draft too; a page open in the shared editing gets the change as an edit of its text).
 */
export async function moveAsset(session: EditorSession, from: string, to: string, user: EditorUser): Promise<{ file: string; changed: string[] }> {
  checkAssetFile(from);
  checkAssetFile(to);
  if (path.posix.extname(from).toLowerCase() !== path.posix.extname(to).toLowerCase()) throw new EditorError('EDITOR_PATH_INVALID', `"${to}" does not keep the file's ending (${path.posix.extname(from)}); a rename does not convert the file.`);
  const pages = await session.withFiles(async (files) => {
    const bytes = await files.read(from);
    if (bytes === null) throw new EditorError('EDITOR_PAGE_NOT_FOUND', `There is no file "${from}" on the branch "${session.branch}".`, 404);
    if (from === to || (await files.exists(to))) throw new EditorError('EDITOR_PAGE_EXISTS', `A file "${to}" already exists on the branch; pick another name.`, 409);
    await files.checkWritable(to);
    const texts = await readTexts(files, (await walk(files.root)).texts);
    await files.draft(to, 'base64', bytes.toString('base64'), user);
    await files.draft(from, 'deleted', '', user);
    const docsJson = texts.get('docs.json');
    if (docsJson !== undefined && referencesIn(docsJson, from).length) await files.saveDocsJson(renameReferences(docsJson, from, to), user);
    const pages = [...texts.keys()].filter((f) => /\.mdx?$/i.test(f) && referencesIn(texts.get(f)!, from).length);
    const open: string[] = [];
    for (const page of pages) {
      if (await files.shared(page)) open.push(page);
      else await files.draft(page, 'utf8', renameReferences(texts.get(page)!, from, to), user);
    }
    await files.reload();
    return { pages, open };
  });
  // A page writers have open changes through its shared document (the session's text edit, outside
  // the queue above: it queues itself), so their next sync takes the new path instead of writing the old one back.
  for (const page of pages.open) await session.editText(page, (text) => renameReferences(text, from, to), user);
  return { file: to, changed: pages.pages };
}

// ------------------------------------------------------------------ docs.json as text

function parseTree(text: string): Node {
  const errors: ParseError[] = [];
  const tree = jsonc.parseTree(text, errors, { allowTrailingComma: true });
  if (!tree || errors.length || tree.type !== 'object') throw new EditorError('EDITOR_DOCS_JSON_INVALID', 'docs.json is not valid JSON; fix it in its source (Site settings → docs.json) first.');
  return tree;
}

/** `text` with the value at `at` set (undefined: removed); the rest of the file keeps its bytes. Keeps the file's indentation unit. */
function setValue(text: string, at: JSONPath, value: unknown): string {
  const unit = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const formattingOptions = { insertSpaces: !unit.includes('\t'), tabSize: unit.includes('\t') ? 1 : unit.length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
  return jsonc.applyEdits(text, jsonc.modify(text, at, value, { formattingOptions }));
}

// ------------------------------------------------------------------ redirects

export interface Redirect {
  source: string;
  destination: string;
  permanent: boolean;
}

/** The redirects of docs.json, in order (a malformed entry shows with empty fields, to be fixed or deleted). */
export function readRedirects(text: string): Redirect[] {
  const list = jsonc.findNodeAtLocation(parseTree(text), ['redirects']);
  if (!list || list.type !== 'array') return [];
  return (list.children ?? []).map((node) => {
    const value = jsonc.getNodeValue(node) as Record<string, unknown> | null;
    const o = value && typeof value === 'object' ? value : {};
    return { source: typeof o.source === 'string' ? o.source : '', destination: typeof o.destination === 'string' ? o.destination : '', permanent: o.permanent !== false };
  });
}

const PARAM = /:([A-Za-z_][\w-]*)[*+?]?/g;

/** Refuse a redirect that breaks a rule of docs.json's redirects (EDITOR_REDIRECT_INVALID); `others` are the rest of the list. */
export function checkRedirect(r: Redirect, others: Redirect[]): Redirect {
  const source = r.source.trim();
  const destination = r.destination.trim();
  const bad = (message: string) => new EditorError('EDITOR_REDIRECT_INVALID', message);
  if (!source.startsWith('/')) throw bad(`The source "${source}" must be a path starting with "/", like /old-page.`);
  if (/[?#\s]/.test(source)) throw bad(`The source "${source}" may not hold spaces, a query (?) or an anchor (#); redirect the page's path.`);
  if (source.split('/').slice(1).some((segment) => segment.startsWith(':') && !/^:[A-Za-z_][\w-]*[*+?]?$/.test(segment))) throw bad(`The source "${source}" has a wildcard Folio does not read: use :name, :name* or :name+ as a whole segment, or * inside one.`);
  if (!destination) throw bad('The destination is empty: give a path like /new-page or a URL.');
  if (!destination.startsWith('/') && !/^https?:\/\/[^\s]+$/i.test(destination)) throw bad(`The destination "${destination}" must be a path starting with "/" or an http(s) URL.`);
  if (/\s/.test(destination)) throw bad(`The destination "${destination}" may not hold spaces.`);
  const norm = (p: string) => p.replace(/\/+$/, '') || '/';
  if (norm(source) === norm(destination.split('#')[0]!)) throw bad(`The destination is the source itself ("${source}"): readers would be sent round in a loop.`);
  const names = new Set([...source.matchAll(PARAM)].map((m) => m[1]));
  const missing = destination.startsWith('/') ? [...destination.matchAll(PARAM)].map((m) => m[1]!).filter((n) => !names.has(n)) : [];
  if (missing.length) throw bad(`The destination uses :${missing[0]}, which the source "${source}" does not have.`);
  if (others.some((o) => norm(o.source.trim()) === norm(source))) throw bad(`Another redirect already has the source "${source}"; edit that one instead.`);
  return { source, destination, permanent: r.permanent };
}

/** The redirect's JSON value: `permanent` written only when false (true is the default). */
const redirectValue = (r: Redirect) => ({ source: r.source, destination: r.destination, ...(r.permanent ? {} : { permanent: false }) });

/** docs.json with a redirect added at the end of `redirects` (made when absent). */
export function addRedirect(text: string, r: Redirect): string {
  const checked = checkRedirect(r, readRedirects(text));
  const list = jsonc.findNodeAtLocation(parseTree(text), ['redirects']);
  if (list?.type === 'array') return insertElement(text, list, redirectValue(checked));
  return setValue(text, ['redirects'], [redirectValue(checked)]);
}

/** The redirect node at `index`, refused (EDITOR_REDIRECT_STALE) when its source is no longer `expect`. */
function redirectAt(text: string, index: number, expect: string): Node {
  const list = jsonc.findNodeAtLocation(parseTree(text), ['redirects']);
  const node = list?.type === 'array' ? list.children?.[index] : undefined;
  const current = readRedirects(text)[index];
  if (!node || !current || current.source !== expect) throw new EditorError('EDITOR_REDIRECT_STALE', `The redirect from "${expect}" is no longer at place ${index + 1} of docs.json's redirects (docs.json changed meanwhile); reload the list and try again.`, 409);
  return node;
}

/** docs.json with the redirect at `index` (whose source is `expect`) changed: only its changed fields are rewritten. */
export function updateRedirect(text: string, index: number, expect: string, r: Redirect): string {
  const node = redirectAt(text, index, expect);
  const all = readRedirects(text);
  const checked = checkRedirect(r, all.filter((_, i) => i !== index));
  const before = all[index]!;
  if (node.type !== 'object') return setValue(text, ['redirects', index], redirectValue(checked));
  let out = text;
  if (checked.source !== before.source) out = setValue(out, ['redirects', index, 'source'], checked.source);
  if (checked.destination !== before.destination) out = setValue(out, ['redirects', index, 'destination'], checked.destination);
  if (checked.permanent !== before.permanent) {
    const has = jsonc.findNodeAtLocation(parseTree(out), ['redirects', index, 'permanent']) !== undefined;
    // Back to permanent: the key written as true where it was written, dropped where it was not.
    out = setValue(out, ['redirects', index, 'permanent'], checked.permanent ? (has ? true : undefined) : false);
  }
  return out;
}

/** docs.json without the redirect at `index` (whose source is `expect`). */
export function deleteRedirect(text: string, index: number, expect: string): string {
  return removeElement(text, redirectAt(text, index, expect));
}

// ------------------------------------------------------------------ settings

/** The settings form's values: the common top-level settings of docs.json, flattened. */
export interface SiteSettingsForm {
  name: string;
  description: string;
  theme: string;
  primary: string;
  light: string;
  dark: string;
  logoLight: string;
  logoDark: string;
  logoHref: string;
  favicon: string;
  font: string;
  headingFont: string;
  appearance: string;
  strict: boolean;
  buttonLabel: string;
  buttonHref: string;
  links: { label: string; href: string }[];
  socials: { network: string; url: string }[];
  indexing: string;
  banner: string;
  bannerDismissible: boolean;
  searchPrompt: string;
}

/** Choices the form offers, from Folio's docs.json schema. */
export const SETTING_CHOICES = {
  theme: THEMES as readonly string[],
  appearance: ['system', 'light', 'dark'],
  indexing: ['navigable', 'all'],
  socials: SOCIAL_NETWORKS as readonly string[],
};

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The form's values as docs.json has them ('' or false where it has none). */
export function readSettings(text: string): SiteSettingsForm {
  const c = obj(jsonc.getNodeValue(parseTree(text)));
  const colors = obj(c.colors);
  const logo = c.logo;
  const fonts = obj(c.fonts);
  const navbar = obj(c.navbar);
  const primary = obj(navbar.primary);
  return {
    name: str(c.name),
    description: str(c.description),
    theme: str(c.theme),
    primary: str(colors.primary),
    light: str(colors.light),
    dark: str(colors.dark),
    logoLight: typeof logo === 'string' ? logo : str(obj(logo).light),
    logoDark: typeof logo === 'string' ? logo : str(obj(logo).dark),
    logoHref: str(obj(logo).href),
    favicon: typeof c.favicon === 'string' ? c.favicon : str(obj(c.favicon).light),
    font: str(fonts.family),
    headingFont: str(obj(fonts.heading).family),
    appearance: str(obj(c.appearance).default),
    strict: obj(c.appearance).strict === true,
    buttonLabel: str(primary.label),
    buttonHref: str(primary.href),
    links: (Array.isArray(navbar.links) ? navbar.links : []).map((l) => ({ label: str(obj(l).label), href: str(obj(l).href) })),
    socials: Object.entries(obj(obj(c.footer).socials)).map(([network, url]) => ({ network, url: str(url) })),
    indexing: str(obj(c.seo).indexing),
    banner: str(obj(c.banner).content),
    bannerDismissible: obj(c.banner).dismissible === true,
    searchPrompt: str(obj(c.search).prompt),
  };
}

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** A form's fields from a request body, checked field by field (EDITOR_SETTING_INVALID names the first bad one). */
export function settingsOf(value: unknown): SiteSettingsForm {
  const v = obj(value);
  const bad = (field: string, why: string) => new EditorError('EDITOR_SETTING_INVALID', `${field}: ${why}`);
  const s = (key: string, label: string, max = 2000) => {
    const x = v[key] ?? '';
    if (typeof x !== 'string') throw bad(label, 'must be text.');
    if (x.length > max) throw bad(label, `is longer than ${max} characters.`);
    return x.trim();
  };
  const b = (key: string) => v[key] === true;
  const colour = (key: string, label: string, required = false) => {
    const x = s(key, label, 7);
    if (!x && required) throw bad(label, 'is required (a hex colour such as #0D9373).');
    if (x && !HEX.test(x)) throw bad(label, `"${x}" is not a hex colour such as #0D9373 or #fff.`);
    return x;
  };
  const choice = (key: string, label: string, options: readonly string[]) => {
    const x = s(key, label, 40);
    if (x && !options.includes(x)) throw bad(label, `"${x}" is not one of ${options.join(', ')}.`);
    return x;
  };
  const rows = (key: string, label: string) => {
    const x = v[key] ?? [];
    if (!Array.isArray(x) || x.length > 50) throw bad(label, 'must be a list of at most 50 entries.');
    return x.map(obj);
  };
  const name = s('name', 'Name', 200);
  if (!name) throw bad('Name', 'is required.');
  const links = rows('links', 'Navbar links').map((l, i) => {
    const label = str(l.label).trim();
    const href = str(l.href).trim();
    if (!label || !href) throw bad(`Navbar link ${i + 1}`, 'needs both a label and an address.');
    return { label, href };
  });
  const seen = new Set<string>();
  const socials = rows('socials', 'Socials').map((r, i) => {
    const network = str(r.network).trim();
    const url = str(r.url).trim();
    if (!SETTING_CHOICES.socials.includes(network)) throw bad(`Social ${i + 1}`, `"${network}" is not a network Folio knows (${SETTING_CHOICES.socials.join(', ')}).`);
    if (!url) throw bad(`Social ${i + 1}`, `needs the address of the ${network} profile.`);
    if (seen.has(network)) throw bad(`Social ${i + 1}`, `${network} is listed twice.`);
    seen.add(network);
    return { network, url };
  });
  const buttonLabel = s('buttonLabel', 'Navbar button label', 100);
  const buttonHref = s('buttonHref', 'Navbar button link');
  if (buttonLabel && !buttonHref) throw bad('Navbar button link', 'is needed when the button has a label.');
  return {
    name,
    description: s('description', 'Description'),
    theme: choice('theme', 'Theme', SETTING_CHOICES.theme),
    primary: colour('primary', 'Primary colour', true),
    light: colour('light', 'Light colour'),
    dark: colour('dark', 'Dark colour'),
    logoLight: s('logoLight', 'Logo (light)'),
    logoDark: s('logoDark', 'Logo (dark)'),
    logoHref: s('logoHref', 'Logo link'),
    favicon: s('favicon', 'Favicon'),
    font: s('font', 'Font', 100),
    headingFont: s('headingFont', 'Heading font', 100),
    appearance: choice('appearance', 'Default appearance', SETTING_CHOICES.appearance),
    strict: b('strict'),
    buttonLabel,
    buttonHref,
    links,
    socials,
    indexing: choice('indexing', 'Search engine indexing', SETTING_CHOICES.indexing),
    banner: s('banner', 'Banner'),
    bannerDismissible: b('bannerDismissible'),
    searchPrompt: s('searchPrompt', 'Search prompt', 200),
  };
}

/**
 * docs.json with the form's values written in: only fields that changed are touched, each at its
 * own key (an emptied field removes its key, an object left empty by that is removed too), and keys
 * the form does not show stay as they are.
 */
export function writeSettings(text: string, next: SiteSettingsForm): string {
  const before = readSettings(text);
  const config = obj(jsonc.getNodeValue(parseTree(text)));
  let out = text;
  const has = (at: JSONPath) => jsonc.findNodeAtLocation(parseTree(out), at) !== undefined;
  const set = (at: JSONPath, value: unknown) => {
    if (value === undefined && !has(at)) return;
    out = setValue(out, at, value);
    // An object the removal emptied goes too ({"banner": {}} is not a banner).
    for (let up = at.length - 1; value === undefined && up >= 1; up--) {
      const parent = jsonc.findNodeAtLocation(parseTree(out), at.slice(0, up));
      if (parent?.type === 'object' && (parent.children?.length ?? 0) === 0) out = setValue(out, at.slice(0, up), undefined);
      else break;
    }
  };
  const changed = <K extends keyof SiteSettingsForm>(...keys: K[]) => keys.some((k) => JSON.stringify(next[k]) !== JSON.stringify(before[k]));
  const orUndefined = (x: string) => x || undefined;
  if (changed('name')) set(['name'], next.name);
  if (changed('description')) set(['description'], orUndefined(next.description));
  if (changed('theme')) set(['theme'], orUndefined(next.theme));
  for (const key of ['primary', 'light', 'dark'] as const) if (changed(key)) set(['colors', key], orUndefined(next[key]));
  if (changed('logoLight', 'logoDark', 'logoHref')) {
    const { logoLight: light, logoDark: dark, logoHref: href } = next;
    // One file for both modes and no link stays a string, as docs.json allows; otherwise { light, dark, href }.
    if (!light && !dark) set(['logo'], undefined);
    else if (typeof config.logo === 'string' && light === dark && !href) set(['logo'], light);
    else if (typeof config.logo !== 'object' || config.logo === null) set(['logo'], { light: light || dark, dark: dark || light, ...(href ? { href } : {}) });
    else {
      if (changed('logoLight')) set(['logo', 'light'], light || dark);
      if (changed('logoDark')) set(['logo', 'dark'], dark || light);
      if (changed('logoHref')) set(['logo', 'href'], orUndefined(href));
    }
  }
  if (changed('favicon')) set(typeof config.favicon === 'object' && config.favicon !== null && next.favicon ? ['favicon', 'light'] : ['favicon'], orUndefined(next.favicon));
  if (changed('font')) set(['fonts', 'family'], orUndefined(next.font));
  if (changed('headingFont')) set(['fonts', 'heading', 'family'], orUndefined(next.headingFont));
  if (changed('appearance')) set(['appearance', 'default'], orUndefined(next.appearance));
  if (changed('strict')) set(['appearance', 'strict'], next.strict ? true : undefined);
  if (changed('buttonLabel', 'buttonHref')) {
    const existing = obj(obj(config.navbar).primary);
    const { buttonLabel: label, buttonHref: href } = next;
    if (!label && !href) set(['navbar', 'primary'], undefined);
    else set(['navbar', 'primary'], { ...existing, type: label ? 'button' : (existing.type ?? 'button'), ...(label ? { label } : {}), href });
  }
  if (changed('links')) {
    const existing = Array.isArray(obj(config.navbar).links) ? (obj(config.navbar).links as unknown[]) : [];
    // A link keeps its other keys (icon, type) when it stays at its place.
    set(['navbar', 'links'], next.links.length ? next.links.map((l, i) => ({ ...obj(existing[i]), label: l.label, href: l.href })) : undefined);
  }
  if (changed('socials')) {
    const wanted = new Map(next.socials.map((s) => [s.network, s.url]));
    for (const s of before.socials) if (!wanted.has(s.network)) set(['footer', 'socials', s.network], undefined);
    for (const [network, url] of wanted) if (before.socials.find((s) => s.network === network)?.url !== url) set(['footer', 'socials', network], url);
  }
  if (changed('indexing')) set(['seo', 'indexing'], orUndefined(next.indexing));
  if (changed('banner')) set(['banner', 'content'], orUndefined(next.banner));
  if (changed('bannerDismissible') || (changed('banner') && next.banner && next.bannerDismissible)) set(['banner', 'dismissible'], next.banner && next.bannerDismissible ? true : undefined);
  if (changed('searchPrompt')) set(['search', 'prompt'], orUndefined(next.searchPrompt));
  return out;
}

// ------------------------------------------------------------------ on a session

/** Read docs.json, change it with `edit`, save it as a draft when it still loads (EDITOR_DOCS_JSON_INVALID otherwise). */
export function editDocsJson(session: EditorSession, user: EditorUser, edit: (text: string) => string): Promise<string> {
  return session.withFiles(async (files) => {
    const before = await files.docsJson();
    const after = edit(before);
    if (after !== before) {
      await files.saveDocsJson(after, user);
      await files.reload();
    }
    return after;
  });
}

/** docs.json's text as the branch's drafts have it. */
export function docsJsonOf(session: EditorSession): Promise<string> {
  return session.withFiles((files) => files.docsJson());
}
