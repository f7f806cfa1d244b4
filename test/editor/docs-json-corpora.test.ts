/**
 * The navigation edits of the web editor (src/editor/docs-json.ts) on real docs.json files of
 * several shapes, from the corpora (compat/corpora.ts; skipped, saying so, without them): each edit
 * must still load with Folio's own loader, with no new problem, and leave the text outside the edit
 * as it was. The hand-written cases are beside the code, src/editor/docs-json.test.ts.
 */
import { copyFile, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import jsonc from 'jsonc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir, haveCorpora } from '../../compat/corpora.js';
import { loadDocsConfig } from '../../src/config/index.js';
import { buildPageIndex, type PageIndex } from '../../src/content/index.js';
import { resolveSiteModel, type SidebarNode } from '../../src/navigation/index.js';
import { EditorError } from '../../src/editor/codes.js';
import { applyNavEdit, navOutline, type NavEdit } from '../../src/editor/docs-json.js';
import type { OutlineNode } from '../../src/editor/nav-outline.js';

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

const SHAPES = ['ollama', 'hoppscotch', 'fastmcp', 'trigger-dev', 'mintlify-docs'];

interface Loaded {
  errors: string[];
  sidebar: string[];
  tabs: string[];
}

describe.skipIf(!haveCorpora(...SHAPES)).each(SHAPES)('arranging the real docs.json of %s', (name) => {
  const root = corpusDir(name);
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
