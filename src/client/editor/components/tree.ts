/**
 * The visual mode's model of a page: its blocks (`blocks.ts`), with each component or HTML element
 * read as a tree (opening tag with its attributes, content cut into blocks again, closing tag) and
 * each prose block with its rich text (`rich-text.ts`) when it reads back byte for byte. Every piece
 * keeps its own bytes (the whitespace before a tag, the tag as written, what follows the closing
 * tag), so serialising an untouched model gives the page back byte for byte, and an edit (an
 * attribute, a tag's name, one prose block's body) changes only its own bytes. No DOM: the same code
 * runs in Node for the corpus check.
 */
import { splitBlocks, tagEnd, type Block } from '../blocks.js';
import { bodyFromRich, richBodyOf, type RichBody } from '../rich-text.js';

export interface Attr {
  name: string;
  /** A quoted string's characters as written; null for an expression (`{...}`), a bare name or a spread. */
  value: string | null;
  /** The attribute's bytes in its opening tag. */
  raw: string;
  from: number;
  to: number;
}

export interface ElementNode {
  type: 'element';
  name: string;
  /** Whitespace before `<`. */
  lead: string;
  /** `<Name ...>` or `<Name ... />` as written. */
  open: string;
  /** Offsets in `open`. */
  attrs: Attr[];
  selfClosing: boolean;
  /** The content between the tags, cut into blocks. */
  children: Part[];
  /** `</Name>` as written ('' when self-closing). */
  close: string;
  /** After the closing tag to the block's end (its end of line). */
  tail: string;
}

export interface LeafNode {
  type: 'leaf';
  block: Block;
  /** The block's body as rich text, when it reads back byte for byte. */
  rich: RichBody | null;
  /** The body now (edits replace it). */
  body: string;
}

export type Part = ElementNode | LeafNode;

/** A top-level block of the page: its element tree for a component or HTML block (null when it does not read as one), its leaf otherwise. */
export interface ModelBlock {
  block: Block;
  element: ElementNode | null;
  leaf: LeafNode | null;
}

/** Components the visual mode draws as the site does; any other is a labelled card. */
export const KNOWN_COMPONENTS = new Set([
  'Note', 'Warning', 'Info', 'Tip', 'Check', 'Danger', 'Callout',
  'Card', 'CardGroup', 'Columns', 'Column', 'Tabs', 'Tab', 'Steps', 'Step',
  'Accordion', 'AccordionGroup', 'CodeGroup', 'Frame', 'Expandable', 'ParamField', 'ResponseField',
  'RequestExample', 'ResponseExample', 'Tooltip', 'Badge', 'Icon', 'Update', 'Tile',
]);
export const CALLOUT_KINDS = ['Note', 'Info', 'Tip', 'Warning', 'Check', 'Danger', 'Callout'];

/** End (exclusive) of a `{...}` expression opened at `at`, skipping strings; -1 when it never closes. */
function braceEnd(text: string, at: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let k = at; k < text.length; k++) {
    const c = text[k]!;
    if (quote) {
      if (c === '\\') k++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return k + 1;
  }
  return -1;
}

/** The attributes of an opening tag `open` (`<Name ...>`), or null when they do not read as JSX attributes. */
export function parseAttrs(open: string, name: string): Attr[] | null {
  const attrs: Attr[] = [];
  let k = 1 + name.length;
  const end = open.endsWith('/>') ? open.length - 2 : open.length - 1;
  for (;;) {
    while (k < end && /\s/.test(open[k]!)) k++;
    if (k >= end) return attrs;
    const from = k;
    if (open[k] === '{') {
      const close = braceEnd(open, k);
      if (close < 0 || close > end) return null;
      attrs.push({ name: '', value: null, raw: open.slice(from, close), from, to: close });
      k = close;
      continue;
    }
    const id = /^[A-Za-z_:][\w:.-]*/.exec(open.slice(k, end));
    if (!id) return null;
    k += id[0].length;
    let j = k;
    while (j < end && /\s/.test(open[j]!)) j++;
    if (open[j] !== '=') {
      attrs.push({ name: id[0], value: null, raw: id[0], from, to: k });
      continue;
    }
    j++;
    while (j < end && /\s/.test(open[j]!)) j++;
    const q = open[j];
    let value: string | null = null;
    let to: number;
    if (q === '"' || q === "'") {
      const close = open.indexOf(q, j + 1);
      if (close < 0 || close >= end) return null;
      value = open.slice(j + 1, close);
      to = close + 1;
    } else if (q === '{') {
      to = braceEnd(open, j);
      if (to < 0 || to > end) return null;
    } else return null;
    attrs.push({ name: id[0], value, raw: open.slice(from, to), from, to });
    k = to;
  }
}

/** Offsets of the lines of `text` inside fenced code (a tag there is code, not an element). */
function fencedRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let open: { char: string; length: number; from: number } | null = null;
  let at = 0;
  for (const line of text.split('\n')) {
    const fence = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    const end = at + line.length + 1;
    if (!open && fence) open = { char: fence[1]![0]!, length: fence[1]!.length, from: at };
    else if (open && fence && fence[1]![0] === open.char && fence[1]!.length >= open.length && fence[2]!.trim() === '') {
      ranges.push([open.from, end]);
      open = null;
    }
    at = end;
  }
  if (open) ranges.push([open.from, text.length]);
  return ranges;
}

/** The element that makes up the block text `text` (whitespace, one element, the rest of its last line), or null. */
export function parseElement(text: string): ElementNode | null {
  const head = /^(\s*)<([A-Za-z][\w.]*)(?=[\s>/]|$)/.exec(text);
  if (!head) return null;
  const lead = head[1]!;
  const name = head[2]!;
  const start = lead.length;
  const gt = tagEnd(text, start);
  if (gt < 0) return null;
  const open = text.slice(start, gt + 1);
  const attrs = parseAttrs(open, name);
  if (!attrs) return null;
  const selfClosing = open.endsWith('/>');
  // A void HTML element (`<img ...>`, `<br>`) closes itself.
  const isVoid = /^(img|br|hr|input|source|meta|link|area|col|embed|wbr|track|param)$/i.test(name);
  if (selfClosing || isVoid) {
    const rest = text.slice(gt + 1);
    return { type: 'element', name, lead, open, attrs, selfClosing: true, children: [], close: '', tail: rest };
  }
  const fenced = fencedRanges(text);
  const inFence = (at: number) => fenced.some(([a, b]) => at >= a && at < b);
  const pattern = new RegExp(`<(/?)${name.replace(/\./g, '\\.')}(?=[\\s>/])`, 'g');
  pattern.lastIndex = gt + 1;
  let depth = 1;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (inFence(m.index)) continue;
    const end = tagEnd(text, m.index);
    if (end < 0) return null;
    if (m[1]) depth--;
    else if (text[end - 1] !== '/') depth++;
    if (depth === 0) {
      const inner = text.slice(gt + 1, m.index);
      const children = parseContent(inner);
      if (!children) return null;
      return { type: 'element', name, lead, open, attrs, selfClosing: false, children, close: text.slice(m.index, end + 1), tail: text.slice(end + 1) };
    }
    pattern.lastIndex = end + 1;
  }
  return null;
}

/** A leaf of `block`, with its rich text when it qualifies. */
export function leafOf(block: Block): LeafNode {
  const context = block.kind === 'heading' ? 'line' : block.kind === 'paragraph' ? 'flow' : null;
  return { type: 'leaf', block, rich: context ? richBodyOf(block.body, context) : null, body: block.body };
}

/** A component's content as parts; null when a child element inside does not read as one. */
function parseContent(inner: string): Part[] | null {
  const parts: Part[] = [];
  for (const block of splitBlocks(inner, { nested: true })) {
    if (block.kind === 'component' || block.kind === 'html') {
      const element = parseElement(inner.slice(block.from, block.to));
      // An element that does not read (an inline tag opening a paragraph line, say) stays a leaf of its bytes.
      parts.push(element ?? { type: 'leaf', block: { ...block, prefix: '', body: inner.slice(block.from, block.to), suffix: '' }, rich: null, body: inner.slice(block.from, block.to) });
    } else parts.push(leafOf(block));
  }
  return parts;
}

/** The page read as the visual mode's model. */
export function pageModel(source: string): ModelBlock[] {
  return splitBlocks(source).map((block) => {
    if (block.kind === 'component' || block.kind === 'html') return { block, element: parseElement(source.slice(block.from, block.to)), leaf: null };
    return { block, element: null, leaf: leafOf(block) };
  });
}

/** The bytes of a part. `fromRich`: a rich leaf's body serialised again from its document (the round trip the corpus check takes). */
export function serializePart(part: Part, fromRich = false): string {
  if (part.type === 'leaf') return part.block.prefix + (fromRich && part.rich ? bodyFromRich(part.rich, part.rich.doc) : part.body) + part.block.suffix;
  return part.lead + part.open + part.children.map((c) => serializePart(c, fromRich)).join('') + part.close + part.tail;
}

export function serializeBlock(block: ModelBlock, fromRich = false): string {
  if (block.element) return serializePart(block.element, fromRich);
  if (block.leaf) return serializePart(block.leaf, fromRich);
  return block.block.prefix + block.block.body + block.block.suffix;
}

export function serializePage(model: ModelBlock[], fromRich = false): string {
  return model.map((b) => serializeBlock(b, fromRich)).join('');
}

/** An attribute's string value, or undefined (absent, or an expression). */
export function attrValue(el: ElementNode, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value ?? undefined;
}

/** An attribute written as JSX: quoted with whichever quote the value lacks, else as a string expression. */
function attrText(name: string, value: string): string {
  if (!value.includes('"')) return `${name}="${value}"`;
  if (!value.includes("'")) return `${name}='${value}'`;
  return `${name}={${JSON.stringify(value)}}`;
}

/**
 * `el` with attribute `name` set to `value` (null: removed): only that attribute's bytes change; a new
 * one goes after the last attribute (on its own line when the tag has one attribute per line).
 */
export function setAttr(el: ElementNode, name: string, value: string | null): void {
  const current = el.attrs.find((a) => a.name === name);
  let open: string;
  if (current) {
    if (value === null) {
      let from = current.from;
      while (from > 0 && /\s/.test(el.open[from - 1]!)) from--;
      open = el.open.slice(0, from) + el.open.slice(current.to);
    } else open = el.open.slice(0, current.from) + attrText(name, value) + el.open.slice(current.to);
  } else {
    if (value === null) return;
    const last = el.attrs.at(-1);
    const at = last ? last.to : 1 + el.name.length;
    const lineBreak = last ? /\n([ \t]*)$/.exec(el.open.slice(0, last.from)) : null;
    const sep = lineBreak ? `\n${lineBreak[1]}` : ' ';
    open = el.open.slice(0, at) + sep + attrText(name, value) + el.open.slice(at);
  }
  const attrs = parseAttrs(open, el.name);
  if (!attrs) return;
  el.open = open;
  el.attrs = attrs;
}

/** `el` renamed (a callout's kind): its opening and closing tags, nothing else. */
export function renameElement(el: ElementNode, name: string): void {
  el.open = `<${name}${el.open.slice(1 + el.name.length)}`;
  if (el.close) el.close = `</${name}${el.close.slice(2 + el.name.length)}`;
  el.name = name;
  el.attrs = parseAttrs(el.open, name) ?? el.attrs;
}

/** The child elements of `el` (blank lines and prose between them left out). */
export function childElements(el: ElementNode): ElementNode[] {
  return el.children.filter((c): c is ElementNode => c.type === 'element');
}
