import type { ChildKey } from '../schema/navigation-types.js';
import type { FieldPath } from '../load/source-map.js';
import type { CheckContext } from './context.js';
import { childKeysOf, isObject, type NavKind, walkNavigation } from './walk.js';

/**
 * Which child array an element keeps when it holds several, per element kind, as the platform
 * resolves it: its schema tries one shape per child type in this order and the first that fits
 * wins, the other keys being dropped (read from its published schema; seen on real repositories:
 * `tabs` kept over `groups` and `versions` over `tabs` at the root, `groups` over `pages` in a tab).
 * A key missing from an element's list (a tab inside a tab) ranks after the listed ones.
 */
const PRECEDENCE: Record<Exclude<NavKind, 'group'>, readonly ChildKey[]> = {
  root: ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'],
  tab: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'groups', 'pages', 'menu'],
  anchor: ['languages', 'versions', 'dropdowns', 'tabs', 'products', 'groups', 'pages'],
  dropdown: ['languages', 'versions', 'tabs', 'anchors', 'products', 'groups', 'pages'],
  product: ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'groups', 'pages', 'menu'],
  version: ['languages', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  language: ['versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  item: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'tabs', 'groups', 'pages'],
};

const LABEL_KEY: Partial<Record<NavKind, string>> = { tab: 'tab', anchor: 'anchor', dropdown: 'dropdown', product: 'product', version: 'version', language: 'language', item: 'item' };

/**
 * Navigation shapes the platform publishes although part of them never shows: two primary
 * patterns at the root, two child types in one element, a menu with an unlabelled item.
 * Returns a copy of `raw` resolved as the platform resolves it (the losing keys removed, so
 * validation, navigation and `folio nav --json` all see only what the site shows), with one
 * warning per removed key naming what was lost. Only object keys are removed, so every field
 * path left keeps its position in the source.
 */
export function resolveNavigationShapes(c: CheckContext): unknown {
  if (!isObject(c.raw) || !isObject(c.raw.navigation)) return c.raw;
  const resolved = structuredClone(c.raw);
  // The walk reads an element's children after visiting it, so a removed key is never walked.
  walkNavigation(resolved.navigation, ({ kind, node, path }) => {
    if (kind === 'group') return;
    keepOneChildType(c, node, path, kind, childKeysOf(node));
    dropUnlabelledMenu(c, node, path, kind);
  });
  return resolved;
}

/** A menu item without an `item` label fails the platform's menu shape, and the element keeps no menu at all. */
function dropUnlabelledMenu(c: CheckContext, node: Record<string, unknown>, path: FieldPath, kind: NavKind): void {
  if (!Array.isArray(node.menu)) return;
  const bad = node.menu.findIndex((item) => !isObject(item) || typeof item.item !== 'string' || item.item === '');
  if (bad < 0) return;
  const owner = describe(kind, node);
  c.warn(
    'NAV_MENU_ITEM_UNLABELLED',
    [...path, 'menu', bad],
    'value',
    `a menu item without an \`item\` label, so the platform drops the whole menu of ${owner} (${pagesOf(node.menu)}), and so does Folio; give every menu item an \`item\` label`,
  );
  // Emptied rather than removed: the element is reported here, not again as one without content.
  node.menu = [];
}

/** Keep the child array the platform keeps; warn for each other one, which it drops. */
function keepOneChildType(c: CheckContext, node: Record<string, unknown>, path: FieldPath, kind: Exclude<NavKind, 'group'>, keys: ChildKey[]): void {
  const candidates = kind === 'root' ? keys.filter((k) => k !== 'menu') : keys;
  if (candidates.length < 2) return;
  const order = PRECEDENCE[kind];
  const rank = (k: ChildKey) => (order.includes(k) ? order.indexOf(k) : order.length);
  const ranked = [...candidates].sort((a, b) => rank(a) - rank(b));
  // An empty array fails the platform's shape for that key (at least one entry), except `pages`.
  const kept = ranked.find((k) => k === 'pages' || (node[k] as unknown[]).length > 0) ?? ranked[0]!;
  for (const dropped of candidates) {
    if (dropped === kept) continue;
    const lost = pagesOf(node[dropped]);
    const fix = kind === 'root' ? `move \`${dropped}\` inside an entry of \`${kept}\`, or remove it` : kept === 'groups' && dropped === 'pages' ? 'move these pages into a group of `groups`, or remove them' : `nest one inside the other, or remove \`${dropped}\``;
    const where = kind === 'root' ? 'at the root of `navigation`' : `in ${describe(kind, node)}`;
    c.warn(
      kind === 'root' ? 'NAV_MULTIPLE_PRIMARY' : 'NAV_MIXED_CHILDREN',
      [...path, dropped],
      'key',
      `\`${dropped}\` next to \`${kept}\` ${where}: the platform keeps \`${kept}\` and drops \`${dropped}\` (${lost}), and so does Folio; ${fix}`,
    );
    delete node[dropped];
  }
}

function describe(kind: NavKind, node: Record<string, unknown>): string {
  const label = node[LABEL_KEY[kind] ?? ''];
  return typeof label === 'string' ? `${kind === 'item' ? 'menu item' : kind} "${label}"` : `this ${kind === 'item' ? 'menu item' : kind}`;
}

/** "3 pages not shown": page strings anywhere under a value (group roots included). */
function pagesOf(value: unknown): string {
  let n = 0;
  const count = (v: unknown, key?: string): void => {
    if (typeof v === 'string') {
      if (key === 'pages' || key === 'root') n++;
    } else if (Array.isArray(v)) v.forEach((x) => count(x, key));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) count(x, k);
  };
  count(value, 'pages');
  return n === 0 ? 'with what it holds' : n === 1 ? '1 page not shown' : `${n} pages not shown`;
}
