/**
 * Array edits of a JSON text that keep its layout: jsonc-parser's `modify` formats the whole array it
 * inserts into or removes from (a one-line `"pages": ["a", "b"]` comes back one entry per line), so
 * the editor's navigation edits add and remove array elements themselves, spaced like their neighbours.
 */
import type { Node } from 'jsonc-parser';

/** Leading whitespace of the line holding `offset`. */
export function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

/** One level of indentation as the file writes it (its first indented line), two spaces by default. */
export function indentUnit(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}

const eolOf = (text: string) => (text.includes('\r\n') ? '\r\n' : '\n');

/** A value as JSON, laid out over lines indented from `indent` (or on one line). */
function serialize(value: unknown, { indent, unit, eol, multiline }: { indent: string; unit: string; eol: string; multiline: boolean }): string {
  if (!multiline || typeof value !== 'object' || value === null) return JSON.stringify(value);
  return JSON.stringify(value, null, unit)
    .split('\n')
    .map((line, i) => (i === 0 ? line : indent + line))
    .join(eol);
}

/**
 * How an element already written elsewhere is laid out again at its new place: `indent` is the
 * leading whitespace of its new line, `multiline` whether the list puts one element per line.
 */
export type Render = (indent: string, multiline: boolean) => string;

/**
 * Insert `value` into the array `list` at `index` (its end by default), spaced like the elements
 * around it; `render`, when given, writes the element's text instead (a moved entry keeps its own layout).
 */
export function insertElement(text: string, list: Node, value: unknown, index = list.children?.length ?? 0, render?: Render): string {
  const items = list.children ?? [];
  const unit = indentUnit(text);
  const eol = eolOf(text);
  const end = (n: Node) => n.offset + n.length;
  const multiline = text.slice(list.offset, end(list)).includes('\n');
  if (items.length === 0) {
    // `[]`: a string goes in on the same line, an object on lines of its own.
    if (typeof value !== 'object' || value === null) return text.slice(0, list.offset) + `[${render ? render('', false) : JSON.stringify(value)}]` + text.slice(end(list));
    const outer = lineIndent(text, list.offset);
    const inner = outer + unit;
    const body = render ? render(inner, true) : serialize(value, { indent: inner, unit, eol, multiline: true });
    return text.slice(0, list.offset) + `[${eol}${inner}${body}${eol}${outer}]` + text.slice(end(list));
  }
  // The separator the array already uses (between its first two elements), unless a comment sits there.
  let sep = items.length >= 2 ? text.slice(end(items[0]!), items[1]!.offset) : '';
  if (!/^\s*,\s*$/.test(sep)) sep = multiline ? `,${eol}${lineIndent(text, items[0]!.offset)}` : ', ';
  const indent = sep.includes('\n') ? sep.slice(sep.lastIndexOf('\n') + 1) : lineIndent(text, items[0]!.offset);
  const body = render ? render(indent, sep.includes('\n')) : serialize(value, { indent, unit, eol, multiline: sep.includes('\n') });
  if (index >= items.length) {
    const last = items.at(-1)!;
    return text.slice(0, end(last)) + sep + body + text.slice(end(last));
  }
  const at = items[index]!;
  return text.slice(0, at.offset) + body + sep + text.slice(at.offset);
}

/** Remove an array element with one separator beside it; the other elements keep their text. */
export function removeElement(text: string, node: Node): string {
  const list = node.parent!;
  const items = list.children ?? [];
  const i = items.indexOf(node);
  if (items.length === 1) return text.slice(0, list.offset + 1) + text.slice(list.offset + list.length - 1);
  if (i < items.length - 1) return text.slice(0, node.offset) + text.slice(items[i + 1]!.offset);
  const prev = items[i - 1]!;
  return text.slice(0, prev.offset + prev.length) + text.slice(node.offset + node.length);
}
