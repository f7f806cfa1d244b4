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

/**
 * mint.json keeps one flat `navigation` array of groups; `tabs` and section
 * `anchors` claim the groups whose pages sit under their `url`. The rest goes to
 * the primary tab. External tabs and anchors become links.
 */
export function convertNavigation(mint: Record<string, unknown>, conv: MintConversion): Record<string, unknown> {
  const move = (to: FieldPath, from: FieldPath, value: unknown) => {
    conv.aliases.push([to, from]);
    return value;
  };
  const groups = Array.isArray(mint.navigation) ? mint.navigation : [];
  if (!Array.isArray(mint.navigation)) return move(['navigation'], ['navigation'], mint.navigation) as Record<string, unknown>;
  conv.aliases.push([['navigation'], ['navigation']]);
  const indexed = groups.map((g, i) => ({ g, i, used: false }));
  const claim = (url: string) => indexed.filter((e) => !e.used && isObject(e.g) && underPrefix(firstPage(e.g), url)).map((e) => ((e.used = true), e));
  const nav: Record<string, unknown> = {};

  const sectionAnchors: Record<string, unknown>[] = [];
  const globalAnchors: Record<string, unknown>[] = [];
  if (Array.isArray(mint.anchors)) {
    mint.anchors.forEach((a, i) => {
      if (!isObject(a)) return;
      const base = { anchor: a.name, ...(a.icon !== undefined ? { icon: a.icon } : {}) };
      if (typeof a.url === 'string' && !EXTERNAL.test(a.url)) {
        const claimed = claim(a.url);
        if (claimed.length) {
          sectionAnchors.push({ ...base, __from: ['anchors', i], __groups: claimed });
          return;
        }
      }
      globalAnchors.push(move(['navigation', 'global', 'anchors', globalAnchors.length], ['anchors', i], { ...base, href: a.url }) as Record<string, unknown>);
    });
  }
  const tabs: { tab: unknown; from: FieldPath; href?: unknown; groups: typeof indexed }[] = [];
  if (Array.isArray(mint.tabs)) {
    mint.tabs.forEach((t, i) => {
      if (!isObject(t)) return;
      if (typeof t.url === 'string' && EXTERNAL.test(t.url)) tabs.push({ tab: t.name, from: ['tabs', i], href: t.url, groups: [] });
      else tabs.push({ tab: t.name, from: ['tabs', i], groups: claim(String(t.url ?? '')) });
    });
  }
  const rest = indexed.filter((e) => !e.used);
  const groupList = (to: FieldPath, list: typeof indexed) => list.map((e, j) => move([...to, j], ['navigation', e.i], e.g));

  if (tabs.length || sectionAnchors.length) {
    const primaryName = isObject(mint.primaryTab) && typeof mint.primaryTab.name === 'string' ? mint.primaryTab.name : 'Documentation';
    const entries: Record<string, unknown>[] = [];
    const key = tabs.length ? 'tabs' : 'anchors';
    const label = tabs.length ? 'tab' : 'anchor';
    if (rest.length) entries.push({ [label]: primaryName, groups: groupList(['navigation', key, 0, 'groups'], rest) });
    if (tabs.length) {
      for (const t of tabs) {
        const at: FieldPath = ['navigation', 'tabs', entries.length];
        move(at, t.from, undefined);
        entries.push(t.href !== undefined ? { tab: t.tab, href: t.href } : { tab: t.tab, groups: groupList([...at, 'groups'], t.groups) });
      }
      // Section anchors next to tabs have no docs.json place; their groups join the primary tab.
      for (const a of sectionAnchors) {
        const first = entries[0] ?? (entries[0] = { tab: primaryName, groups: [] });
        const list = first.groups as unknown[];
        for (const e of a.__groups as typeof indexed) list.push(move(['navigation', 'tabs', 0, 'groups', list.length], ['navigation', e.i], e.g));
      }
    } else {
      for (const a of sectionAnchors) {
        const at: FieldPath = ['navigation', 'anchors', entries.length];
        move(at, a.__from as FieldPath, undefined);
        const { __from, __groups, ...anchor } = a;
        void __from;
        entries.push({ ...anchor, groups: groupList([...at, 'groups'], __groups as typeof indexed) });
      }
    }
    nav[key] = entries;
  } else {
    nav.groups = groupList(['navigation', 'groups'], rest);
  }
  if (globalAnchors.length) nav.global = { anchors: globalAnchors };
  return nav;
}
