import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DocsConfig, NavigationConfig } from '../../src/config/index.js';
import { pageFromText, type Page, type PageIndex } from '../../src/content/index.js';
import { navigationFromJson, navigationToJson, placementsOf, resolveSiteModel } from '../../src/navigation/index.js';

/** Page paths the generator draws from; some are never listed, so hidden pages occur naturally. */
const PAGE_POOL = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? `dir${i % 4}/p${i}` : `p${i}`));
/** Pages whose frontmatter says `hidden: true`. */
const FRONTMATTER_HIDDEN = new Set(['p4', 'p11']);

const DIVISIONS = [
  ['tabs', 'tab'],
  ['anchors', 'anchor'],
  ['dropdowns', 'dropdown'],
  ['products', 'product'],
  ['versions', 'version'],
  ['languages', 'language'],
  ['menu', 'item'],
] as const;

type Json = Record<string, unknown>;

const pageArb = fc.constantFrom(...PAGE_POOL);
/** Page entries: mostly page paths, sometimes an external link (a sidebar link, not a page). */
const entryArb = fc.oneof({ weight: 9, arbitrary: pageArb }, { weight: 1, arbitrary: fc.constant('https://example.com/out') });
const labelArb = fc.constantFrom('A', 'B', 'C', 'Docs', 'API');

const { group } = fc.letrec<{ group: Json; entry: unknown }>((tie) => ({
  group: fc.record(
    {
      group: labelArb,
      pages: fc.array(tie('entry'), { maxLength: 4 }),
      root: pageArb,
      hidden: fc.boolean(),
      expanded: fc.boolean(),
      directory: fc.constantFrom('none', 'accordion', 'card'),
    },
    { requiredKeys: ['group', 'pages'] },
  ),
  entry: fc.oneof({ depthSize: 'small', withCrossShrink: true }, entryArb, entryArb, tie('group')),
}));

/** A leaf's content: `pages` (strings and groups) or `groups`. */
const leafArb: fc.Arbitrary<Json> = fc.oneof(
  fc.record({ pages: fc.array(fc.oneof(entryArb, entryArb, group), { minLength: 1, maxLength: 5 }) }),
  fc.record({ groups: fc.array(group, { minLength: 1, maxLength: 3 }) }),
);

/** An element holding either leaf content or one list of divisions (of any kind) one level down. */
function containerArb(depth: number): fc.Arbitrary<Json> {
  if (depth >= 2) return leafArb;
  const divisions = fc.constantFrom(...DIVISIONS).chain(([key, labelKey]) =>
    fc
      .array(
        fc.tuple(labelArb, containerArb(depth + 1), fc.boolean()).map(([label, inner, hidden]) => ({ [labelKey]: label, ...inner, ...(hidden && depth > 0 ? { hidden } : {}) })),
        { minLength: 1, maxLength: 3 },
      )
      .map((list) => ({ [key]: list })),
  );
  return fc.oneof(leafArb, divisions);
}

function makeIndex(): PageIndex {
  const pages = new Map<string, Page>();
  for (const path of PAGE_POOL) {
    const hidden = FRONTMATTER_HIDDEN.has(path) ? 'hidden: true\n' : '';
    pages.set(path, pageFromText(`${path}.mdx`, `---\ntitle: Title of ${path}\n${hidden}---\nBody\n`).page);
  }
  return { root: '/nonexistent', pages, diagnostics: [] };
}

/** Reference model: per leaf element (in document order), the pages that should show in its sidebar. */
function expectedPositions(el: Json, hiddenAncestor: boolean, out: Array<{ pages: Set<string>; hidden: boolean }>): void {
  const hidden = hiddenAncestor || el.hidden === true;
  if (Array.isArray(el.pages) || Array.isArray(el.groups)) {
    const pages = new Set<string>();
    const visit = (entries: unknown[]): void => {
      for (const entry of entries) {
        if (typeof entry === 'string') {
          if (!FRONTMATTER_HIDDEN.has(entry) && !entry.startsWith('https:')) pages.add(entry);
        } else {
          const g = entry as Json;
          if (g.hidden === true) continue;
          if (typeof g.root === 'string') pages.add(g.root);
          visit(g.pages as unknown[]);
        }
      }
    };
    visit([...((el.pages as unknown[]) ?? []), ...((el.groups as unknown[]) ?? [])]);
    out.push({ pages, hidden });
    return;
  }
  for (const [key] of DIVISIONS) {
    if (Array.isArray(el[key])) for (const child of el[key] as Json[]) expectedPositions(child, hidden, out);
  }
}

describe('navigation properties', () => {
  const index = makeIndex();

  it('every listed page lands in exactly one sidebar position per section; hidden pages in none', () => {
    fc.assert(
      fc.property(containerArb(0), (navigation) => {
        const config = { name: 'x', colors: { primary: '#000000' }, navigation } as unknown as DocsConfig;
        const { model } = resolveSiteModel(config, index);
        const expected: Array<{ pages: Set<string>; hidden: boolean }> = [];
        expectedPositions(navigation, false, expected);
        expect(model.sections.length).toBe(expected.length);
        const listedAnywhere = new Set<string>();
        model.sections.forEach((section, i) => {
          const hrefs = placementsOf(section.sidebar).map((p) => p.href.slice(1));
          expect(new Set(hrefs).size).toBe(hrefs.length);
          expect(new Set(hrefs)).toEqual(expected[i]!.pages);
          expect(section.hidden).toBe(expected[i]!.hidden);
          for (const h of hrefs) listedAnywhere.add(h);
        });
        for (const path of PAGE_POOL) {
          const route = model.pages.get(`/${path}`);
          expect(route).toBeDefined();
          expect(route!.listed).toBe(listedAnywhere.has(path));
        }
        for (const route of model.hidden) expect(listedAnywhere.has(route.path)).toBe(false);
        // Every internal link the model hands out (switchers, prev/next, crumbs) leads to a route.
        const internal = (href: string | undefined) => href !== undefined && !href.startsWith('https:') && href !== '/';
        for (const section of model.sections) {
          for (const entry of Object.values(section.switchers).flat()) if (internal(entry.href)) expect(model.pages.has(entry.href)).toBe(true);
        }
        for (const route of model.pages.values()) {
          const links = [route.prev?.href, route.next?.href, ...route.breadcrumbs.map((c) => c.href), ...route.versions.map((e) => e.href), ...route.languages.map((e) => e.href)];
          for (const href of links) if (internal(href)) expect(model.pages.has(href!)).toBe(true);
          expect(model.sectionsById.has(route.sectionId)).toBe(true);
        }
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });

  it('nav --json keeps the docs.json shape: page objects map back to the input', () => {
    fc.assert(
      fc.property(containerArb(0), (navigation) => {
        const json = navigationToJson(navigation as NavigationConfig, index);
        expect(JSON.stringify(json)).not.toMatch(/"pages":\["/);
        expect(navigationFromJson(json)).toEqual(navigation);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });
});
