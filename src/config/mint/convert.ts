import type { ReadContext } from '../load/read-json.js';
import { type FieldPath, formatPath } from '../load/source-map.js';
import { isObject } from '../checks/walk.js';
import { convertNavigation } from './navigation.js';

/** A conversion in progress: the docs.json value being built and what was dropped. */
export interface MintConversion {
  /** docs.json path → mint.json path, so problems point into mint.json. */
  aliases: [FieldPath, FieldPath][];
  /** mint.json keys with no docs.json equivalent. */
  dropped: { path: FieldPath; message: string }[];
}

const PLAYGROUND_MODES: Record<string, string> = { show: 'interactive', simple: 'simple', hide: 'none' };
/** mint.json analytics keys are docs.json integrations keys. */
const ANALYTICS = ['amplitude', 'clearbit', 'fathom', 'ga4', 'gtm', 'heap', 'hotjar', 'koala', 'logrocket', 'mixpanel', 'pirsch', 'plausible', 'posthog', 'segment', 'hightouch', 'clarity', 'adobe'];
const COPIED = ['name', 'logo', 'favicon', 'redirects', 'description'];
const HANDLED = new Set([...COPIED, '$schema', 'colors', 'topbarLinks', 'topbarCtaButton', 'navigation', 'tabs', 'anchors', 'topAnchor', 'primaryTab', 'versions', 'footerSocials', 'analytics', 'integrations', 'openapi', 'api', 'modeToggle', 'search', 'metadata', 'backgroundImage', 'font', 'seo', 'codeBlock', 'background']);

/** Convert a parsed mint.json value to the docs.json shape (pure; positions via `aliases`). */
export function mintToDocs(mint: Record<string, unknown>): { value: Record<string, unknown>; conversion: MintConversion } {
  const conv: MintConversion = { aliases: [], dropped: [] };
  const out: Record<string, unknown> = { theme: 'mint' };
  const move = (to: FieldPath, from: FieldPath, value: unknown): unknown => {
    conv.aliases.push([to, from]);
    return value;
  };
  const drop = (path: FieldPath, why: string) => conv.dropped.push({ path, message: `\`${formatPath(path)}\` has no docs.json equivalent and is dropped: ${why}` });

  for (const k of COPIED) if (k in mint) out[k] = move([k], [k], mint[k]);
  if (isObject(mint.colors)) {
    const { anchors, background, ...rest } = mint.colors;
    out.colors = move(['colors'], ['colors'], rest);
    if (anchors !== undefined) drop(['colors', 'anchors'], 'anchor gradients are not supported; anchors use `colors.primary`');
    if (isObject(background)) out.background = { color: move(['background', 'color'], ['colors', 'background'], background) };
  } else if ('colors' in mint) out.colors = move(['colors'], ['colors'], mint.colors);

  const navbar = convertNavbar(mint, move);
  if (navbar) out.navbar = navbar;
  out.navigation = convertNavigation(mint, conv);

  if (mint.footerSocials !== undefined) {
    const socials = Array.isArray(mint.footerSocials)
      ? Object.fromEntries(mint.footerSocials.filter(isObject).map((s) => [String(s.type), s.url]))
      : mint.footerSocials;
    out.footer = { socials: move(['footer', 'socials'], ['footerSocials'], socials) };
  }
  const integrations: Record<string, unknown> = {};
  if (isObject(mint.analytics)) {
    for (const [k, v] of Object.entries(mint.analytics)) {
      if (ANALYTICS.includes(k)) integrations[k] = move(['integrations', k], ['analytics', k], v);
      else drop(['analytics', k], 'unknown analytics provider');
    }
  }
  if (isObject(mint.integrations)) for (const [k, v] of Object.entries(mint.integrations)) integrations[k] = move(['integrations', k], ['integrations', k], v);
  if (Object.keys(integrations).length) out.integrations = integrations;

  const api = convertApi(mint, move, drop);
  if (api) out.api = api;
  if (isObject(mint.modeToggle)) {
    const appearance: Record<string, unknown> = {};
    if (mint.modeToggle.default !== undefined) appearance.default = move(['appearance', 'default'], ['modeToggle', 'default'], mint.modeToggle.default);
    if (mint.modeToggle.isHidden !== undefined) appearance.strict = move(['appearance', 'strict'], ['modeToggle', 'isHidden'], mint.modeToggle.isHidden);
    out.appearance = appearance;
  }
  if (isObject(mint.search) && mint.search.prompt !== undefined) out.search = { prompt: move(['search', 'prompt'], ['search', 'prompt'], mint.search.prompt) };
  if (isObject(mint.metadata)) out.seo = { metatags: move(['seo', 'metatags'], ['metadata'], mint.metadata) };
  if (typeof mint.backgroundImage === 'string') out.background = { ...(out.background as object), image: move(['background', 'image'], ['backgroundImage'], mint.backgroundImage) };
  if (isObject(mint.font)) out.fonts = move(['fonts'], ['font'], convertFont(mint.font));
  if (isObject(mint.seo) && mint.seo.indexHiddenPages !== undefined) {
    out.seo = { ...(out.seo as object), indexing: move(['seo', 'indexing'], ['seo', 'indexHiddenPages'], mint.seo.indexHiddenPages ? 'all' : 'navigable') };
  }
  if (isObject(mint.codeBlock) && typeof mint.codeBlock.mode === 'string') {
    out.styling = { codeblocks: move(['styling', 'codeblocks'], ['codeBlock', 'mode'], mint.codeBlock.mode === 'dark' ? 'dark' : 'system') };
  }
  if (isObject(mint.background) && typeof mint.background.style === 'string') {
    out.background = { ...(out.background as object), decoration: move(['background', 'decoration'], ['background', 'style'], mint.background.style) };
  }
  if (mint.topAnchor !== undefined) drop(['topAnchor'], 'docs.json has no named first anchor; the first section takes the name of its tab or group');
  for (const k of Object.keys(mint)) if (!HANDLED.has(k)) drop([k], 'remove it or find the matching docs.json setting');
  return { value: out, conversion: conv };
}

/** mint.json `font` ({ family, weight, url, format } or { headings, body }) → docs.json `fonts`. */
function convertFont(font: Record<string, unknown>): Record<string, unknown> {
  const face = (f: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    if (f.family !== undefined) out.family = f.family;
    if (f.weight !== undefined) out.weight = f.weight;
    if (f.url !== undefined) out.source = f.url;
    if (f.format !== undefined) out.format = f.format;
    return out;
  };
  const out = face(font);
  if (isObject(font.headings)) out.heading = face(font.headings);
  if (isObject(font.body)) out.body = face(font.body);
  return out;
}

type Move = (to: FieldPath, from: FieldPath, value: unknown) => unknown;

function convertNavbar(mint: Record<string, unknown>, move: Move): Record<string, unknown> | undefined {
  const navbar: Record<string, unknown> = {};
  if (Array.isArray(mint.topbarLinks)) {
    navbar.links = mint.topbarLinks.map((l, i) => {
      const link = isObject(l) ? l : {};
      const entry: Record<string, unknown> = link.type === 'github' ? { type: 'github', href: link.url } : { label: link.name, href: link.url };
      return move(['navbar', 'links', i], ['topbarLinks', i], entry);
    });
  }
  if (isObject(mint.topbarCtaButton)) {
    const b = mint.topbarCtaButton;
    const primary = b.type === 'github' ? { type: 'github', href: b.url } : { type: 'button', label: b.name, href: b.url };
    navbar.primary = move(['navbar', 'primary'], ['topbarCtaButton'], primary);
  }
  return Object.keys(navbar).length ? navbar : undefined;
}

function convertApi(mint: Record<string, unknown>, move: Move, drop: (p: FieldPath, why: string) => void): Record<string, unknown> | undefined {
  const api: Record<string, unknown> = {};
  if (mint.openapi !== undefined) api.openapi = move(['api', 'openapi'], ['openapi'], mint.openapi);
  const m = isObject(mint.api) ? mint.api : undefined;
  if (!m) return Object.keys(api).length ? api : undefined;
  const mdx: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(m)) {
    if (k === 'baseUrl') mdx.server = move(['api', 'mdx', 'server'], ['api', 'baseUrl'], v);
    else if (k === 'auth' && isObject(v)) mdx.auth = move(['api', 'mdx', 'auth'], ['api', 'auth'], { method: v.method, name: v.name });
    else if (k === 'playground' && isObject(v)) {
      const display = PLAYGROUND_MODES[String(v.mode)] ?? v.mode;
      api.playground = move(['api', 'playground'], ['api', 'playground'], { display, ...(v.disableProxy !== undefined ? { proxy: !v.disableProxy } : {}) });
    } else if (k === 'request' && isObject(v) && isObject(v.example) && Array.isArray(v.example.languages)) {
      api.examples = move(['api', 'examples'], ['api', 'request', 'example'], { languages: v.example.languages });
    } else if (k === 'paramFields' && isObject(v) && v.expanded !== undefined) {
      api.params = { expanded: move(['api', 'params', 'expanded'], ['api', 'paramFields', 'expanded'], v.expanded === 'all' ? 'all' : 'closed') };
    } else drop(['api', k], 'not supported by docs.json');
  }
  if (Object.keys(mdx).length) api.mdx = mdx;
  return api;
}

/** Convert in place for loading: apply position aliases and report the legacy format and dropped keys. */
export function convertMintConfig(raw: unknown, ctx: ReadContext): unknown {
  if (!isObject(raw)) return raw;
  const { value, conversion } = mintToDocs(raw);
  for (const [to, from] of conversion.aliases) ctx.map.alias(to, from);
  const warn = (path: FieldPath, code: 'MINT_LEGACY' | 'MINT_UNSUPPORTED', message: string) =>
    ctx.diagnostics.push({ ...ctx.map.locateKey(path), severity: 'warning', code, path: path.length ? formatPath(path) : '', message });
  warn([], 'MINT_LEGACY', 'mint.json is the legacy configuration format; run `folio upgrade` to write the equivalent docs.json');
  for (const d of conversion.dropped) warn(d.path, 'MINT_UNSUPPORTED', d.message);
  return value;
}
