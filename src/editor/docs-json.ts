/**
 * Navigation edits of docs.json made as text edits (jsonc-parser `modify`), so the rest of the file
 * keeps its bytes: a page added beside another, removed, renamed (with a redirect from its old
 * address). Every page entry is a string in a `pages` array anywhere under `navigation`.
 */
import jsonc, { type JSONPath, type Node, type ParseError } from 'jsonc-parser';
import { EditorError } from './codes.js';

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/** Where each page entry sits: the JSON path of the string and of its `pages` array. */
interface EntryAt {
  entry: string;
  path: JSONPath;
  list: JSONPath;
}

function parseOrRefuse(text: string): Node {
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
