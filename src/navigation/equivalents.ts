import { placementsOf } from './routes.js';
import type { DivisionNode, SectionBuild } from './sections.js';
import { siblingsOf, switcherEntry } from './switchers.js';
import type { Division, PageRoute, SwitcherEntry } from './types.js';

/**
 * Version and language selectors per page. Switching keeps the reader on the equivalent
 * page (the same path with the version or language segment swapped, added or removed)
 * when the target lists it, else the first page of the equivalent section there (same tab,
 * anchor, ... below the switched level), else the target's first page.
 */
export function attachPageSelectors(builds: readonly SectionBuild[], routes: Map<string, PageRoute>): void {
  const nodeOfSection = new Map(builds.map((b) => [b.section.id, b.node]));
  const pathsUnder = new Map<DivisionNode, Set<string>>();
  const pagesOf = (node: DivisionNode): Set<string> => {
    let set = pathsUnder.get(node);
    if (!set) {
      set = new Set();
      collectPaths(node, set);
      pathsUnder.set(node, set);
    }
    return set;
  };
  const sectionOf = new Map(builds.map((b) => [b.section.id, b.section]));
  for (const route of routes.values()) {
    const node = nodeOfSection.get(route.sectionId);
    const trail = sectionOf.get(route.sectionId)?.trail ?? [];
    for (let at: DivisionNode | null | undefined = node; at?.parent; at = at.parent) {
      const kind = at.division!.kind;
      if (kind !== 'version' && kind !== 'language') continue;
      const current = at;
      // A sibling with nothing to open is left out (attachSwitchers reports it).
      const entries: SwitcherEntry[] = siblingsOf(current).flatMap((sibling) => {
        if (sibling === current) return switcherEntry(sibling, true, route.href) ?? [];
        if (sibling.href) return switcherEntry(sibling, false) ?? [];
        const target = equivalentPath(route.path, current.division!.label, sibling.division!.label, pagesOf(sibling));
        const fallback = equivalentSectionPage(sibling, trail.slice(depthOf(current)));
        return switcherEntry(sibling, false, target !== null ? `/${target}` : fallback ?? undefined) ?? [];
      });
      if (kind === 'version') route.versions = entries;
      else route.languages = entries;
    }
  }
}

/** Candidate paths for `pagePath` moved from division `from` to division `to`, first existing wins. */
export function equivalentPath(pagePath: string, from: string, to: string, available: ReadonlySet<string>): string | null {
  const segments = pagePath.split('/');
  const at = segments.findIndex((s) => s.toLowerCase() === from.toLowerCase());
  const candidates: string[] = [];
  if (at >= 0) {
    candidates.push([...segments.slice(0, at), to, ...segments.slice(at + 1)].join('/'));
    candidates.push([...segments.slice(0, at), ...segments.slice(at + 1)].join('/'));
  } else {
    candidates.push(`${to}/${pagePath}`, `${to.toLowerCase()}/${pagePath}`);
  }
  candidates.push(pagePath);
  for (const c of candidates) if (c !== '' && available.has(c)) return c;
  return null;
}

function collectPaths(node: DivisionNode, into: Set<string>): void {
  for (const s of node.sections) for (const p of placementsOf(s.sidebar)) into.add(p.href.slice(1));
  for (const child of node.children) collectPaths(child, into);
}

/** Depth of a division node below the root (the root's children are 1). */
function depthOf(node: DivisionNode): number {
  let depth = 0;
  for (let at: DivisionNode | null = node; at?.parent; at = at.parent) depth++;
  return depth;
}

/**
 * First page of the section under `node` whose divisions below it match `below` (same kinds and
 * labels, else same kinds and positions): switching version on the API tab lands on that version's API tab.
 */
function equivalentSectionPage(node: DivisionNode, below: readonly Division[]): string | null {
  const byLabel = (d: Division, n: DivisionNode) => n.division!.kind === d.kind && n.division!.label === d.label;
  const byIndex = (d: Division, n: DivisionNode) => n.division!.kind === d.kind && n.division!.index === d.index;
  for (const same of [byLabel, byIndex]) {
    let at: DivisionNode | undefined = node;
    for (const d of below) at = at?.children.find((n) => !n.href && same(d, n));
    const page = at?.sections.find((s) => s.firstPage !== null)?.firstPage;
    if (page) return page;
  }
  return null;
}
