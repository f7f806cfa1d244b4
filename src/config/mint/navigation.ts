import { isObject } from '../checks/walk.js';
import type { FieldPath } from '../load/source-map.js';
import type { MintConversion } from './convert.js';

const EXTERNAL = /^https?:\/\//i;

/** The first page path of a mint.json group, searching nested groups. */
function firstPage(group: Record<string, unknown>): string | undefined {
  if (!Array.isArray(group.pages)) return undefined;
  for (const p of group.pages) {
    if (typeof p === 'string') return p;
    if (isObject(p)) {
      const inner = firstPage(p);
      if (inner) return inner;
    }
  }
  return undefined;
}

const underPrefix = (page: string | undefined, url: string): boolean => {
  const prefix = url.replace(/^\/+|\/+$/g, '');
  return page !== undefined && prefix !== '' && (page === prefix || page.startsWith(prefix + '/'));
};

/** A mint.json version name (`"v2"` or `{ "name": "v2" }`). */
const versionName = (v: unknown): string | undefined => (typeof v === 'string' ? v : isObject(v) && typeof v.name === 'string' ? v.name : undefined);

/** Whether an element tagged with `version` belongs to version `name` (untagged ones belong to all). */
const inVersion = (el: unknown, name: string | undefined): boolean => name === undefined || !isObject(el) || el.version === undefined || el.version === name;

type Indexed = { g: Record<string, unknown>; i: number; used: boolean };

/**
 * mint.json keeps one flat `navigation` array of groups; `tabs` and section
 * `anchors` claim the groups whose pages sit under their `url`, the rest goes to
 * the primary tab. External tabs and anchors become links, and `versions` split
 * everything by each element's `version` tag.
 */
export function convertNavigation(mint: Record<string, unknown>, conv: MintConversion): Record<string, unknown> {
  if (!Array.isArray(mint.navigation)) {
    conv.aliases.push([['navigation'], ['navigation']]);
    return mint.navigation as Record<string, unknown>;
  }
  conv.aliases.push([['navigation'], ['navigation']]);
  const nav: Record<string, unknown> = {};
  const global = globalAnchors(mint, conv);
  const versions = Array.isArray(mint.versions) ? mint.versions.map(versionName).filter((v): v is string => v !== undefined) : [];
  if (versions.length) {
    nav.versions = versions.map((name, vi) => {
      const at: FieldPath = ['navigation', 'versions', vi];
      conv.aliases.push([at, ['versions', vi]]);
      return { version: name, ...convertSection(mint, conv, at, name) };
    });
  } else Object.assign(nav, convertSection(mint, conv, ['navigation'], undefined));
  if (global.length) nav.global = { anchors: global };
  return nav;
}

/** Anchors whose url is external (or claims no groups) become global link anchors. */
function globalAnchors(mint: Record<string, unknown>, conv: MintConversion): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  if (!Array.isArray(mint.anchors)) return out;
  const groups = Array.isArray(mint.navigation) ? mint.navigation.filter(isObject) : [];
  mint.anchors.forEach((a, i) => {
    if (!isObject(a)) return;
    const internal = typeof a.url === 'string' && !EXTERNAL.test(a.url) && groups.some((g) => underPrefix(firstPage(g), String(a.url)));
    if (internal) return;
    conv.aliases.push([['navigation', 'global', 'anchors', out.length], ['anchors', i]]);
    out.push({ anchor: a.name, ...(a.icon !== undefined ? { icon: a.icon } : {}), href: a.url });
  });
  return out;
}

/** The tabs / anchors / groups of one version (or of the whole site). */
function convertSection(mint: Record<string, unknown>, conv: MintConversion, prefix: FieldPath, version: string | undefined): Record<string, unknown> {
  const move = (to: FieldPath, from: FieldPath, value: unknown) => {
    conv.aliases.push([to, from]);
    return value;
  };
  const indexed: Indexed[] = (mint.navigation as unknown[])
    .map((g, i) => ({ g: isObject(g) ? stripVersion(g) : (g as Record<string, unknown>), i, used: !inVersion(g, version) }));
  const claim = (url: string) => indexed.filter((e) => !e.used && isObject(e.g) && underPrefix(firstPage(e.g), url)).map((e) => ((e.used = true), e));
  const groupList = (to: FieldPath, list: Indexed[]) => list.map((e, j) => move([...to, j], ['navigation', e.i], e.g));

  const sectionAnchors: { name: unknown; icon: unknown; from: FieldPath; groups: Indexed[] }[] = [];
  if (Array.isArray(mint.anchors)) {
    mint.anchors.forEach((a, i) => {
      if (!isObject(a) || !inVersion(a, version) || typeof a.url !== 'string' || EXTERNAL.test(a.url)) return;
      const groups = claim(a.url);
      if (groups.length) sectionAnchors.push({ name: a.name, icon: a.icon, from: ['anchors', i], groups });
    });
  }
  const tabs: { tab: unknown; from: FieldPath; href?: unknown; groups: Indexed[] }[] = [];
  if (Array.isArray(mint.tabs)) {
    mint.tabs.forEach((t, i) => {
      if (!isObject(t) || !inVersion(t, version)) return;
      if (typeof t.url === 'string' && EXTERNAL.test(t.url)) tabs.push({ tab: t.name, from: ['tabs', i], href: t.url, groups: [] });
      else tabs.push({ tab: t.name, from: ['tabs', i], groups: claim(String(t.url ?? '')) });
    });
  }
  const rest = indexed.filter((e) => !e.used);
  if (!tabs.length && !sectionAnchors.length) return { groups: groupList([...prefix, 'groups'], rest) };

  const primaryName = isObject(mint.primaryTab) && typeof mint.primaryTab.name === 'string' ? mint.primaryTab.name : 'Documentation';
  const key = tabs.length ? 'tabs' : 'anchors';
  const entries: Record<string, unknown>[] = [];
  // Section anchors next to tabs have no docs.json place: their groups join the primary tab.
  const primaryGroups = tabs.length ? [...rest, ...sectionAnchors.flatMap((a) => a.groups)] : rest;
  if (primaryGroups.length) entries.push({ [tabs.length ? 'tab' : 'anchor']: primaryName, groups: groupList([...prefix, key, 0, 'groups'], primaryGroups) });
  if (tabs.length) {
    for (const t of tabs) {
      const at: FieldPath = [...prefix, 'tabs', entries.length];
      move(at, t.from, undefined);
      entries.push(t.href !== undefined ? { tab: t.tab, href: t.href } : { tab: t.tab, groups: groupList([...at, 'groups'], t.groups) });
    }
  } else {
    for (const a of sectionAnchors) {
      const at: FieldPath = [...prefix, 'anchors', entries.length];
      move(at, a.from, undefined);
      entries.push({ anchor: a.name, ...(a.icon !== undefined ? { icon: a.icon } : {}), groups: groupList([...at, 'groups'], a.groups) });
    }
  }
  return { [key]: entries };
}

/** A group without its mint.json `version` tag (docs.json nests groups under versions instead). */
function stripVersion(group: Record<string, unknown>): Record<string, unknown> {
  if (!('version' in group)) return group;
  const { version, ...rest } = group;
  void version;
  return rest;
}
