// The same edits on real docs.json files of the corpora: test/editor/docs-json-corpora.test.ts.
import jsonc from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { EditorError } from './codes.js';
import { addPageToGroup, applyNavEdit, navOutline } from './docs-json.js';
import type { OutlineNode } from './nav-outline.js';

// A hand-written docs.json with comments, odd spacing and a nested group: edits must keep all of it.
const SMALL = `{
  // site name
  "name": "Acme",
  "theme": "mint",
  "colors": { "primary": "#0A7" },
  "navigation": {
    "groups": [
      {
        "group": "Start",
        "pages": ["intro", "install",   "faq"]
      },
      {
        "group": "Guides",
        "icon": "book",
        "pages": [
          "guides/a",
          { "group": "Deep", "pages": ["guides/deep/x"] },
          "guides/b"
        ]
      }
    ]
  },
  "footer": {"socials": {"x": "https://x.com/acme"}}
}
`;

const parse = (text: string) => jsonc.parse(text, [], { allowTrailingComma: true }) as { navigation: Record<string, unknown[]> } & Record<string, unknown>;

/** The start and end (in `before`) of the one stretch of text that differs. */
function changedSpan(before: string, after: string): { from: number; to: number } {
  let from = 0;
  while (from < before.length && before[from] === after[from]) from++;
  let tail = 0;
  while (tail < before.length - from && tail < after.length - from && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { from, to: before.length - tail };
}

const refused = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof EditorError) return `${err.code}: ${err.message}`;
    throw err;
  }
  throw new Error('not refused');
};

describe('arranging a small docs.json', () => {
  const outline = navOutline(SMALL);

  it('gives every group, nested ones too, and every page an id', () => {
    expect(outline.tabs).toBe(false);
    const flat = (nodes: OutlineNode[]): string[] => nodes.flatMap((n) => [`${n.type}:${'name' in n ? n.name : 'entry' in n ? n.entry : n.label}@${n.id}`, ...('children' in n ? flat(n.children) : [])]);
    expect(flat(outline.items)).toEqual([
      'group:Start@navigation/groups/0',
      'page:intro@navigation/groups/0/pages/0',
      'page:install@navigation/groups/0/pages/1',
      'page:faq@navigation/groups/0/pages/2',
      'group:Guides@navigation/groups/1',
      'page:guides/a@navigation/groups/1/pages/0',
      'group:Deep@navigation/groups/1/pages/1',
      'page:guides/deep/x@navigation/groups/1/pages/1/pages/0',
      'page:guides/b@navigation/groups/1/pages/2',
    ]);
  });

  it('moves a page up and down by swapping it with its neighbour, nothing else touched', () => {
    const down = applyNavEdit(SMALL, { op: 'move', id: 'navigation/groups/0/pages/0', expect: 'intro', by: 1 });
    expect(down).toBe(SMALL.replace('["intro", "install",', '["install", "intro",'));
    const up = applyNavEdit(SMALL, { op: 'move', id: 'navigation/groups/1/pages/2', expect: 'guides/b', by: -1 });
    expect(parse(up).navigation).toEqual({ groups: [{ group: 'Start', pages: ['intro', 'install', 'faq'] }, { group: 'Guides', icon: 'book', pages: ['guides/a', 'guides/b', { group: 'Deep', pages: ['guides/deep/x'] }] }] });
    expect(refused(() => applyNavEdit(SMALL, { op: 'move', id: 'navigation/groups/0/pages/2', expect: 'faq', by: 1 }))).toBe('EDITOR_NAV_SHAPE: "faq" is already last in its list.');
  });

  it('reorders groups, keeping each group text as it was', () => {
    const text = applyNavEdit(SMALL, { op: 'move', id: 'navigation/groups/1', expect: 'Guides', by: -1 });
    expect(parse(text).navigation.groups).toEqual([parse(SMALL).navigation.groups![1], parse(SMALL).navigation.groups![0]].map((g) => g));
    expect(text).toContain('{\n        "group": "Guides",\n        "icon": "book",');
    expect(text.length).toBe(SMALL.length);
  });

  it('moves a page into another group (nested or not) at its end', () => {
    const text = applyNavEdit(SMALL, { op: 'move-to-group', id: 'navigation/groups/0/pages/1', expect: 'install', group: 'navigation/groups/1/pages/1' });
    expect(parse(text).navigation).toEqual({ groups: [{ group: 'Start', pages: ['intro', 'faq'] }, { group: 'Guides', icon: 'book', pages: ['guides/a', { group: 'Deep', pages: ['guides/deep/x', 'install'] }, 'guides/b'] }] });
    // The one-line list keeps its line (and its odd spacing) without the page.
    expect(text).toContain('"pages": ["intro", "faq"]');
    expect(text).toContain('{ "group": "Deep", "pages": ["guides/deep/x", "install"] }');
    expect(text.startsWith(SMALL.slice(0, SMALL.indexOf('"intro"')))).toBe(true);
    expect(text.endsWith(SMALL.slice(SMALL.indexOf('"guides/b"')))).toBe(true);
    // Out of a nested group into a group before it.
    const back = applyNavEdit(SMALL, { op: 'move-to-group', id: 'navigation/groups/1/pages/1/pages/0', expect: 'guides/deep/x', group: 'navigation/groups/0' });
    expect(parse(back).navigation.groups).toEqual([{ group: 'Start', pages: ['intro', 'install', 'faq', 'guides/deep/x'] }, { group: 'Guides', icon: 'book', pages: ['guides/a', { group: 'Deep', pages: [] }, 'guides/b'] }]);
    expect(refused(() => applyNavEdit(SMALL, { op: 'move-to-group', id: 'navigation/groups/0/pages/1', expect: 'install', group: 'navigation/groups/0' }))).toBe('EDITOR_NAV_SHAPE: "install" is in that group already; move it up or down instead.');
  });

  it('refuses an id that no longer names what the writer saw', () => {
    expect(refused(() => applyNavEdit(SMALL, { op: 'move', id: 'navigation/groups/0/pages/1', expect: 'intro', by: 1 }))).toMatch(/^EDITOR_NAV_STALE: The navigation changed since it was shown \("intro" is no longer at navigation\/groups\/0\/pages\/1\)/);
    expect(refused(() => applyNavEdit(SMALL, { op: 'rename-group', id: 'navigation/groups/9', expect: 'Start', name: 'x' }))).toMatch(/^EDITOR_NAV_STALE/);
    expect(refused(() => applyNavEdit(SMALL, { op: 'rename-group', id: 'groups/0', expect: 'Start', name: 'x' }))).toMatch(/^EDITOR_BAD_REQUEST/);
  });

  it('adds a group after another, inside a group, or at the end of the top level', () => {
    const after = applyNavEdit(SMALL, { op: 'add-group', name: '  New   one ', after: 'navigation/groups/0' });
    expect(parse(after).navigation.groups).toEqual([{ group: 'Start', pages: ['intro', 'install', 'faq'] }, { group: 'New one', pages: [] }, parse(SMALL).navigation.groups![1]]);
    const span = changedSpan(SMALL, after);
    expect(span.from).toBeGreaterThan(SMALL.indexOf('"faq"'));
    expect(span.to).toBeLessThanOrEqual(SMALL.indexOf('"icon"'));
    const nested = applyNavEdit(SMALL, { op: 'add-group', name: 'Inner', into: 'navigation/groups/1/pages/1' });
    expect(parse(nested).navigation.groups).toMatchObject([{}, { pages: ['guides/a', { group: 'Deep', pages: ['guides/deep/x', { group: 'Inner', pages: [] }] }, 'guides/b'] }]);
    const end = applyNavEdit(SMALL, { op: 'add-group', name: 'Last' });
    expect((parse(end).navigation.groups as unknown[]).at(-1)).toEqual({ group: 'Last', pages: [] });
    expect(refused(() => applyNavEdit(SMALL, { op: 'add-group', name: ' ' }))).toBe('EDITOR_BAD_REQUEST: Give the group a name.');
  });

  it('renames a group and removes only an empty one', () => {
    const renamed = applyNavEdit(SMALL, { op: 'rename-group', id: 'navigation/groups/1/pages/1', expect: 'Deep', name: 'Deeper "dive"' });
    expect(renamed).toBe(SMALL.replace('"group": "Deep"', '"group": "Deeper \\"dive\\""'));
    expect(refused(() => applyNavEdit(SMALL, { op: 'remove-group', id: 'navigation/groups/1/pages/1', expect: 'Deep' }))).toBe('EDITOR_GROUP_NOT_EMPTY: The group "Deep" still lists 1 entry; move or delete them first.');
    const emptied = applyNavEdit(SMALL, { op: 'move-to-group', id: 'navigation/groups/1/pages/1/pages/0', expect: 'guides/deep/x', group: 'navigation/groups/0' });
    const removed = applyNavEdit(emptied, { op: 'remove-group', id: 'navigation/groups/1/pages/1', expect: 'Deep' });
    expect(parse(removed).navigation.groups).toEqual([{ group: 'Start', pages: ['intro', 'install', 'faq', 'guides/deep/x'] }, { group: 'Guides', icon: 'book', pages: ['guides/a', 'guides/b'] }]);
    expect(removed).toContain('// site name');
  });

  it('adds the first tab by wrapping the groups, text kept, so every page stays listed', () => {
    const text = applyNavEdit(SMALL, { op: 'add-tab', name: 'API', firstTab: 'Docs' });
    expect(parse(text).navigation).toEqual({ tabs: [{ tab: 'Docs', groups: parse(SMALL).navigation.groups }, { tab: 'API', groups: [] }] });
    expect(text).toContain('\n        "tab": "Docs",\n        "groups": [\n          {\n            "group": "Start",');
    expect(navOutline(text).tabs).toBe(true);
    const second = applyNavEdit(text, { op: 'add-tab', name: 'More' });
    expect((parse(second).navigation.tabs as { tab: string }[]).map((t) => t.tab)).toEqual(['Docs', 'API', 'More']);
    const renamed = applyNavEdit(second, { op: 'rename-division', id: 'navigation/tabs/1', expect: 'API', name: 'Reference' });
    expect((parse(renamed).navigation.tabs as { tab: string }[]).map((t) => t.tab)).toEqual(['Docs', 'Reference', 'More']);
    const grouped = applyNavEdit(renamed, { op: 'add-group', name: 'Endpoints', into: 'navigation/tabs/1' });
    expect((parse(grouped).navigation.tabs as { groups: unknown[] }[])[1]!.groups).toEqual([{ group: 'Endpoints', pages: [] }]);
    expect(refused(() => applyNavEdit(grouped, { op: 'add-group', name: 'Loose' }))).toBe('EDITOR_NAV_SHAPE: The navigation is divided into tabs; add the group inside one of them.');
    expect(refused(() => applyNavEdit(SMALL, { op: 'add-tab', name: 'X', into: 'navigation/groups/0' }))).toMatch(/^EDITOR_NAV_SHAPE: Tabs go at the top level/);
    // Tabs move like groups: their whole text trades places.
    const moved = applyNavEdit(grouped, { op: 'move', id: 'navigation/tabs/2', expect: 'More', by: -1 });
    expect((parse(moved).navigation.tabs as { tab: string }[]).map((t) => t.tab)).toEqual(['Docs', 'More', 'Reference']);
    expect((parse(moved).navigation.tabs as { groups: unknown[] }[])[2]!.groups).toEqual([{ group: 'Endpoints', pages: [] }]);
    // A level divided into anchors takes tabs inside an anchor only.
    const anchors = '{"navigation": {"anchors": [{"anchor": "Docs", "groups": [{"group": "G", "pages": ["a"]}]}]}}';
    expect(refused(() => applyNavEdit(anchors, { op: 'add-tab', name: 'X' }))).toBe('EDITOR_NAV_SHAPE: The navigation is divided into anchors; add the tab inside one of them.');
    expect(parse(applyNavEdit(anchors, { op: 'add-tab', name: 'X', into: 'navigation/anchors/0' })).navigation).toEqual({ anchors: [{ anchor: 'Docs', tabs: [{ tab: 'Documentation', groups: [{ group: 'G', pages: ['a'] }] }, { tab: 'X', groups: [] }] }] });
    // A group listing an API specification's pages is not empty.
    const spec = '{"navigation": {"groups": [{"group": "API", "openapi": "openapi.json"}]}}';
    expect(refused(() => applyNavEdit(spec, { op: 'remove-group', id: 'navigation/groups/0', expect: 'API' }))).toMatch(/^EDITOR_GROUP_NOT_EMPTY: The group "API" lists the pages of an API specification/);
  });

  it('adds a created page at the end of a chosen group', () => {
    expect(parse(addPageToGroup(SMALL, 'guides/c', 'navigation/groups/1/pages/1')).navigation.groups).toMatchObject([{}, { pages: ['guides/a', { pages: ['guides/deep/x', 'guides/c'] }, 'guides/b'] }]);
  });
});
