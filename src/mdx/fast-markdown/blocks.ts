import type { AlignType, BlockContent, List, ListItem, Root, RootContent, Table, TableCell, TableRow } from 'mdast';
import { bail, Bail } from './bail.js';
import { parseInline } from './inline.js';

const FENCE = /^(`{3,}|~{3,})(.*)$/;
const ATX = /^(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const THEMATIC = /^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const BULLET = /^([*+-])( {1,4})(?=\S)/;
const ORDERED = /^(\d{1,9})([.)])( {1,4})(?=\S)/;
const DELIMITER_ROW = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const BLANK = /^[ \t]*$/;

/**
 * A fast parser for the plain-Markdown subset most docs pages are written in (paragraphs,
 * ATX headings, fenced code, lists, block quotes, GFM tables, emphasis, links, code spans,
 * URL autolinks). It produces the same mdast as remark-parse + remark-mdx + GFM (without
 * positions) or returns null as soon as it meets anything else, so correctness never depends on it.
 */
export function fastParseMarkdown(source: string): Root | null {
  if (source.includes('\t') || source.includes('\r') || source.includes('\0')) return null;
  try {
    const lines = source.split('\n');
    return { type: 'root', children: blocks(lines, true) as RootContent[] };
  } catch (error) {
    if (error instanceof Bail) return null;
    throw error;
  }
}

/** Parse container content (already stripped of its indentation) into block nodes. */
function blocks(lines: string[], topLevel: boolean): BlockContent[] {
  const out: BlockContent[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (BLANK.test(line)) {
      i++;
      continue;
    }
    if (line[0] === ' ') bail();
    if (/^(?:[*+-]|\d{1,9}[.)])[ \t]*$/.test(line)) bail(); // empty list item
    if (topLevel && /^(import|export)\b/.test(line)) bail();
    const fence = FENCE.exec(line);
    if (fence) {
      i = codeBlock(lines, i, fence, out);
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      let content = atx[2] ?? '';
      content = content.replace(/(^|[ \t]+)#+$/, '').trim();
      out.push({ type: 'heading', depth: atx[1]!.length as 1, children: content ? parseInline(content) : [] });
      i++;
      continue;
    }
    if (THEMATIC.test(line)) {
      out.push({ type: 'thematicBreak' });
      i++;
      continue;
    }
    if (line[0] === '>') {
      i = blockquote(lines, i, out);
      continue;
    }
    if (BULLET.test(line) || ORDERED.test(line)) {
      i = list(lines, i, out);
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && DELIMITER_ROW.test(lines[i + 1]!) && lines[i + 1]!.includes('-')) {
      i = table(lines, i, out);
      continue;
    }
    i = paragraph(lines, i, out);
  }
  return out;
}

/** True when `line` starts a block that interrupts a paragraph. */
function interrupts(line: string): boolean {
  return (
    FENCE.test(line) ||
    ATX.test(line) ||
    THEMATIC.test(line) ||
    line[0] === '>' ||
    BULLET.test(line) ||
    /^1[.)] +\S/.test(line)
  );
}

function paragraph(lines: string[], start: number, out: BlockContent[]): number {
  const parts: string[] = [lines[start]!];
  let i = start + 1;
  while (i < lines.length) {
    const line = lines[i]!;
    if (BLANK.test(line)) break;
    // Setext underlines, tables starting mid-paragraph and ordered items not at 1 are not modelled.
    if (/^ {0,3}(=+|-+)[ \t]*$/.test(line) || DELIMITER_ROW.test(line) || ORDERED.test(line.trimStart())) bail();
    if (interrupts(line)) break;
    if (line[0] === ' ' && interrupts(line.trimStart())) bail(); // indented block starts: not modelled
    if (/^ *(import|export)\b/.test(line) && line[0] !== ' ') bail();
    parts.push(line.replace(/^ +/, ''));
    i++;
  }
  const text = parts.join('\n').replace(/ +$/, '');
  out.push({ type: 'paragraph', children: parseInline(text) });
  return i;
}

function codeBlock(lines: string[], start: number, fence: RegExpExecArray, out: BlockContent[]): number {
  const marker = fence[1]!;
  const info = fence[2]!.trim();
  if (marker[0] === '`' && info.includes('`')) bail();
  if (/[\\&]/.test(info)) bail();
  // MDX turns indented code off, and with it the 3-space limit: a fence indented any amount closes.
  const close = new RegExp(`^[ \\t]*${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
  let i = start + 1;
  while (i < lines.length && !close.test(lines[i]!)) {
    if (/^ {1,3}[`~]{3}/.test(lines[i]!)) bail();
    i++;
  }
  if (i >= lines.length) bail();
  // micromark keeps trailing whitespace in the meta (`icon="x" ` stays as written).
  const raw = fence[2]!.trimStart();
  const space = raw.search(/[ \t]/);
  const lang = space < 0 ? raw : raw.slice(0, space);
  const meta = space < 0 ? '' : raw.slice(space).trimStart();
  out.push({ type: 'code', lang: lang || null, meta: meta || null, value: lines.slice(start + 1, i).join('\n') });
  return i + 1;
}

function blockquote(lines: string[], start: number, out: BlockContent[]): number {
  const inner: string[] = [];
  let i = start;
  while (i < lines.length && lines[i]![0] === '>') {
    inner.push(lines[i]!.replace(/^> ?/, ''));
    i++;
  }
  if (i < lines.length && !BLANK.test(lines[i]!)) bail(); // lazy continuation
  if (inner.some((l) => l.startsWith(' '))) bail();
  out.push({ type: 'blockquote', children: blocks(inner, false) });
  return i;
}

interface Marker {
  ordered: boolean;
  char: string;
  number: number;
  width: number;
}

function marker(line: string): Marker | null {
  const b = BULLET.exec(line);
  if (b) return { ordered: false, char: b[1]!, number: 0, width: b[1]!.length + b[2]!.length };
  const o = ORDERED.exec(line);
  if (o) return { ordered: true, char: o[2]!, number: Number(o[1]), width: o[1]!.length + 1 + o[3]!.length };
  return null;
}

function list(lines: string[], start: number, out: BlockContent[]): number {
  const first = marker(lines[start]!)!;
  if (first.ordered && String(first.number) !== /^\d+/.exec(lines[start]!)![0]) bail(); // leading zeros
  const items: ListItem[] = [];
  let spreadBetween = false;
  let i = start;
  while (i < lines.length) {
    const m = marker(lines[i]!);
    if (!m || m.ordered !== first.ordered || m.char !== first.char) break;
    if (m.width - (m.ordered ? String(m.number).length + 1 : 1) > 1 && /^ {5}/.test(lines[i]!.slice(m.width - 4))) bail();
    const content: string[] = [lines[i]!.slice(m.width)];
    let j = i + 1;
    let trailingBlank = 0;
    while (j < lines.length) {
      const line = lines[j]!;
      if (BLANK.test(line)) {
        // Spaces past the item's indent stay (they are content of a code block inside the item).
        content.push(/^ *$/.test(line) ? line.slice(m.width) : '');
        trailingBlank++;
        j++;
        continue;
      }
      const indent = /^ */.exec(line)![0].length;
      if (indent >= m.width) {
        content.push(line.slice(m.width));
        trailingBlank = 0;
        j++;
        continue;
      }
      if (indent > 0) bail();
      if (trailingBlank === 0 && !marker(line) && !interrupts(line)) bail(); // lazy continuation
      break;
    }
    content.splice(content.length - trailingBlank, trailingBlank);
    items.push(listItem(content));
    i = j;
    const next = i < lines.length ? marker(lines[i]!) : null;
    const continues = next && next.ordered === first.ordered && next.char === first.char;
    if (continues && trailingBlank > 0) spreadBetween = true;
    if (!continues) {
      // The blank lines we consumed end the list; give them back.
      i -= trailingBlank;
      break;
    }
  }
  const node: List = {
    type: 'list',
    ordered: first.ordered,
    start: first.ordered ? first.number : null,
    spread: spreadBetween,
    children: items,
  };
  out.push(node);
  return i;
}

function listItem(content: string[]): ListItem {
  let checked: boolean | null = null;
  const task = /^\[([ xX])\](?: +(?=\S)|$)/.exec(content[0]!);
  if (task) {
    if (task[0].length === content[0]!.length) bail();
    checked = task[1] !== ' ';
    content[0] = content[0]!.slice(task[0].length);
    // The checkbox only belongs to a paragraph; anything block-like after it is not modelled.
    if (/^(?:[#>*+\-_`~|=]|\d+[.)])/.test(content[0]!)) bail();
  }
  if (/^ /.test(content[0]!)) bail();
  const children = blocks(content, false);
  // An item is spread when blank lines separate its direct children.
  let spread = false;
  if (children.length > 1) spread = hasBlankBetweenBlocks(content);
  return { type: 'listItem', spread, checked, children };
}

/**
 * True when a blank line sits between two direct children of an item's content: not inside a
 * fenced block, and not inside a list the item holds (blank lines between or within its items
 * make that list spread, not this item).
 */
function hasBlankBetweenBlocks(content: string[]): boolean {
  let inFence: string | null = null;
  let sawBlank = false;
  let sawContent = false;
  let nested: Marker | null = null;
  for (const line of content) {
    const trimmed = line.trimStart();
    if (inFence) {
      if (trimmed.startsWith(inFence)) inFence = null;
      continue;
    }
    if (BLANK.test(line)) {
      if (sawContent) sawBlank = true;
      continue;
    }
    const indented = line[0] === ' ';
    const m = indented ? null : marker(line);
    const inNested = nested !== null && (indented || (m !== null && m.ordered === nested.ordered && m.char === nested.char));
    if (sawBlank && !inNested) return true;
    sawBlank = false;
    if (!indented) nested = m;
    sawContent = true;
    const fence = FENCE.exec(trimmed);
    if (fence) inFence = fence[1]!;
  }
  return false;
}

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|')) row = row.slice(0, -1);
  return row.split('|').map((c) => c.trim());
}

function table(lines: string[], start: number, out: BlockContent[]): number {
  const head = splitRow(lines[start]!);
  const delims = splitRow(lines[start + 1]!);
  if (head.length !== delims.length) bail();
  const align: AlignType[] = delims.map((d) => {
    const left = d.startsWith(':');
    const right = d.endsWith(':');
    return left && right ? 'center' : left ? 'left' : right ? 'right' : null;
  });
  const row = (cells: string[]): TableRow => ({
    type: 'tableRow',
    children: cells.map((c): TableCell => ({ type: 'tableCell', children: c ? parseInline(c) : [] })),
  });
  const rows: TableRow[] = [row(head)];
  let i = start + 2;
  while (i < lines.length && !BLANK.test(lines[i]!)) {
    const line = lines[i]!;
    if (interrupts(line)) break;
    if (!line.includes('|') || line[0] === ' ') bail();
    const cells = splitRow(line);
    if (cells.length !== head.length) bail();
    rows.push(row(cells));
    i++;
  }
  const node: Table = { type: 'table', align, children: rows };
  out.push(node);
  return i;
}
