import { copyFile, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import jsonc from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocsConfig } from '../config/index.js';
import { buildPageIndex, type PageIndex } from '../content/index.js';
import { resolveSiteModel, type SidebarNode } from '../navigation/index.js';
import { EditorError } from './codes.js';
import { addPageToGroup, applyNavEdit, navOutline, type NavEdit } from './docs-json.js';
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

// Real docs.json files of several shapes: each edit must still load with Folio's own loader, with no
// new problem, and leave the text outside the edit as it was.
// ../shared beside the checkout, as the corpus tests find it.
const CORPORA = process.env.FOLIO_CORPORA ?? path.resolve(import.meta.dirname, '../../../shared/corpora');
const SHAPES = ['ollama', 'hoppscotch', 'fastmcp', 'trigger-dev', 'mintlify-docs'];

interface Loaded {
  errors: string[];
  sidebar: string[];
  tabs: string[];
}

describe.each(SHAPES)('arranging the real docs.json of %s', (name) => {
  const root = path.join(CORPORA, name);
  let original = '';
  let index: PageIndex;
  let dir = '';
  let before: Loaded;

  /** Load a docs.json text the way a site loads it, with the corpus's pages. */
  async function load(text: string): Promise<Loaded> {
    // The corpora are stored without their images: a favicon or logo that is not there would stop the load.
    let loadable = text;
    for (const key of ['favicon', 'logo']) loadable = jsonc.applyEdits(loadable, jsonc.modify(loadable, [key], undefined, {}));
    await writeFile(path.join(dir, 'docs.json'), loadable);
    const { config, diagnostics } = await loadDocsConfig(dir);
    expect(config, diagnostics.map((d) => d.message).join('\n')).not.toBeNull();
    const { model, diagnostics: nav } = resolveSiteModel(config!, index);
    const names = (nodes: SidebarNode[]): string[] => nodes.flatMap((n) => (n.type === 'group' ? [`[${n.name}]`, ...names(n.children)] : n.type === 'page' ? [n.href] : []));
    return {
      errors: [...diagnostics, ...nav].filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`),
      sidebar: model.sections.flatMap((s) => [s.trail.map((t) => t.label).join('/'), ...names(s.sidebar)]),
      tabs: model.sections.map((s) => s.trail.map((t) => t.label).join('/')),
    };
  }

  beforeAll(async () => {
    original = await readFile(path.join(root, 'docs.json'), 'utf8');
    index = await buildPageIndex(root);
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-nav-edit-'));
    // The corpus's other files, for the checks of files docs.json names: its own files copied (a `$ref`
    // through a link is refused), its folders linked.
    for (const entry of await readdir(root, { withFileTypes: true })) {
      if (entry.name === 'docs.json') continue;
      if (entry.isFile()) await copyFile(path.join(root, entry.name), path.join(dir, entry.name));
      else await symlink(path.join(root, entry.name), path.join(dir, entry.name));
    }
    before = await load(original);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Groups of the outline, deepest last, with their pages. */
  const groups = (nodes: OutlineNode[]): Extract<OutlineNode, { type: 'group' }>[] => nodes.flatMap((n) => (n.type === 'group' ? [n, ...groups(n.children)] : 'children' in n ? groups(n.children) : []));
  const pagesIn = (g: Extract<OutlineNode, { type: 'group' }>) => g.children.filter((c): c is Extract<OutlineNode, { type: 'page' }> => c.type === 'page' && !c.entry.includes(' ') && !/^https?:/.test(c.entry));

  async function check(edit: NavEdit, touched: { from: number; to: number }) {
    const text = applyNavEdit(original, edit);
    const span = changedSpan(original, text);
    expect(span.from, JSON.stringify(edit)).toBeGreaterThanOrEqual(touched.from);
    expect(span.to, JSON.stringify(edit)).toBeLessThanOrEqual(touched.to);
    const after = await load(text);
    expect(after.errors).toEqual(before.errors);
    const rest = (t: string) => ({ ...parse(t), navigation: undefined });
    expect(rest(text)).toEqual(rest(original));
    return { text, after };
  }

  /** Where a node of the original sits in the text. */
  const rangeOf = (id: string) => {
    const node = jsonc.findNodeAtLocation(jsonc.parseTree(original)!, id.split('/').map((p) => (/^\d+$/.test(p) ? Number(p) : p)))!;
    return { from: node.offset, to: node.offset + node.length };
  };

  it('moves a page of a nested group down, within that list only', async () => {
    const all = groups(navOutline(original).items);
    const group = [...all].reverse().find((g) => pagesIn(g).length >= 2 && g.children.indexOf(pagesIn(g)[0]!) < g.children.length - 1)!;
    const page = pagesIn(group)[0]!;
    const { after } = await check({ op: 'move', id: page.id, expect: page.entry, by: 1 }, rangeOf(group.id));
    expect(after.sidebar).not.toEqual(before.sidebar);
    expect([...after.sidebar].sort()).toEqual([...before.sidebar].sort());
  });

  it('moves a page into another group and removes it from its own', async () => {
    const all = groups(navOutline(original).items);
    const from = all.find((g) => pagesIn(g).length >= 2)!;
    const to = all.at(-1) === from ? all[0]! : all.at(-1)!;
    const page = pagesIn(from).at(-1)!;
    const span = [rangeOf(from.id), rangeOf(to.id)];
    const { text } = await check({ op: 'move-to-group', id: page.id, expect: page.entry, group: to.id }, { from: Math.min(span[0]!.from, span[1]!.from), to: Math.max(span[0]!.to, span[1]!.to) });
    const moved = groups(navOutline(text).items);
    expect(pagesIn(moved.find((g) => g.id === to.id)!).map((p) => p.entry).at(-1)).toBe(page.entry);
  });

  it('adds, renames and removes a group after a nested group', async () => {
    const all = groups(navOutline(original).items);
    const nested = all.find((g) => g.id.split('/pages/').length > 2) ?? all[0]!;
    const list = rangeOf(nested.id.split('/').slice(0, -1).join('/'));
    const { text } = await check({ op: 'add-group', name: 'Editor test', after: nested.id }, list);
    const id = nested.id.replace(/\d+$/, (i) => String(Number(i) + 1));
    const renamed = applyNavEdit(text, { op: 'rename-group', id, expect: 'Editor test', name: 'Renamed' });
    expect(renamed.replace('"Renamed"', '"Editor test"')).toBe(text);
    const removed = applyNavEdit(renamed, { op: 'remove-group', id, expect: 'Renamed' });
    expect(parse(removed)).toEqual(parse(original));
    expect(refused(() => applyNavEdit(original, { op: 'remove-group', id: nested.id, expect: nested.name }))).toMatch(/^EDITOR_GROUP_NOT_EMPTY/);
  });

  it('adds a tab where the navigation takes one, and renames a tab', async () => {
    const outline = navOutline(original);
    // Tabs at the top level, else inside the first division that holds no other divisions (or holds tabs).
    const hostOf = (nodes: OutlineNode[]): string => {
      const first = nodes.find((n) => n.type === 'division');
      if (!first || first.kind === 'tab') return '';
      return hostOf(first.children) || first.id;
    };
    const into = outline.tabs ? 'navigation' : hostOf(outline.items);
    const hostRange = rangeOf(into);
    const { text, after } = await check({ op: 'add-tab', name: 'Editor tab', into }, hostRange);
    // Every page stays listed; the sections are the old ones (a level that had no tabs: in its first tab) and the new tab.
    expect(after.tabs.filter((t) => t.endsWith('/Editor tab') || t === 'Editor tab')).toHaveLength(1);
    expect([...after.sidebar].filter((p) => p.startsWith('/')).sort()).toEqual([...before.sidebar].filter((p) => p.startsWith('/')).sort());
    const tabsNow = navOutline(text);
    const tabs = (nodes: OutlineNode[]): Extract<OutlineNode, { type: 'division' }>[] => nodes.flatMap((n) => (n.type === 'division' ? [...(n.kind === 'tab' ? [n] : []), ...tabs(n.children)] : []));
    const added = tabs(tabsNow.items).find((t) => t.label === 'Editor tab')!;
    expect(added).toBeDefined();
    const first = tabs(tabsNow.items)[0]!;
    const renamed = applyNavEdit(text, { op: 'rename-division', id: first.id, expect: first.label, name: 'Renamed tab' });
    expect((await load(renamed)).errors).toEqual(before.errors);
  });
});
