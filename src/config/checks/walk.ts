import { CHILD_KEYS, type ChildKey } from '../schema/navigation-types.js';
import type { FieldPath } from '../load/source-map.js';

/** The element kinds of the navigation tree. */
export type NavKind = 'root' | 'group' | 'tab' | 'anchor' | 'dropdown' | 'product' | 'version' | 'language' | 'item';

export const KIND_OF_KEY: Record<ChildKey, NavKind> = {
  pages: 'group',
  groups: 'group',
  tabs: 'tab',
  anchors: 'anchor',
  dropdowns: 'dropdown',
  products: 'product',
  versions: 'version',
  languages: 'language',
  menu: 'item',
};

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One visited navigation element (raw, not yet validated). */
export interface NavVisit {
  kind: NavKind;
  node: Record<string, unknown>;
  path: FieldPath;
  /** Kind of the element holding this one (undefined for the root). */
  parent: NavKind | undefined;
  /** The element holding this one (undefined for the root). */
  parentNode: Record<string, unknown> | undefined;
}

/** Visit every navigation element, the root included; tolerant of invalid input. */
export function walkNavigation(navigation: unknown, visit: (v: NavVisit) => void): void {
  const go = (node: unknown, kind: NavKind, path: FieldPath, parent: NavKind | undefined, parentNode: Record<string, unknown> | undefined): void => {
    if (!isObject(node)) return;
    visit({ kind, node, path, parent, parentNode });
    for (const key of CHILD_KEYS) {
      const list = node[key];
      if (!Array.isArray(list)) continue;
      list.forEach((child, i) => go(child, KIND_OF_KEY[key], [...path, key, i], kind, node));
    }
  };
  go(navigation, 'root', ['navigation'], undefined, undefined);
}

/** Child-array keys present on an element, in source order. */
export function childKeysOf(node: Record<string, unknown>): ChildKey[] {
  return Object.keys(node).filter((k): k is ChildKey => (CHILD_KEYS as readonly string[]).includes(k) && Array.isArray(node[k]));
}
