/**
 * Navigation edits of docs.json made as text edits (jsonc-parser `modify`), so the rest of the file
 * keeps its bytes: a page added beside another, removed, renamed (with a redirect from its old
 * address). Every page entry is a string in a `pages` array anywhere under `navigation`.
 */
import jsonc, { type JSONPath, type Node, type ParseError } from 'jsonc-parser';
import { configTooDeep } from '../config/index.js';
import { EditorError } from './codes.js';
import { indentUnit, insertElement, lineIndent, removeElement } from './json-text.js';
import { DIVISION_KEYS, divisionOf, groupNameOf, idOf, outlineOfTree, pathOf, valueOf, type DivisionKind, type NavOutline } from './nav-outline.js';

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** Where each page entry sits: the JSON path of the string and of its `pages` array. */
interface EntryAt {
  entry: string;
  path: JSONPath;
  list: JSONPath;
}

function parseOrRefuse(text: string): Node {
  // Before the parser and the outline's walks, which recurse once per level.
  const deep = configTooDeep(text);
  if (deep) throw new EditorError('EDITOR_DOCS_JSON_INVALID', `docs.json line ${deep.line}, column ${deep.column}: ${deep.code}: ${deep.message}; fix it before changing the navigation.`);
  const errors: ParseError[] = [];
  const tree = jsonc.parseTree(text, errors, { allowTrailingComma: true });
  if (!tree || errors.length) {
    const at = errors[0] ? lineOf(text, errors[0].offset) : 1;
    throw new EditorError('EDITOR_DOCS_JSON_INVALID', `docs.json is not valid JSON (${errors[0] ? jsonc.printParseErrorCode(errors[0].error) : 'empty'} at line ${at}); fix it before changing the navigation.`);
  }
  return tree;
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** Every page entry of the navigation, in document order. */
export function pageEntries(text: string): EntryAt[] {
  const tree = parseOrRefuse(text);
  const nav = jsonc.findNodeAtLocation(tree, ['navigation']);
  const found: EntryAt[] = [];
  const walk = (node: Node, path: JSONPath) => {
    if (node.type === 'object') {
      for (const prop of node.children ?? []) {
        const key = prop.children?.[0]?.value as string;
        const value = prop.children?.[1];
        if (!value) continue;
        if (key === 'pages' && value.type === 'array') {
          (value.children ?? []).forEach((child, i) => {
            if (child.type === 'string') found.push({ entry: child.value as string, path: [...path, 'pages', i], list: [...path, 'pages'] });
            else walk(child, [...path, 'pages', i]);
          });
        } else walk(value, [...path, key]);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, i) => walk(child, [...path, i]));
    }
  };
  if (nav) walk(nav, ['navigation']);
  return found;
}

const apply = (text: string, path: JSONPath, value: unknown, insertion = false) => jsonc.applyEdits(text, jsonc.modify(text, path, value, { ...FORMAT, isArrayInsertion: insertion }));

/**
 * Add `entry` to the navigation right after `besides` (the page the writer was on), else at the end
 * of the first `pages` list. Unchanged when the entry is listed already.
 */
export function addPage(text: string, entry: string, besides?: string): string {
  const entries = pageEntries(text);
  if (entries.some((e) => e.entry === entry)) return text;
  const near = (besides && entries.find((e) => e.entry === besides)) || entries.at(-1);
  if (!near) {
    // No page list yet: a navigation of one group.
    const tree = parseOrRefuse(text);
    if (jsonc.findNodeAtLocation(tree, ['navigation', 'pages'])) return apply(text, ['navigation', 'pages', 0], entry, true);
    return apply(text, ['navigation', 'groups'], [{ group: 'Pages', pages: [entry] }]);
  }
  const index = near.path.at(-1) as number;
  return apply(text, [...near.list, index + 1], entry, true);
}

/** Remove every navigation entry of a page. */
export function removePage(text: string, entry: string): string {
  // From the last: earlier indexes stay valid.
  for (const at of pageEntries(text).filter((e) => e.entry === entry).reverse()) text = apply(text, at.path, undefined);
  return text;
}

/** Rename a page's entries and redirect its old address to the new one. */
export function renamePage(text: string, from: string, to: string): string {
  for (const at of pageEntries(text).filter((e) => e.entry === from)) text = apply(text, at.path, to);
  const tree = parseOrRefuse(text);
  const redirects = jsonc.findNodeAtLocation(tree, ['redirects']);
  const redirect = { source: `/${from}`, destination: `/${to}` };
  if (redirects?.type === 'array') return apply(text, ['redirects', redirects.children?.length ?? 0], redirect, true);
  return apply(text, ['redirects'], [redirect]);
}

// ------------------------------------------------------------------ arranging the navigation

/**
 * One change of the navigation's arrangement. Ids are the outline's (`nav-outline.ts`); `expect` is
 * what the writer saw there (a page entry, a group name, a tab label): when the id names something
 * else now (docs.json changed meanwhile), the edit is refused rather than made in the wrong place.
 */
export type NavEdit =
  | { op: 'move'; id: string; expect: string; by: -1 | 1 }
  | { op: 'move-to-group'; id: string; expect: string; group: string }
  | { op: 'add-group'; name: string; after?: string; into?: string }
  | { op: 'rename-group'; id: string; expect: string; name: string }
  | { op: 'remove-group'; id: string; expect: string }
  | { op: 'add-tab'; name: string; into?: string; firstTab?: string }
  | { op: 'rename-division'; id: string; expect: string; name: string }
  /** Drag and drop: put an entry before or after another (in that one's list), or at the end of a group or division. */
  | { op: 'place'; id: string; expect: string; target: string; position: 'before' | 'after' | 'inside' }
  /** A tab, anchor, dropdown, language, product or version; `first` names the one the level's existing entries go into. */
  | { op: 'add-division'; kind: AddableKind; name: string; into?: string; first?: string }
  /** Undo: docs.json back to `text` when it is still exactly `expect` (what the last edit left). */
  | { op: 'restore'; text: string; expect: string };

/** The divisions "Add new" offers (menu items are left to docs.json). */
export const ADDABLE_KINDS = ['tab', 'dropdown', 'anchor', 'language', 'product', 'version'] as const;
export type AddableKind = (typeof ADDABLE_KINDS)[number];
/** The name of the division the existing entries go into when a level is divided for the first time. */
const FIRST_NAME: Record<AddableKind, string> = { tab: 'Documentation', dropdown: 'Documentation', anchor: 'Documentation', language: 'en', product: 'Documentation', version: 'Latest' };

/** The longest group or tab name the editor writes. */
export const MAX_NAV_NAME = 120;

/** Apply one arrangement edit to docs.json's text; every byte outside the edit stays. */
export function applyNavEdit(text: string, edit: NavEdit): string {
  switch (edit.op) {
    case 'move':
      return moveItem(text, edit.id, edit.expect, edit.by);
    case 'move-to-group':
      return movePageToGroup(text, edit.id, edit.expect, edit.group);
    case 'add-group':
      return addGroup(text, edit.name, edit);
    case 'rename-group':
      return renameGroup(text, edit.id, edit.expect, edit.name);
    case 'remove-group':
      return removeGroup(text, edit.id, edit.expect);
    case 'add-tab':
      return addTab(text, edit.name, edit);
    case 'rename-division':
      return renameDivision(text, edit.id, edit.expect, edit.name);
    case 'place':
      return placeItem(text, edit.id, edit.expect, edit.target, edit.position);
    case 'add-division':
      return addDivision(text, edit.kind, edit.name, edit.into, edit.first);
    case 'restore':
      if (text !== edit.expect) throw new EditorError('EDITOR_NAV_STALE', 'docs.json changed since the last arrangement (another edit came after it); it cannot be undone. Reload the editor to see it as it is.', 409);
      parseOrRefuse(edit.text);
      return edit.text;
  }
}

/** The navigation's outline of docs.json's text. */
export function navOutline(text: string): NavOutline {
  return outlineOfTree(parseOrRefuse(text));
}

/** A group or tab name as written: one line, trimmed, not empty, not too long. */
function cleanName(name: string, what: string): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (clean === '') throw new EditorError('EDITOR_BAD_REQUEST', `Give the ${what} a name.`);
  if (clean.length > MAX_NAV_NAME) throw new EditorError('EDITOR_BAD_REQUEST', `The ${what} name is ${clean.length} characters long; keep it under ${MAX_NAV_NAME}.`);
  return clean;
}

/** How a message names a navigation node: `The tab "Guides"`, `The group "Start"`, `The navigation`. */
function named(node: Node): string {
  const group = groupNameOf(node);
  if (group !== null) return `The group ${JSON.stringify(group)}`;
  const division = divisionOf(node);
  return division ? `The ${division.kind} ${JSON.stringify(division.label)}` : 'The navigation';
}

const stale = (id: string, what: string) => new EditorError('EDITOR_NAV_STALE', `The navigation changed since it was shown (${what} is no longer at ${id}); reload the editor and try again.`, 409);

/** What the writer sees of a navigation node: a page entry, a group name or a division label. */
function labelOf(node: Node): string | null {
  if (node.type === 'string') return node.value as string;
  return groupNameOf(node) ?? divisionOf(node)?.label ?? null;
}

/** The node an id names, refused when it is gone or no longer what the writer saw. */
function nodeAt(tree: Node, id: string, expect?: string): { node: Node; path: JSONPath } {
  const path = pathOf(id);
  const node = jsonc.findNodeAtLocation(tree, path);
  if (!node || (expect !== undefined && labelOf(node) !== expect)) throw stale(id, expect === undefined ? 'the entry' : `"${expect}"`);
  return { node, path };
}

function groupAt(tree: Node, id: string, expect?: string): { node: Node; path: JSONPath; name: string } {
  const found = nodeAt(tree, id, expect);
  const name = groupNameOf(found.node);
  if (name === null) throw stale(id, 'a group');
  return { ...found, name };
}

/** Swap an entry (page, group or division) with its neighbour in its list: the two texts trade places. */
function moveItem(text: string, id: string, expect: string, by: -1 | 1): string {
  const tree = parseOrRefuse(text);
  const { node, path } = nodeAt(tree, id, expect);
  const list = node.parent;
  const index = path.at(-1);
  if (list?.type !== 'array' || typeof index !== 'number') throw stale(id, `"${expect}"`);
  const other = list.children?.[index + by];
  if (!other) throw new EditorError('EDITOR_NAV_SHAPE', `"${expect}" is already ${by < 0 ? 'first' : 'last'} in its list.`);
  const [a, b] = by < 0 ? [other, node] : [node, other];
  const slice = (n: Node) => text.slice(n.offset, n.offset + n.length);
  return text.slice(0, a.offset) + slice(b) + text.slice(a.offset + a.length, b.offset) + slice(a) + text.slice(b.offset + b.length);
}

/**
 * The `pages` list a page or group may be put into: a group's, or a division's (or the top level's)
 * that lists pages rather than groups; null when it has no list yet and may get one.
 */
function pagesOf(node: Node): Node | null {
  const pages = valueOf(node, 'pages');
  if (pages?.type === 'array') return pages;
  if (groupNameOf(node) !== null) return null;
  throw new EditorError('EDITOR_NAV_SHAPE', `${named(node)} lists groups or tabs, not pages; pick one of its groups.`);
}

/** Put a page at the end of another group (or of a division listing pages), out of its own list. */
function movePageToGroup(text: string, id: string, entry: string, group: string): string {
  const tree = parseOrRefuse(text);
  const { node, path } = nodeAt(tree, id, entry);
  if (node.type !== 'string') throw stale(id, `the page "${entry}"`);
  const target = nodeAt(tree, group);
  if (idOf(target.path) === idOf(path.slice(0, -2))) throw new EditorError('EDITOR_NAV_SHAPE', `"${entry}" is in that group already; move it up or down instead.`);
  const pages = pagesOf(target.node);
  // Inserting first keeps the page's path: the end of another list never comes before it in its own.
  const added = pages ? insertElement(text, pages, entry) : apply(text, [...target.path, 'pages'], [entry]);
  return removeElement(added, jsonc.findNodeAtLocation(parseOrRefuse(added), path)!);
}

/** Which lists take which entries: pages (and groups) in `pages`, groups in `groups`, each division kind in its own list. */
function listTakes(key: string, node: Node): boolean {
  const division = divisionOf(node);
  if (key === 'pages') return node.type === 'string' || (node.type === 'object' && !division);
  if (key === 'groups') return groupNameOf(node) !== null;
  return division !== null && DIVISION_KEYS[division.kind] === key;
}

const kindName = (node: Node) => (node.type === 'string' ? 'page' : groupNameOf(node) !== null ? 'group' : (divisionOf(node)?.kind ?? 'entry'));

/** The list of a group or division (or the top level) an entry dropped on it goes into: its key, and the list when it has one. */
function listInside(host: Node, entry: Node): { key: string; list: Node | null } {
  const lists = ['pages', 'groups', ...Object.values(DIVISION_KEYS)].filter((k) => valueOf(host, k)?.type === 'array');
  if (groupNameOf(host) !== null) {
    if (entry.type !== 'string' && divisionOf(entry)) throw new EditorError('EDITOR_NAV_SHAPE', `A ${kindName(entry)} cannot go inside a group; drop it beside another ${kindName(entry)}.`);
    return { key: 'pages', list: valueOf(host, 'pages') ?? null };
  }
  const fits = lists.find((k) => listTakes(k, entry));
  if (fits) return { key: fits, list: valueOf(host, fits)! };
  if (lists.length) throw new EditorError('EDITOR_NAV_SHAPE', `${named(host)} lists ${lists.join(' and ')}; a ${kindName(entry)} does not go there. Drop it inside one of them.`);
  const division = entry.type === 'string' ? null : divisionOf(entry);
  return { key: division ? DIVISION_KEYS[division.kind] : entry.type === 'string' ? 'pages' : 'groups', list: null };
}

/**
 * Drag and drop: move an entry (page, group or division) before or after another one, into that
 * one's list, or at the end of a group's or division's list. The entry's text moves as written (its
 * lines indented for the new place); everything else keeps its bytes. A list that does not take the
 * entry (a page among tabs, a tab inside a group) is refused.
 */
function placeItem(text: string, id: string, expect: string, target: string, position: 'before' | 'after' | 'inside'): string {
  const tree = parseOrRefuse(text);
  const src = nodeAt(tree, id, expect);
  if (src.node.parent?.type !== 'array') throw stale(id, `"${expect}"`);
  if (target === id || target.startsWith(`${id}/`)) throw new EditorError('EDITOR_NAV_SHAPE', `"${expect}" cannot be put inside itself.`);
  const dest = nodeAt(tree, target);
  let list: Node | null;
  let key: string;
  let index: number;
  if (position === 'inside') {
    if (dest.node.type !== 'object') throw new EditorError('EDITOR_NAV_SHAPE', 'Drop an entry inside a group or a division, or beside a page.');
    ({ key, list } = listInside(dest.node, src.node));
    index = list?.children?.length ?? 0;
  } else {
    list = dest.node.parent ?? null;
    key = String(dest.path.at(-2));
    if (list?.type !== 'array' || dest.path.length < 3) throw new EditorError('EDITOR_NAV_SHAPE', 'Drop an entry beside another entry or inside a group.');
    index = (dest.path.at(-1) as number) + (position === 'after' ? 1 : 0);
    if (!listTakes(key, src.node)) throw new EditorError('EDITOR_NAV_SHAPE', `A ${kindName(src.node)} does not go in a "${key}" list; drop it beside another ${kindName(src.node)}${kindName(src.node) === 'page' ? ' or inside a group' : ''}.`);
  }
  const from = src.path.at(-1) as number;
  if (list === src.node.parent && (index === from || index === from + 1)) return text;
  const raw = text.slice(src.node.offset, src.node.offset + src.node.length);
  const was = lineIndent(text, src.node.offset);
  const value = jsonc.getNodeValue(src.node) as unknown;
  // One element per line: the entry's own lines, shifted to the new depth; on one line: compact JSON.
  const render = (indent: string, multiline: boolean) =>
    multiline || !raw.includes('\n')
      ? raw
          .split('\n')
          .map((line, i) => (i > 0 && line.startsWith(was) ? indent + line.slice(was.length) : line))
          .join('\n')
      : JSON.stringify(value);
  const added = list ? insertElement(text, list, value, index, render) : apply(text, [...dest.path, key], [value]);
  // The entry's place in the new text: after the insertion when that came before it.
  let head = 0;
  while (head < text.length && text[head] === added[head]) head++;
  const delta = added.length - text.length;
  const at = src.node.offset >= head ? src.node.offset + delta : src.node.offset;
  let moved: Node | undefined = jsonc.findNodeAtOffset(parseOrRefuse(added), at, false);
  while (moved && !(moved.offset === at && moved.length === src.node.length && moved.parent?.type === 'array')) moved = moved.parent;
  if (!moved) throw stale(id, `"${expect}"`);
  return removeElement(added, moved);
}

/** Add an empty group after another group, or at the end of a division (or of the top level). */
function addGroup(text: string, name: string, where: { after?: string; into?: string }): string {
  const group = { group: cleanName(name, 'group'), pages: [] as string[] };
  const tree = parseOrRefuse(text);
  if (where.after) {
    const { node, path } = groupAt(tree, where.after);
    return insertElement(text, node.parent!, group, (path.at(-1) as number) + 1);
  }
  const into = where.into || 'navigation';
  const { node, path } = nodeAt(tree, into);
  if (node.type !== 'object') throw stale(into, 'a tab or group');
  if (groupNameOf(node) !== null) {
    const pages = valueOf(node, 'pages');
    return pages?.type === 'array' ? insertElement(text, pages, group) : apply(text, [...path, 'pages'], [group]);
  }
  const groups = valueOf(node, 'groups');
  if (groups?.type === 'array') return insertElement(text, groups, group);
  const pages = valueOf(node, 'pages');
  if (pages?.type === 'array') return insertElement(text, pages, group);
  const divided = Object.values(DIVISION_KEYS).find((key) => valueOf(node, key)?.type === 'array');
  if (divided) throw new EditorError('EDITOR_NAV_SHAPE', `${named(node)} is divided into ${divided}; add the group inside one of them.`);
  return apply(text, [...path, 'groups'], [group]);
}

function renameGroup(text: string, id: string, expect: string, name: string): string {
  const { path } = groupAt(parseOrRefuse(text), id, expect);
  return apply(text, [...path, 'group'], cleanName(name, 'group'));
}

/** Remove a group that lists nothing; one with pages (or generated from a spec) is refused. */
function removeGroup(text: string, id: string, expect: string): string {
  const { node, path, name } = groupAt(parseOrRefuse(text), id, expect);
  const pages = valueOf(node, 'pages');
  const count = pages?.type === 'array' ? (pages.children?.length ?? 0) : 0;
  if (count > 0) throw new EditorError('EDITOR_GROUP_NOT_EMPTY', `The group "${name}" still lists ${count} entr${count === 1 ? 'y' : 'ies'}; move or delete them first.`, 409);
  if (valueOf(node, 'openapi') || valueOf(node, 'asyncapi')) throw new EditorError('EDITOR_GROUP_NOT_EMPTY', `The group "${name}" lists the pages of an API specification; remove its "openapi" setting in docs.json first.`, 409);
  return removeElement(text, node);
}

function renameDivision(text: string, id: string, expect: string, name: string): string {
  const { node, path } = nodeAt(parseOrRefuse(text), id, expect);
  const division = divisionOf(node);
  if (!division) throw stale(id, 'a tab');
  return apply(text, [...path, division.kind], cleanName(name, division.kind));
}

/**
 * Add a tab at the end of the top level's tabs (or a division's). A level without tabs that lists
 * groups (or pages) gets them wrapped into a first tab named `firstTab`, so every page stays listed:
 * their text moves as it is, indented two levels deeper. A level divided otherwise (anchors,
 * versions, ...) is refused: tabs go inside one of its divisions.
 */
function addTab(text: string, name: string, { into = 'navigation', firstTab = 'Documentation' }: { into?: string; firstTab?: string }): string {
  return addDivision(text, 'tab', name, into, firstTab, false);
}

/**
 * Add a division of `kind` at the end of a level's list of them. A level without that list that
 * lists one other thing (groups, pages, or divisions of another kind) gets it wrapped into a first
 * division named `first`, so every page stays listed (its text moves as it is, indented deeper);
 * with `wrapDivisions` false (tabs, as before) a level divided otherwise is refused.
 */
function addDivision(text: string, kind: AddableKind, name: string, into = 'navigation', first = FIRST_NAME[kind], wrapDivisions = true): string {
  const key = DIVISION_KEYS[kind];
  const label = cleanName(name, kind);
  const division = { [kind]: label, groups: [] as string[] };
  const tree = parseOrRefuse(text);
  const { node, path } = nodeAt(tree, into || 'navigation');
  if (node.type !== 'object' || groupNameOf(node) !== null) throw new EditorError('EDITOR_NAV_SHAPE', `${kind[0]!.toUpperCase()}${kind.slice(1)}s go at the top level or inside an anchor, dropdown, version, language or product, not inside a group.`);
  const own = valueOf(node, key);
  if (own?.type === 'array') return insertElement(text, own, division);
  const others = Object.values(DIVISION_KEYS).filter((k) => k !== key && valueOf(node, k)?.type === 'array');
  if (others.length && !wrapDivisions) throw new EditorError('EDITOR_NAV_SHAPE', `${named(node)} is divided into ${others[0]}; add the ${kind} inside one of them.`);
  const listed = (['groups', 'pages', ...others] as const).filter((k) => valueOf(node, k)?.type === 'array');
  if (listed.length > 1) throw new EditorError('EDITOR_NAV_SHAPE', `${named(node)} lists both ${listed[0]} and ${listed[1]}; keep one of them in docs.json before adding a ${kind}.`);
  if (listed.length === 0) return apply(text, [...path, key], [division]);
  return wrapInto(text, valueOf(node, listed[0]!)!.parent!, listed[0]!, kind, cleanName(first, kind), label);
}

/** Replace `"groups": [...]` (or another list) by divisions: the first holds the old list, text unchanged but its indentation. */
function wrapInto(text: string, prop: Node, key: string, kind: DivisionKind, first: string, name: string): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lineStart = text.lastIndexOf('\n', prop.offset - 1) + 1;
  const lead = text.slice(lineStart, prop.offset);
  const ind = /^[ \t]*$/.test(lead) ? lead : '';
  const unit = indentUnit(text);
  const list = prop.children![1]!;
  // JSON strings hold no line breaks: indenting every line after the first changes no value.
  const inner = text
    .slice(list.offset, list.offset + list.length)
    .split('\n')
    .map((line, i) => (i === 0 || line.trim() === '' ? line : unit + unit + line))
    .join('\n');
  const i1 = ind + unit;
  const i2 = i1 + unit;
  const wrapped = [`"${DIVISION_KEYS[kind]}": [`, `${i1}{`, `${i2}"${kind}": ${JSON.stringify(first)},`, `${i2}"${key}": ${inner}`, `${i1}},`, `${i1}{`, `${i2}"${kind}": ${JSON.stringify(name)},`, `${i2}"groups": []`, `${i1}}`, `${ind}]`].join(eol);
  return text.slice(0, prop.offset) + wrapped + text.slice(prop.offset + prop.length);
}

/** Add a page entry at the end of a group's pages (a page created from the group's menu). */
export function addPageToGroup(text: string, entry: string, group: string): string {
  const tree = parseOrRefuse(text);
  const target = nodeAt(tree, group);
  const pages = pagesOf(target.node);
  return pages ? insertElement(text, pages, entry) : apply(text, [...target.path, 'pages'], [entry]);
}

/** A navigation edit from a request's fields, or EDITOR_BAD_REQUEST naming what is missing. */
export function navEditOf(fields: Record<string, unknown>): NavEdit {
  const str = (name: string): string => {
    const value = fields[name];
    if (typeof value !== 'string') throw new EditorError('EDITOR_BAD_REQUEST', `The field "${name}" must be a string.`);
    return value;
  };
  const optional = (name: string): string | undefined => (fields[name] === undefined || fields[name] === '' ? undefined : str(name));
  switch (fields.op) {
    case 'move': {
      if (fields.by !== 1 && fields.by !== -1) throw new EditorError('EDITOR_BAD_REQUEST', 'The field "by" must be 1 (down) or -1 (up).');
      return { op: 'move', id: str('id'), expect: str('expect'), by: fields.by };
    }
    case 'move-to-group':
      return { op: 'move-to-group', id: str('id'), expect: str('expect'), group: str('group') };
    case 'add-group':
      return { op: 'add-group', name: str('name'), after: optional('after'), into: optional('into') };
    case 'rename-group':
      return { op: 'rename-group', id: str('id'), expect: str('expect'), name: str('name') };
    case 'remove-group':
      return { op: 'remove-group', id: str('id'), expect: str('expect') };
    case 'add-tab':
      return { op: 'add-tab', name: str('name'), into: optional('into'), firstTab: optional('firstTab') };
    case 'rename-division':
      return { op: 'rename-division', id: str('id'), expect: str('expect'), name: str('name') };
    case 'place': {
      const position = fields.position;
      if (position !== 'before' && position !== 'after' && position !== 'inside') throw new EditorError('EDITOR_BAD_REQUEST', 'The field "position" must be before, after or inside.');
      return { op: 'place', id: str('id'), expect: str('expect'), target: str('target'), position };
    }
    case 'add-division': {
      const kind = str('kind');
      if (!(ADDABLE_KINDS as readonly string[]).includes(kind)) throw new EditorError('EDITOR_BAD_REQUEST', `The field "kind" must be one of ${ADDABLE_KINDS.join(', ')}.`);
      return { op: 'add-division', kind: kind as AddableKind, name: str('name'), into: optional('into'), first: optional('first') };
    }
    case 'restore':
      return { op: 'restore', text: str('text'), expect: str('expect') };
    default:
      throw new EditorError('EDITOR_BAD_REQUEST', `Unknown navigation edit "${String(fields.op)}": use move, move-to-group, place, add-group, rename-group, remove-group, add-tab, add-division, rename-division or restore.`);
  }
}
