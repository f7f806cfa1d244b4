/**
 * The preview's fast path (issue 44): a page body cut into its top-level blocks, so that a keystroke
 * compiles only the block it changed and the editor's frame swaps that block's nodes in place.
 *
 * The cut is conservative: a block ends at a blank line only outside fenced code and outside an
 * element (`<Note>` ... `</Note>`, blank lines inside included), and a blank line followed by an
 * indented line or by another list item of a list keeps the block going (a loose list, a list item's
 * second paragraph). Cutting too little only makes a block bigger; cutting too much is caught where
 * the blocks are compiled together (`joinForCompile` / `splitCompiled`: the pieces must come back one
 * per block, else the page takes the whole-page path). ESM lines (`import`, `export`) are not blocks:
 * they are the context every block is compiled with, with the frontmatter and the site.
 */
import { createHash } from 'node:crypto';

export interface PreviewBlocks {
  /** The body's `import`/`export` blocks, joined: compiled ahead of every block (they draw nothing). */
  esm: string;
  /** The other top-level blocks' source, in order, without the blank lines between them. */
  blocks: string[];
}

const FENCE = /^\s*(`{3,}|~{3,})(.*)$/;
/** An element's opening tag at the start of a line: `<Note`, `<Card title=...`, `<div>`; not an autolink (`<https://...>`). */
const OPEN_TAG = /^\s*<([A-Za-z][\w.]*)(?=[\s>/]|$)/;
const LIST_ITEM = /^\s{0,3}([-*+]|\d{1,9}[.)])(\s|$)/;
/** HTML elements that never close: `<img ...>` opens nothing. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const isBlank = (line: string) => line.trim() === '';

/** End of the tag opened at `at` in `text` (its `>`, past quoted values and `{...}`), or -1. */
function tagEnd(text: string, at: number): number {
  let quote: string | null = null;
  let braces = 0;
  for (let k = at; k < text.length; k++) {
    const c = text[k]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') braces++;
    else if (c === '}') braces--;
    else if (c === '>' && braces <= 0) return k;
  }
  return -1;
}

/** Line starts of `text`, with the text's length last. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  if (starts[starts.length - 1] !== text.length) starts.push(text.length);
  return starts;
}

/** The index of the line holding `offset`. */
function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Cut a page body (the text after its frontmatter) into its ESM and its top-level blocks. */
export function splitPreviewBlocks(body: string): PreviewBlocks {
  const starts = lineStarts(body);
  const count = starts.length - 1;
  const line = (i: number) => body.slice(starts[i]!, starts[i + 1]!).replace(/\r?\n$/, '');
  const blocks: string[] = [];
  const esm: string[] = [];
  let i = 0;
  while (i < count) {
    if (isBlank(line(i))) {
      i++;
      continue;
    }
    const first = i;
    const list = LIST_ITEM.test(line(first));
    while (i < count) {
      const text = line(i);
      const fence = FENCE.exec(text);
      if (fence) {
        // Up to the closing fence (or the end: an unclosed fence takes the rest).
        const mark = fence[1]!;
        let j = i + 1;
        while (j < count && !new RegExp(`^\\s*${mark[0] === '`' ? '`' : '~'}{${mark.length},}\\s*$`).test(line(j))) j++;
        i = Math.min(j, count - 1) + 1;
        continue;
      }
      const tag = OPEN_TAG.exec(text);
      if (tag && !VOID.has(tag[1]!.toLowerCase())) {
        const end = elementEnd(body, starts, i, tag[1]!);
        // An element that never closes takes the rest of the page (the compile says what is wrong).
        i = end < 0 ? count : end;
        continue;
      }
      if (!isBlank(text)) {
        i++;
        continue;
      }
      // A blank line: the block goes on only into an indented line or, for a list, another item.
      let next = i;
      while (next < count && isBlank(line(next))) next++;
      if (next < count && (/^\s/.test(line(next)) || (list && LIST_ITEM.test(line(next))))) {
        i = next;
        continue;
      }
      break;
    }
    const text = body.slice(starts[first]!, starts[i]!).replace(/(\r?\n[ \t]*)+$/, '');
    if (/^(import|export)\s/.test(text)) esm.push(text);
    else blocks.push(text);
  }
  return { esm: esm.join('\n\n'), blocks };
}

/** The line after the element `<name ...>` opened on line `start` closes (its `</name>` or its own `/>`); -1 if it never does. */
function elementEnd(body: string, starts: number[], start: number, name: string): number {
  const pattern = new RegExp(`<(/?)${name.replace(/\./g, '\\.')}(?=[\\s>/])`, 'g');
  pattern.lastIndex = starts[start]!;
  let depth = 0;
  for (let m = pattern.exec(body); m; m = pattern.exec(body)) {
    const gt = tagEnd(body, m.index);
    if (gt < 0) return -1;
    if (m[1]) depth--;
    else if (body[gt - 1] !== '/') depth++;
    if (depth <= 0) return lineOf(starts, gt) + 1;
    pattern.lastIndex = gt + 1;
  }
  return -1;
}

/** A block's key: its source and the context it is compiled in (frontmatter, ESM, site). */
export function blockKey(context: string, block: string): string {
  return createHash('sha1').update(context).update('\0').update(block).digest('hex').slice(0, 20);
}

/**
 * The blocks as one body with a paragraph of `token` between each two, so that one compile gives
 * every block's HTML (`splitCompiled`); the ESM first, as in the page.
 */
export function joinForCompile(esm: string, blocks: string[], token: string): string {
  return (esm ? esm + '\n\n' : '') + blocks.join(`\n\n${token}\n\n`) + '\n';
}

/** The HTML of `joinForCompile`'s body cut back into `count` pieces, or null when it does not come back one per block. */
export function splitCompiled(html: string, token: string, count: number): string[] | null {
  const pieces = html.split(new RegExp(`\\s*<p>${token}</p>\\s*`));
  return pieces.length === count ? pieces.map((p) => p.trim()) : null;
}

/** Compiled blocks by key, the oldest dropped past `limit`. */
export class BlockCache {
  private readonly entries = new Map<string, string>();
  constructor(private readonly limit = 4000) {}

  get(key: string): string | undefined {
    const html = this.entries.get(key);
    if (html !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, html);
    }
    return html;
  }

  set(key: string, html: string): void {
    this.entries.delete(key);
    this.entries.set(key, html);
    while (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
