// Drag and drop (`place`), the divisions "Add new" offers (`add-division`) and undo (`restore`) as
// docs.json text edits: the moved entry keeps its own text, everything else keeps its bytes.
// The same drops on the corpora's files: test/editor/docs-json-place-corpora.test.ts.
import jsonc from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { EditorError } from './codes.js';
import { applyNavEdit, navEditOf } from './docs-json.js';

const SMALL = `{
  // site name
  "name": "Acme",
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
  }
}
`;

const TABS = `{
  "navigation": {
    "tabs": [
      {
        "tab": "Docs",
        "groups": [
          { "group": "A", "pages": ["a1", "a2"] },
          { "group": "B", "pages": ["b1"] }
        ]
      },
      {
        "tab": "API",
        "groups": [{ "group": "Endpoints", "pages": ["api/x"] }]
      }
    ]
  }
}
`;

type Nav = Record<string, unknown>;
const nav = (text: string) => (jsonc.parse(text, [], { allowTrailingComma: true }) as { navigation: Nav }).navigation;
const refused = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof EditorError) return `${err.code}: ${err.message}`;
    throw err;
  }
  throw new Error('not refused');
};

describe('placing an entry where it is dropped', () => {
  it('drops a page inside another group, at its end', () => {
    const text = applyNavEdit(SMALL, { op: 'place', id: 'navigation/groups/0/pages/1', expect: 'install', target: 'navigation/groups/1', position: 'inside' });
    expect(nav(text)).toEqual({ groups: [{ group: 'Start', pages: ['intro', 'faq'] }, { group: 'Guides', icon: 'book', pages: ['guides/a', { group: 'Deep', pages: ['guides/deep/x'] }, 'guides/b', 'install'] }] });
    expect(text).toContain('// site name');
    expect(text).toContain('"pages": ["intro", "faq"]');
    expect(text).toContain('          "guides/b",\n          "install"\n');
  });

  it('drops a page before a page of another group, and after one of its own', () => {
    const before = applyNavEdit(SMALL, { op: 'place', id: 'navigation/groups/1/pages/2', expect: 'guides/b', target: 'navigation/groups/0/pages/0', position: 'before' });
    expect(nav(before).groups).toEqual([{ group: 'Start', pages: ['guides/b', 'intro', 'install', 'faq'] }, { group: 'Guides', icon: 'book', pages: ['guides/a', { group: 'Deep', pages: ['guides/deep/x'] }] }]);
    const after = applyNavEdit(SMALL, { op: 'place', id: 'navigation/groups/0/pages/0', expect: 'intro', target: 'navigation/groups/0/pages/2', position: 'after' });
    expect((nav(after).groups as { pages: string[] }[])[0]!.pages).toEqual(['install', 'faq', 'intro']);
    // Where it already is: nothing changes.
    expect(applyNavEdit(SMALL, { op: 'place', id: 'navigation/groups/0/pages/1', expect: 'install', target: 'navigation/groups/0/pages/0', position: 'after' })).toBe(SMALL);
  });

  it('drops a group above another group, its text moving whole and re-indented', () => {
    const text = applyNavEdit(SMALL, { op: 'place', id: 'navigation/groups/1/pages/1', expect: 'Deep', target: 'navigation/groups/0', position: 'before' });
    expect(nav(text).groups).toEqual([{ group: 'Deep', pages: ['guides/deep/x'] }, { group: 'Start', pages: ['intro', 'install', 'faq'] }, { group: 'Guides', icon: 'book', pages: ['guides/a', 'guides/b'] }]);
    expect(text).toContain('      { "group": "Deep", "pages": ["guides/deep/x"] },\n      {\n        "group": "Start"');
    const swapped = applyNavEdit(SMALL, { op: 'place', id: 'navigation/groups/1', expect: 'Guides', target: 'navigation/groups/0', position: 'before' });
    expect((nav(swapped).groups as { group: string }[]).map((g) => g.group)).toEqual(['Guides', 'Start']);
    expect(swapped).toContain('{\n        "group": "Guides",\n        "icon": "book",');
    expect(swapped.length).toBe(SMALL.length);
  });

  it('moves tabs among tabs and groups between tabs; refuses what the list does not take', () => {
    const tabs = applyNavEdit(TABS, { op: 'place', id: 'navigation/tabs/1', expect: 'API', target: 'navigation/tabs/0', position: 'before' });
    expect((nav(tabs).tabs as { tab: string }[]).map((t) => t.tab)).toEqual(['API', 'Docs']);
    const group = applyNavEdit(TABS, { op: 'place', id: 'navigation/tabs/0/groups/1', expect: 'B', target: 'navigation/tabs/1', position: 'inside' });
    expect(nav(group).tabs).toEqual([{ tab: 'Docs', groups: [{ group: 'A', pages: ['a1', 'a2'] }] }, { tab: 'API', groups: [{ group: 'Endpoints', pages: ['api/x'] }, { group: 'B', pages: ['b1'] }] }]);
    expect(refused(() => applyNavEdit(TABS, { op: 'place', id: 'navigation/tabs/0/groups/0/pages/0', expect: 'a1', target: 'navigation/tabs/1', position: 'before' }))).toBe(
      'EDITOR_NAV_SHAPE: A page does not go in a "tabs" list; drop it beside another page or inside a group.',
    );
    expect(refused(() => applyNavEdit(TABS, { op: 'place', id: 'navigation/tabs/1', expect: 'API', target: 'navigation/tabs/0/groups/0', position: 'inside' }))).toBe('EDITOR_NAV_SHAPE: A tab cannot go inside a group; drop it beside another tab.');
    expect(refused(() => applyNavEdit(SMALL, { op: 'place', id: 'navigation/groups/1', expect: 'Guides', target: 'navigation/groups/1/pages/1', position: 'inside' }))).toBe('EDITOR_NAV_SHAPE: "Guides" cannot be put inside itself.');
    expect(refused(() => applyNavEdit(SMALL, { op: 'place', id: 'navigation/groups/0/pages/0', expect: 'faq', target: 'navigation/groups/1', position: 'inside' }))).toMatch(/^EDITOR_NAV_STALE/);
  });
});

describe('adding each kind of division', () => {
  it('wraps a level listing groups into a first division of the kind', () => {
    for (const [kind, first] of [['anchor', 'Documentation'], ['dropdown', 'Documentation'], ['product', 'Documentation'], ['version', 'Latest'], ['language', 'en']] as const) {
      const name = kind === 'language' ? 'fr' : 'New';
      const text = applyNavEdit(SMALL, { op: 'add-division', kind, name });
      const key = `${kind}s`;
      expect(nav(text), kind).toEqual({ [key]: [{ [kind]: first, groups: nav(SMALL).groups }, { [kind]: name, groups: [] }] });
      expect(text).toContain('// site name');
    }
  });

  it('appends to a list of the kind, wraps other divisions (a version around tabs), refuses inside a group', () => {
    const versions = applyNavEdit(TABS, { op: 'add-division', kind: 'version', name: 'v2', first: 'v1' });
    expect(nav(versions)).toEqual({ versions: [{ version: 'v1', tabs: nav(TABS).tabs }, { version: 'v2', groups: [] }] });
    const third = applyNavEdit(versions, { op: 'add-division', kind: 'version', name: 'v3' });
    expect((nav(third).versions as { version: string }[]).map((v) => v.version)).toEqual(['v1', 'v2', 'v3']);
    const dropdowns = '{"navigation": {"dropdowns": [{"dropdown": "One", "groups": [{"group": "G", "pages": ["a"]}]}]}}';
    expect(nav(applyNavEdit(dropdowns, { op: 'add-division', kind: 'dropdown', name: 'Two' })).dropdowns).toEqual([{ dropdown: 'One', groups: [{ group: 'G', pages: ['a'] }] }, { dropdown: 'Two', groups: [] }]);
    expect(refused(() => applyNavEdit(SMALL, { op: 'add-division', kind: 'anchor', name: 'X', into: 'navigation/groups/0' }))).toMatch(/^EDITOR_NAV_SHAPE: Anchors go at the top level/);
    // A tab keeps its rule: inside a level divided otherwise, only inside one of the divisions.
    expect(refused(() => applyNavEdit(versions, { op: 'add-tab', name: 'X' }))).toBe('EDITOR_NAV_SHAPE: The navigation is divided into versions; add the tab inside one of them.');
    expect(refused(() => navEditOf({ op: 'add-division', kind: 'group', name: 'x' }))).toMatch(/^EDITOR_BAD_REQUEST: The field "kind" must be one of tab, dropdown/);
  });
});

describe('undoing the last arrangement', () => {
  it('puts docs.json back when it is what the edit left, else refuses', () => {
    const moved = applyNavEdit(SMALL, { op: 'place', id: 'navigation/groups/1', expect: 'Guides', target: 'navigation/groups/0', position: 'before' });
    expect(applyNavEdit(moved, navEditOf({ op: 'restore', text: SMALL, expect: moved }))).toBe(SMALL);
    const later = applyNavEdit(moved, { op: 'add-group', name: 'Later' });
    expect(refused(() => applyNavEdit(later, { op: 'restore', text: SMALL, expect: moved }))).toMatch(/^EDITOR_NAV_STALE: docs.json changed since the last arrangement/);
    expect(refused(() => applyNavEdit(moved, { op: 'restore', text: '{"navigation": ', expect: moved }))).toMatch(/^EDITOR_DOCS_JSON_INVALID/);
  });
});
