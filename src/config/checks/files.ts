import path from 'node:path';
import type { FieldPath } from '../load/source-map.js';
import { closest, parseEndpointEntry } from '../../shared/index.js';
import type { CheckContext } from './context.js';
import { FileProbe } from './file-probe.js';
import { isObject, walkNavigation } from './walk.js';

const URL = /^https?:\/\//i;

/** Pages, group roots and OpenAPI files named in the configuration must exist. */
export function checkFiles(c: CheckContext): void {
  if (!isObject(c.raw)) return;
  const probe = new FileProbe(c.root);
  const navigation = c.raw.navigation;
  const api = c.raw.api;
  const siteSpec = isObject(api) && api.openapi !== undefined;
  // Whether an OpenAPI spec is in scope for an element: its own, an ancestor's, or the site's.
  const inScope = new WeakMap<object, boolean>();
  if (isObject(navigation)) {
    walkNavigation(navigation, ({ kind, node, path: at, parentNode }) => {
      const scoped = node.openapi !== undefined || (parentNode ? inScope.get(parentNode) === true : siteSpec);
      inScope.set(node, scoped);
      if (Array.isArray(node.pages)) {
        node.pages.forEach((p, i) => {
          if (typeof p !== 'string') return;
          checkPage(c, probe, p, [...at, 'pages', i], 'page');
          const endpoint = parseEndpointEntry(p);
          if (endpoint && endpoint.spec === undefined && !scoped) {
            c.warn('NAV_ENDPOINT_WITHOUT_SPEC', [...at, 'pages', i], 'value', `endpoint "${p}" has no OpenAPI spec in scope; set \`openapi\` on this element or an ancestor, set \`api.openapi\`, or write "spec.yaml ${p}"`);
          }
        });
      }
      if (kind === 'group' && typeof node.root === 'string') checkPage(c, probe, node.root, [...at, 'root'], 'root');
      if (typeof node.href === 'string') checkLink(c, probe, node.href, [...at, 'href']);
      checkOpenApi(c, probe, node.openapi, [...at, 'openapi']);
      checkOpenApi(c, probe, node.asyncapi, [...at, 'asyncapi']);
    });
  }
  const global = isObject(navigation) && isObject(navigation.global) ? navigation.global : undefined;
  if (global) {
    for (const [key, list] of Object.entries(global)) {
      if (!Array.isArray(list)) continue;
      list.forEach((entry, i) => isObject(entry) && typeof entry.href === 'string' && checkLink(c, probe, entry.href, ['navigation', 'global', key, i, 'href']));
    }
  }
  if (isObject(api)) {
    checkOpenApi(c, probe, api.openapi, ['api', 'openapi']);
    checkOpenApi(c, probe, api.asyncapi, ['api', 'asyncapi']);
  }
  for (const key of ['logo', 'favicon'] as const) {
    const value = c.raw[key];
    if (typeof value === 'string') checkAsset(c, probe, value, [key]);
    else if (isObject(value)) for (const mode of ['light', 'dark'] as const) if (typeof value[mode] === 'string') checkAsset(c, probe, value[mode], [key, mode]);
  }
  const thumbnails = c.raw.thumbnails;
  if (isObject(thumbnails) && typeof thumbnails.background === 'string') checkAsset(c, probe, thumbnails.background, ['thumbnails', 'background']);
}

/** A logo, favicon or image file named in the configuration should be in the repository (URLs are not fetched). */
function checkAsset(c: CheckContext, probe: FileProbe, value: string, at: FieldPath): void {
  if (URL.test(value) || value.startsWith('//') || value.startsWith('data:')) return;
  const rel = value.replace(/^\.?\/+/, '').replace(/[?#].*$/, '');
  if (rel === '' || (!probe.escapes(rel) && probe.exists(rel))) return;
  c.warn('CONFIG_ASSET_NOT_FOUND', at, 'value', `\`${c.fmt(at)}\` "${value}" is not a file in the docs root, so readers get a broken image; add the file or fix the path`);
}

function checkPage(c: CheckContext, probe: FileProbe, page: string, at: FieldPath, role: 'page' | 'root'): void {
  if (URL.test(page)) return;
  const endpoint = parseEndpointEntry(page);
  if (endpoint) {
    const spec = endpoint.spec;
    if (spec && !URL.test(spec) && /\.(ya?ml|json)$/i.test(spec) && !probe.exists(spec)) {
      c.error('NAV_OPENAPI_NOT_FOUND', at, 'value', `endpoint "${page}" names spec file ${spec}, which does not exist; fix the file name`);
    }
    return;
  }
  const rel = page.replace(/^\/+/, '');
  const code = role === 'root' ? 'NAV_ROOT_NOT_FOUND' : 'NAV_PAGE_NOT_FOUND';
  const label = role === 'root' ? 'root page' : 'page';
  if (probe.escapes(rel)) {
    c.error(code, at, 'value', `${label} "${page}" points outside the docs root; use a path inside the repository`);
    return;
  }
  const candidates = /\.mdx?$/i.test(rel) ? [rel] : [`${rel}.mdx`, `${rel}.md`];
  if (candidates.some((f) => probe.exists(f))) return;
  const dir = path.posix.dirname(rel);
  const names = [...(probe.list(dir) ?? [])].filter((n) => /\.mdx?$/i.test(n)).map((n) => (dir === '.' ? '' : `${dir}/`) + n.replace(/\.mdx?$/i, ''));
  const guess = closest(rel, names);
  const fix = guess ? `did you mean "${guess}"?` : 'create the file or fix the path';
  // The platform still publishes the site; the entry just leads nowhere.
  const effect = role === 'root' ? 'the group title opens no page' : 'the entry is left out of the sidebar';
  c.warn(code, at, 'value', `${label} "${page}" not found (no ${candidates.join(' or ')} in the docs root), so ${effect}; ${fix}`);
}

/** A site-relative link in navigation should lead to a page (external URLs are not checked). */
function checkLink(c: CheckContext, probe: FileProbe, href: string, at: FieldPath): void {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('#')) return;
  const rel = href.replace(/[?#].*$/, '').replace(/^\/+|\/+$/g, '');
  if (rel === '' || probe.escapes(rel)) return;
  const candidates = [`${rel}.mdx`, `${rel}.md`, `${rel}/index.mdx`, `${rel}/index.md`];
  if (candidates.some((f) => probe.exists(f))) return;
  c.warn('NAV_LINK_NOT_FOUND', at, 'value', `link "${href}" matches no page (looked for ${rel}.mdx, ${rel}.md and ${rel}/index.mdx); fix the path or use a full URL`);
}

function checkOpenApi(c: CheckContext, probe: FileProbe, value: unknown, at: FieldPath): void {
  if (typeof value === 'string') {
    if (URL.test(value)) return;
    const rel = value.replace(/^\/+/, '');
    if (probe.escapes(rel)) c.error('NAV_OPENAPI_NOT_FOUND', at, 'value', `\`${c.fmt(at)}\` "${value}" points outside the docs root; use a file inside the repository`);
    else if (!probe.exists(rel)) c.error('NAV_OPENAPI_NOT_FOUND', at, 'value', `\`${c.fmt(at)}\`: specification file "${value}" not found; fix the path or add the file`);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => checkOpenApi(c, probe, v, [...at, i]));
  } else if (isObject(value)) {
    checkOpenApi(c, probe, value.source, [...at, 'source']);
  }
}
