/**
 * The visual mode's view of a page: its source cut into top-level blocks with their offsets. The
 * blocks cover the source exactly (joined again they are the source, byte for byte), and each block
 * is `prefix + body + suffix` where only the body is shown for editing (a heading's text, a
 * callout's content, a code block's code). An edit replaces that body's bytes and nothing else, so
 * a page opened and saved in the visual mode is byte-identical, and an edit changes only its block.
 */

export type BlockKind = 'frontmatter' | 'blank' | 'heading' | 'paragraph' | 'code' | 'component' | 'esm' | 'html';

export interface Block {
  kind: BlockKind;
  from: number;
  to: number;
  /** Bytes before the editable body (`## `, `<Note>\n`, a code fence line). */
  prefix: string;
  body: string;
  /** Bytes after it (`\n`, `\n</Note>\n`, the closing fence). */
  suffix: string;
  /** Heading level, component name or code language. */
  detail?: string;
}

interface Line {
  text: string;
  from: number;
  /** Offset after the line's end of line (the next line's start). */
  to: number;
}

function linesOf(source: string): Line[] {
  const lines: Line[] = [];
  let at = 0;
  while (at < source.length) {
    const nl = source.indexOf('\n', at);
    const end = nl === -1 ? source.length : nl + 1;
    lines.push({ text: source.slice(at, nl === -1 ? source.length : nl).replace(/\r$/, ''), from: at, to: end });
    at = end;
  }
  return lines;
}

const isBlank = (l: Line) => l.text.trim() === '';
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const OPEN_TAG = /^\s*<([A-Za-z][\w.]*)(?=[\s>/]|$)/;

/** Per line: whether it is inside a fenced code block (its fences included). */
function fencedLines(lines: Line[]): boolean[] {
  const inside: boolean[] = [];
  let open: { char: string; length: number } | null = null;
  for (const line of lines) {
    // Fences indented inside components (`<Step>` content) count too.
    const fence = /^\s*(`{3,}|~{3,})(.*)$/.exec(line.text);
    if (open === null && fence) {
      open = { char: fence[1]![0]!, length: fence[1]!.length };
      inside.push(true);
    } else if (open !== null) {
      inside.push(true);
      if (fence && fence[1]![0] === open.char && fence[1]!.length >= open.length && fence[2]!.trim() === '') open = null;
    } else inside.push(false);
  }
  return inside;
}

/** Index of the line holding `offset`. */
function lineAt(lines: Line[], offset: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid]!.from <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** End of an opening tag from `at` (its `>`, skipping quoted attribute values and `{...}`), or -1. */
export function tagEnd(source: string, at: number): number {
  let quote: string | null = null;
  let braces = 0;
  for (let k = at; k < source.length; k++) {
    const c = source[k]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') braces++;
    else if (c === '}') braces--;
    else if (c === '>' && braces <= 0) return k;
  }
  return -1;
}

/**
 * The line index after the element `<name ...>` opened at line `start` closes (its matching
 * `</name>`, or its own `/>`), skipping fenced code; -1 when it never closes.
 */
function elementEnd(source: string, lines: Line[], fenced: boolean[], start: number, name: string): number {
  const pattern = new RegExp(`<(/?)${name.replace(/\./g, '\\.')}(?=[\\s>/])`, 'g');
  pattern.lastIndex = lines[start]!.from;
  let depth = 0;
  for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
    const line = lineAt(lines, m.index);
    if (line > start && fenced[line]) continue;
    const gt = tagEnd(source, m.index);
    if (gt < 0) return -1;
    if (m[1]) depth--;
    else if (source[gt - 1] !== '/') depth++;
    if (depth <= 0) return lineAt(lines, gt) + 1;
    pattern.lastIndex = gt + 1;
  }
  return -1;
}

/**
 * Cut `source` into blocks covering it exactly. `nested`: the source is a component's content (no
 * frontmatter; its fences and headings may be indented as deep as the component's content is).
 */
export function splitBlocks(source: string, options: { nested?: boolean } = {}): Block[] {
  const nested = options.nested === true;
  const fenceLine = nested ? /^(\s*)(`{3,}|~{3,})(.*)$/ : FENCE;
  const headingLine = nested ? /^(\s*#{1,6}[ \t]+)(.*)$/ : /^( {0,3}#{1,6}[ \t]+)(.*)$/;
  const lines = linesOf(source);
  const fenced = fencedLines(lines);
  const blocks: Block[] = [];
  const push = (kind: BlockKind, first: number, last: number, detail?: string, split?: (text: string) => [string, string, string]) => {
    const from = lines[first]!.from;
    const to = lines[last]!.to;
    const text = source.slice(from, to);
    const [prefix, body, suffix] = split ? split(text) : ['', text, ''];
    blocks.push({ kind, from, to, prefix, body, suffix, ...(detail !== undefined ? { detail } : {}) });
  };
  let i = 0;
  // Frontmatter: the page settings edit it, the visual mode leaves it alone.
  if (!nested && lines[0]?.text === '---') {
    const end = lines.findIndex((l, k) => k > 0 && (l.text === '---' || l.text === '...'));
    if (end > 0) {
      push('frontmatter', 0, end);
      i = end + 1;
    }
  }
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      let j = i;
      while (j + 1 < lines.length && isBlank(lines[j + 1]!)) j++;
      push('blank', i, j);
      i = j + 1;
      continue;
    }
    const fence = fenceLine.exec(line.text);
    if (fence) {
      const mark = fence[2]!;
      let j = i + 1;
      const close = new RegExp(`^${nested ? '\\s*' : ' {0,3}'}${mark[0] === '`' ? '`' : '~'}{${mark.length},}\\s*$`);
      while (j < lines.length && !close.test(lines[j]!.text)) j++;
      const last = Math.min(j, lines.length - 1);
      const closed = j < lines.length;
      push('code', i, last, fence[3]!.trim().split(/\s+/)[0] ?? '', (text) => {
        const head = text.slice(0, line.to - line.from);
        const tail = closed ? text.slice(lines[last]!.from - line.from) : '';
        return [head, text.slice(head.length, text.length - tail.length), tail];
      });
      i = last + 1;
      continue;
    }
    const heading = headingLine.exec(line.text);
    if (heading) {
      push('heading', i, i, String(heading[1]!.trim().length), (text) => [heading[1]!, heading[2]!, text.slice(heading[1]!.length + heading[2]!.length)]);
      i++;
      continue;
    }
    if (/^(import|export)\s/.test(line.text)) {
      let j = i;
      while (j + 1 < lines.length && !isBlank(lines[j + 1]!)) j++;
      push('esm', i, j);
      i = j + 1;
      continue;
    }
    const tag = OPEN_TAG.exec(line.text);
    if (tag) {
      const name = tag[1]!;
      const end = elementEnd(source, lines, fenced, i, name);
      if (end > 0) {
        const last = end - 1;
        const component = /^[A-Z]/.test(name);
        push(component ? 'component' : 'html', i, last, name, (text) => {
          // A body between an opening line and a closing line of their own: editable; otherwise the whole element is.
          const firstLine = lines[i]!;
          const lastLine = lines[last]!;
          const openOnly = new RegExp(`^\\s*<${name.replace('.', '\\.')}\\b[^<]*>\\s*$`).test(firstLine.text) && !/\/>\s*$/.test(firstLine.text);
          const closeOnly = new RegExp(`^\\s*</${name.replace('.', '\\.')}\\s*>\\s*$`).test(lastLine.text);
          if (last > i && openOnly && closeOnly) {
            const head = text.slice(0, firstLine.to - firstLine.from);
            const tail = text.slice(lastLine.from - firstLine.from);
            return [head, text.slice(head.length, text.length - tail.length), tail];
          }
          // One line, `<Note>text</Note>`: the text between the tags.
          const inline = last === i ? new RegExp(`^(\\s*<${name.replace('.', '\\.')}\\b[^<>]*>)([^<]*)(</${name.replace('.', '\\.')}\\s*>[\\s\\S]*)$`).exec(text) : null;
          if (inline) return [inline[1]!, inline[2]!, inline[3]!];
          return ['', text, ''];
        });
        i = end;
        continue;
      }
    }
    // A paragraph (or list, table, quote): up to the next blank line or the start of a fence.
    let j = i;
    while (j + 1 < lines.length && !isBlank(lines[j + 1]!) && !fenceLine.test(lines[j + 1]!.text)) j++;
    push('paragraph', i, j, undefined, (text) => {
      const body = text.replace(/\r?\n$/, '');
      return ['', body, text.slice(body.length)];
    });
    i = j + 1;
  }
  return blocks;
}

/** `source` with the body of `block` replaced: every other byte stays. */
export function replaceBody(source: string, block: Block, body: string): string {
  const start = block.from + block.prefix.length;
  return source.slice(0, start) + body + source.slice(start + block.body.length);
}
