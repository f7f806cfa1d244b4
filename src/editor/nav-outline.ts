/**
 * The navigation of docs.json as the editor arranges it: every tab, anchor, dropdown, version,
 * language, product and menu item ("divisions"), every group (nested ones in `pages` too) and every
 * page entry, each with an id: its JSON path joined with `/` (`navigation/tabs/0/groups/2`). Edits
 * (`docs-json.ts`) take these ids back; an id that no longer names what the writer saw is refused.
 */
import jsonc, { type JSONPath, type Node } from 'jsonc-parser';
import { EditorError } from './codes.js';

/** The key naming each kind of division, and the kind. */
export const DIVISION_KEYS = { tab: 'tabs', anchor: 'anchors', dropdown: 'dropdowns', version: 'versions', language: 'languages', product: 'products', item: 'menu' } as const;
export type DivisionKind = keyof typeof DIVISION_KEYS;
/** Keys whose arrays hold divisions. */
const DIVISION_LISTS = new Set<string>(Object.values(DIVISION_KEYS));

export type OutlineNode =
  | { type: 'division'; kind: DivisionKind; label: string; id: string; children: OutlineNode[] }
  | { type: 'group'; name: string; id: string; children: OutlineNode[] }
  /** `title` and `file` when the entry is a page of the loaded site (the session fills them in). */
  | { type: 'page'; entry: string; id: string; title?: string; file?: string }
  | { type: 'other'; label: string; id: string };

export interface NavOutline {
  /** What `navigation` itself holds: its divisions, groups or pages. */
  items: OutlineNode[];
  /** The top level is divided into tabs already (a new tab is appended to them). */
  tabs: boolean;
}

export const idOf = (path: JSONPath) => path.join('/');

/** The JSON path of an id, refused when it is not one of the navigation's. */
export function pathOf(id: string): JSONPath {
  const parts = id.split('/');
  if (parts[0] !== 'navigation' || parts.some((p) => p === '')) throw new EditorError('EDITOR_BAD_REQUEST', `"${id}" is not a navigation id (they start with "navigation/").`);
  return parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** The property value of an object node, or undefined. */
export function valueOf(node: Node | undefined, key: string): Node | undefined {
  if (node?.type !== 'object') return undefined;
  return node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
}

/** The label of a division object (`"tab": "Guides"` → tab, Guides), or null. */
export function divisionOf(node: Node): { kind: DivisionKind; label: string } | null {
  for (const kind of Object.keys(DIVISION_KEYS) as DivisionKind[]) {
    const label = valueOf(node, kind);
    if (label?.type === 'string') return { kind, label: label.value as string };
  }
  return null;
}

/** The group name of a group object, or null. */
export function groupNameOf(node: Node): string | null {
  const name = valueOf(node, 'group');
  return name?.type === 'string' ? (name.value as string) : null;
}

/** Children of a division or group object (or of `navigation`), in document order. */
function childrenOf(node: Node, path: JSONPath): OutlineNode[] {
  const out: OutlineNode[] = [];
  for (const prop of node.children ?? []) {
    const key = prop.children?.[0]?.value as string;
    const list = prop.children?.[1];
    if (list?.type !== 'array' || !(key === 'pages' || key === 'groups' || DIVISION_LISTS.has(key))) continue;
    (list.children ?? []).forEach((child, i) => out.push(outlineOf(child, [...path, key, i])));
  }
  return out;
}

function outlineOf(node: Node, path: JSONPath): OutlineNode {
  const id = idOf(path);
  if (node.type === 'string') return { type: 'page', entry: node.value as string, id };
  if (node.type === 'object') {
    const name = groupNameOf(node);
    if (name !== null) return { type: 'group', name, id, children: childrenOf(node, path) };
    const division = divisionOf(node);
    if (division) return { type: 'division', ...division, id, children: childrenOf(node, path) };
    const label = valueOf(node, 'title') ?? valueOf(node, 'href') ?? valueOf(node, 'openapi');
    return { type: 'other', label: label?.type === 'string' ? (label.value as string) : 'Generated entries', id };
  }
  return { type: 'other', label: String(node.value ?? node.type), id };
}

/** The navigation of a parsed docs.json as an outline with ids. */
export function outlineOfTree(tree: Node): NavOutline {
  const nav = jsonc.findNodeAtLocation(tree, ['navigation']);
  if (nav?.type !== 'object') return { items: [], tabs: false };
  return { items: childrenOf(nav, ['navigation']), tabs: valueOf(nav, 'tabs')?.type === 'array' };
}
