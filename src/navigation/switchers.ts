import type { NavigationConfig } from '../config/index.js';
import type { ResolveContext } from './context.js';
import { iconOf, isExternal, linkHref } from './entries.js';
import type { DivisionNode, SectionBuild } from './sections.js';
import type { DivisionKind, Switchers, SwitcherEntry } from './types.js';

const SWITCHER_OF: Record<DivisionKind, keyof Switchers> = {
  language: 'languages',
  version: 'versions',
  product: 'products',
  dropdown: 'dropdowns',
  anchor: 'anchors',
  tab: 'tabs',
  menu: 'menu',
};

/**
 * Fill every section's switchers: at each level of its trail, the siblings it can switch to.
 * A division with no page, endpoint page or link to open is left out (one warning each), never pointed at `/`.
 */
export function attachSwitchers(ctx: ResolveContext, builds: readonly SectionBuild[], navigation: NavigationConfig): void {
  const globals = globalSwitchers(navigation);
  const nowhere = new Set<DivisionNode>();
  for (const { section, node } of builds) {
    for (let at: DivisionNode | null = node; at?.parent; at = at.parent) {
      const kind = at.division!.kind;
      section.switchers[SWITCHER_OF[kind]] = siblingsOf(at).flatMap((n) => {
        const entry = switcherEntry(n, n === at);
        if (!entry) nowhere.add(n);
        return entry ? [entry] : [];
      });
    }
    for (const key of Object.keys(globals) as Array<keyof Switchers>) {
      if (globals[key].length > 0) section.switchers[key] = [...section.switchers[key], ...globals[key]];
    }
  }
  for (const n of nowhere) {
    // An element with no content at all (or whose spec yielded nothing) already got NAVIGATION_EMPTY_ELEMENT.
    if (n.sections.length === 0 && n.children.length === 0) continue;
    if (ctx.diagnostics.some((d) => d.code === 'NAVIGATION_EMPTY_ELEMENT' && d.path === n.fieldPath)) continue;
    const { kind, label } = n.division!;
    ctx.report('warning', 'NAVIGATION_SWITCHER_NO_TARGET', n.fieldPath, `${kind} \`${label}\` has no page, endpoint page or link to open (its entries did not resolve to pages), so it is left out of the ${kind} switcher. Add a page to it, fix its endpoint entries or OpenAPI spec, or give it an \`href\`.`);
  }
}

/** Nodes of the same kind under the same parent, hidden ones left out (the active one always kept). */
export function siblingsOf(node: DivisionNode): DivisionNode[] {
  const kind = node.division!.kind;
  return node.parent!.children.filter((n) => n.division!.kind === kind && (!n.hidden || n === node));
}

/** One switcher entry leading to `href`, else the division's own `href`, first page or first link; null when it has none. */
export function switcherEntry(node: DivisionNode, active: boolean, href?: string): SwitcherEntry | null {
  const d = node.division!;
  const target = href ?? node.href ?? node.firstPage ?? node.firstLink;
  if (target === null) return null;
  const entry: SwitcherEntry = { label: d.label, href: target, active, external: isExternal(target) };
  if (d.icon) entry.icon = d.icon;
  if (d.description !== undefined) entry.description = d.description;
  if (d.tag !== undefined) entry.tag = d.tag;
  if (d.kind === 'version' || d.kind === 'language') entry.isDefault = isDefaultAmongSiblings(node);
  if (d.kind === 'language') entry.code = d.label;
  return entry;
}

/** `default: true` wins; otherwise the first sibling is the default. */
export function isDefaultAmongSiblings(node: DivisionNode): boolean {
  const siblings = node.parent!.children.filter((n) => n.division!.kind === node.division!.kind);
  const explicit = siblings.find((n) => n.isDefault);
  return (explicit ?? siblings[0]) === node;
}

/** `navigation.global`: links shown on every page, appended to the matching switcher. */
function globalSwitchers(navigation: NavigationConfig): Record<keyof Switchers, SwitcherEntry[]> {
  const out: Record<keyof Switchers, SwitcherEntry[]> = { languages: [], versions: [], products: [], dropdowns: [], anchors: [], tabs: [], menu: [], globalAnchors: [] };
  const g = navigation.global;
  if (!g) return out;
  const link = (label: string, href: string | undefined, icon?: unknown, extra: Partial<SwitcherEntry> = {}): SwitcherEntry => {
    const target = linkHref(href ?? '/');
    const entry: SwitcherEntry = { label, href: target, active: false, external: isExternal(target), ...extra };
    const i = iconOf(icon as Parameters<typeof iconOf>[0]);
    if (i) entry.icon = i;
    return entry;
  };
  for (const a of g.anchors ?? []) if (!a.hidden) out.globalAnchors.push(link(a.anchor, a.href, a.icon));
  for (const t of g.tabs ?? []) if (!t.hidden) out.tabs.push(link(t.tab, t.href, t.icon));
  for (const d of g.dropdowns ?? []) if (!d.hidden) out.dropdowns.push(link(d.dropdown, d.href, d.icon, d.description ? { description: d.description } : {}));
  for (const p of g.products ?? []) if (!p.hidden) out.products.push(link(p.product, p.href, p.icon, p.description ? { description: p.description } : {}));
  for (const l of g.languages ?? []) if (!l.hidden) out.languages.push(link(l.language, l.href, undefined, { code: l.language }));
  for (const v of g.versions ?? []) if (!v.hidden) out.versions.push(link(v.version, v.href));
  return out;
}
